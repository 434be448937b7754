import { isJsonObject } from '@devenv/openapi'
import type { Answer } from '../../http'
import type { Suite } from '../../report'
import type { RunContext } from '../context'
import { SuiteRecorder } from '../recorder'
import {
  type Account,
  codeIs,
  type Flow,
  field,
  flowAccount,
  isolated,
  NO_ACCOUNT,
  recorderOf,
  signInStep,
} from './support'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function waitFor(
  flow: SuiteRecorder,
  path: string,
  token: string,
  seconds: number,
  done: (answer: Answer) => boolean,
): Promise<Answer | undefined> {
  // After a failed step there is nothing to wait for (no id, or an environment never created).
  if (flow.stopped) return undefined
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

/** The most environments a user may have (createEnvironment's 403: "already has 5 environments"). */
const ENVIRONMENT_QUOTA = 5

/**
 * createEnvironment's business refusals: a name the user already uses answers 409
 * ENVIRONMENT_NAME_TAKEN, and past the quota 403 ENVIRONMENT_QUOTA_EXCEEDED. The environments the
 * flow created are deleted again, even after a failed step.
 */
async function environmentLimitsFlow(run: RunContext): Promise<Suite> {
  const context = isolated(run, 'environment-limits')
  const flow = recorderOf(context, 'environment limits: a taken name 409, past the quota 403')
  const account = await flowAccount(flow, context, 'quota', context.credentials)
  if (!account) {
    flow.skip('a taken name and the quota are refused', NO_ACCOUNT)
    return flow.suite
  }
  const tokens = await signInStep(flow, 'sign in: 200', account.credentials)
  if (!tokens) return flow.suite
  const token = tokens.access
  const listed = await flow.request(
    'list the environments: 200',
    'listEnvironments',
    { method: 'GET', path: '/environments', token },
    { status: 200 },
  )
  const items = field(listed, 'items')
  const existing = Array.isArray(items)
    ? items.filter((item) => isJsonObject(item) && item.status !== 'deleting').length
    : 0
  const created: string[] = []
  const create = (name: string) => ({
    method: 'POST',
    path: '/environments',
    token,
    body: { name, template: 'node-20', size: 'starter', region: 'eu-central' },
  })
  const name = (index: number) => `ct-${context.runId}-${index}`
  const remember = (answer: Answer) => {
    const id = field(answer, 'id')
    if (typeof id === 'string') created.push(id)
    return undefined
  }
  try {
    if (existing < ENVIRONMENT_QUOTA)
      await flow.request('create an environment: 201', 'createEnvironment', create(name(1)), {
        status: 201,
        also: remember,
      })
    if (created.length > 0)
      await flow.request(
        'the same name again: 409 ENVIRONMENT_NAME_TAKEN',
        'createEnvironment',
        create(name(1)),
        { status: 409, also: codeIs('ENVIRONMENT_NAME_TAKEN') },
      )
    for (let index = existing + created.length; index < ENVIRONMENT_QUOTA; index++)
      await flow.request(
        `create environment ${index + 1} of ${ENVIRONMENT_QUOTA}: 201`,
        'createEnvironment',
        create(name(index + 1)),
        { status: 201, also: remember },
      )
    await flow.request(
      `environment ${ENVIRONMENT_QUOTA + 1}: 403 ENVIRONMENT_QUOTA_EXCEEDED`,
      'createEnvironment',
      create(name(ENVIRONMENT_QUOTA + 1)),
      { status: 403, also: codeIs('ENVIRONMENT_QUOTA_EXCEEDED') },
    )
  } finally {
    for (const id of created)
      await flow.raw({ method: 'DELETE', path: `/environments/${id}`, token })
  }
  return flow.suite
}

export const ENVIRONMENT_FLOWS: Flow[] = [{ id: 'environment-limits', run: environmentLimitsFlow }]
