import { isJsonObject } from '@devenv/openapi'
import type { Answer } from '../../http'
import type { Suite } from '../../report'
import type { RunContext } from '../context'
import { SuiteRecorder } from '../recorder'
import { type Account, field } from './support'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function waitFor(
  flow: SuiteRecorder,
  path: string,
  token: string,
  seconds: number,
  done: (answer: Answer) => boolean,
): Promise<Answer | undefined> {
  const deadline = Date.now() + seconds * 1000
  while (Date.now() < deadline) {
    const answer = await flow.raw({ method: 'GET', path, token })
    if (done(answer)) return answer
    await sleep(500)
  }
  return undefined
}

/** Create, read, wait until running, delete, wait until gone: 404. */
export async function environmentLifecycle(
  context: RunContext,
  account: Account | undefined,
): Promise<Suite> {
  const flow = new SuiteRecorder(
    'environment: create, get, delete, 404',
    'flow',
    context.contract,
    context.target,
  )
  const credentials = account?.credentials ?? context.credentials
  const signIn = credentials
    ? await flow.raw({ method: 'POST', path: '/auth/auth', body: credentials })
    : undefined
  const token = field(signIn, 'access_token')
  if (typeof token !== 'string') {
    flow.skip('create, get, delete an environment', 'no account to sign in with')
    return flow.suite
  }
  const name = `ct-${context.runId}`
  const created = await flow.request(
    'create: 201 provisioning, with Location',
    'createEnvironment',
    {
      method: 'POST',
      path: '/environments',
      token,
      body: { name, template: 'node-20', size: 'starter', region: 'eu-central' },
    },
    {
      status: 201,
      also: (answer) =>
        field(answer, 'status') === 'provisioning'
          ? undefined
          : `status ${String(field(answer, 'status'))}`,
    },
    true,
  )
  const id = String(field(created, 'id'))
  const path = `/environments/${id}`
  await flow.request(
    'get: 200, the same environment',
    'getEnvironment',
    { method: 'GET', path, token },
    { status: 200, also: (answer) => (field(answer, 'id') === id ? undefined : 'another id') },
    true,
  )
  await flow.request(
    'list: 200, includes it',
    'listEnvironments',
    { method: 'GET', path: '/environments', token },
    {
      status: 200,
      also: (answer) => {
        const items = field(answer, 'items')
        return Array.isArray(items) && items.some((item) => isJsonObject(item) && item.id === id)
          ? undefined
          : 'not listed'
      },
    },
  )
  const settled = await waitFor(flow, path, token, context.waitSeconds, (answer) =>
    ['running', 'failed'].includes(String(field(answer, 'status'))),
  )
  flow.verdict(
    `provisioning settles (running or failed) within ${context.waitSeconds} s`,
    settled ? undefined : 'still provisioning',
  )
  await flow.request(
    'delete: 202 deleting',
    'deleteEnvironment',
    { method: 'DELETE', path, token },
    {
      status: 202,
      also: (answer) =>
        field(answer, 'status') === 'deleting'
          ? undefined
          : `status ${String(field(answer, 'status'))}`,
    },
    true,
  )
  const gone = await waitFor(
    flow,
    path,
    token,
    context.waitSeconds,
    (answer) => answer.status === 404,
  )
  flow.verdict(
    `deletion completes within ${context.waitSeconds} s`,
    gone ? undefined : 'still there',
  )
  await flow.request(
    'get after deletion: 404',
    'getEnvironment',
    { method: 'GET', path, token },
    { status: 404 },
  )
  await flow.request(
    'delete after deletion: 404',
    'deleteEnvironment',
    { method: 'DELETE', path, token },
    { status: 404 },
  )
  return flow.suite
}
