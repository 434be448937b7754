import { isDeepStrictEqual } from 'node:util'
import { isJsonObject } from '@devenv/openapi'
import { signIn } from '../../accounts'
import { rulesOf } from '../../contract-rules'
import type { Answer, OperationCall } from '../../http'
import type { Suite } from '../../report'
import type { RunContext } from '../context'
import { SuiteRecorder } from '../recorder'
import { type Account, allOf, field, NO_ACCOUNT, resourcesProblem } from './support'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** What is wrong with an environment's url for its status: set while running, null otherwise. */
function urlProblem(answer: Answer | undefined): string | undefined {
  const status = field(answer, 'status')
  const url = field(answer, 'url')
  if (status === 'running')
    return typeof url === 'string' ? undefined : `running with url ${JSON.stringify(url)}`
  return url === null ? undefined : `${String(status)} with url ${JSON.stringify(url)}, not null`
}

/** An RFC 3339 date-time in UTC: `Z`, or an offset of +00:00. */
const UTC_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|\+00:00)$/i

/** Every string of the answer that reads as a date and time, wherever it is. */
function timestampsOf(value: unknown): string[] {
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}T/.test(value) ? [value] : []
  if (Array.isArray(value)) return value.flatMap(timestampsOf)
  if (isJsonObject(value)) return Object.values(value).flatMap(timestampsOf)
  return []
}

const utcProblem = (answer: Answer) => {
  const stamps = timestampsOf(answer.json)
  if (stamps.length === 0) return 'no timestamp in the answer'
  const local = stamps.filter((stamp) => !UTC_DATE_TIME.test(stamp))
  return local.length === 0 ? undefined : `not in UTC: ${local.join(', ')}`
}

/** The environment, listed (with `status`), or a problem. */
const listedAs = (id: string, status: string | undefined) => (answer: Answer) => {
  const items = field(answer, 'items')
  const item = Array.isArray(items)
    ? items.find((each) => isJsonObject(each) && each.id === id)
    : undefined
  if (!isJsonObject(item)) return 'not listed'
  return status === undefined || item.status === status
    ? undefined
    : `listed as ${String(item.status)}, not ${status}`
}

/** Reads the environment (`getEnvironment`) until `done` says so, at most `seconds`. */
async function waitFor(
  flow: SuiteRecorder,
  environment: OperationCall,
  seconds: number,
  done: (answer: Answer) => boolean,
): Promise<Answer | undefined> {
  // After a failed step there is nothing to wait for (no id, or an environment never created).
  if (flow.stopped) return undefined
  const deadline = Date.now() + seconds * 1000
  while (Date.now() < deadline) {
    const answer = await flow.raw('getEnvironment', environment)
    if (done(answer)) return answer
    await sleep(500)
  }
  return undefined
}

/** The environment's states as the contract's `x-lifecycle` of EnvironmentStatus states them. */
type EnvironmentStates = {
  created: string
  deleted: string
  /** What provisioning settles in, and the contract's bound on it (seconds), if any. */
  settled: { to: string[]; withinSeconds: number | undefined }
  /** The bound on a deletion's end (the environment gone), if any. */
  goneWithinSeconds: number | undefined
}

function environmentStates(context: RunContext): EnvironmentStates | string {
  const lifecycle = rulesOf(context.contract).lifecycles.EnvironmentStatus
  if (!lifecycle) return 'the contract states no x-lifecycle for EnvironmentStatus'
  const { created, deleted } = lifecycle
  if (deleted === undefined) return "EnvironmentStatus's x-lifecycle states no deleted status"
  const from = (status: string) => lifecycle.transitions.find((each) => each.from === status)
  const settling = from(created)
  if (!settling) return `EnvironmentStatus's x-lifecycle states no way out of ${created}`
  return {
    created,
    deleted,
    settled: { to: settling.to, withinSeconds: settling.withinSeconds },
    goneWithinSeconds: from(deleted)?.withinSeconds,
  }
}

/**
 * How long a flow waits for a change and what its check says: the contract's bound when it states
 * one (a server slower than that breaks it), the run's --wait when that is shorter or none is stated.
 */
function waitOf(
  context: RunContext,
  bound: number | undefined,
): { seconds: number; words: string } {
  if (bound === undefined || context.waitSeconds < bound)
    return { seconds: context.waitSeconds, words: `within ${context.waitSeconds} s` }
  return { seconds: bound, words: `within ${bound} s (the contract's bound)` }
}

/** Create, read, wait until settled, delete, wait until gone: 404; the states are the contract's. */
export async function environmentLifecycle(
  context: RunContext,
  account: Account | undefined,
): Promise<Suite> {
  const states = environmentStates(context)
  const flow = new SuiteRecorder(
    'environment: create, get, delete, 404',
    'flow',
    context.contract,
    context.target,
  )
  if (typeof states === 'string') {
    flow.skip('create, get, delete an environment', states)
    return flow.suite
  }
  const credentials = account?.credentials ?? context.credentials
  const signedIn = credentials
    ? await signIn((operationId, call) => flow.raw(operationId, call), credentials)
    : undefined
  const token = field(signedIn, 'access_token')
  if (typeof token !== 'string') {
    // Without an account, say what the run needs; with one that did not sign in, what it answered.
    flow.skip(
      'create, get, delete an environment',
      credentials ? `the account's sign-in answered ${signedIn?.status ?? 'nothing'}` : NO_ACCOUNT,
    )
    return flow.suite
  }
  const name = `ct-${context.runId}`
  const created = await flow.request(
    `create: 201 ${states.created}, with Location`,
    'createEnvironment',
    {
      token,
      body: { name, template: 'node-20', size: 'starter', region: 'eu-central' },
    },
    {
      status: 201,
      rules: [
        'x-lifecycle:EnvironmentStatus',
        'environments.size-fixes-the-resources',
        'environments.url-only-while-running',
      ],
      also: allOf(
        (answer) =>
          field(answer, 'status') === states.created
            ? undefined
            : `status ${String(field(answer, 'status'))}`,
        resourcesProblem,
        urlProblem,
      ),
    },
    true,
  )
  const id = String(field(created, 'id'))
  const environment = { params: { id }, token }
  await flow.request(
    'get: 200, the same environment, its timestamps in UTC',
    'getEnvironment',
    environment,
    {
      status: 200,
      also: allOf((answer) => (field(answer, 'id') === id ? undefined : 'another id'), utcProblem),
      rules: ['api.timestamps-in-utc'],
    },
    true,
  )
  await flow.request(
    'list: 200, includes it',
    'listEnvironments',
    { token },
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
  const settling = waitOf(context, states.settled.withinSeconds)
  const settled = await waitFor(flow, environment, settling.seconds, (answer) =>
    states.settled.to.includes(String(field(answer, 'status'))),
  )
  if (
    flow.verdict(
      `${states.created} settles (${states.settled.to.join(' or ')}) ${settling.words}`,
      settled ? undefined : `still ${states.created}`,
      undefined,
      ['x-lifecycle:EnvironmentStatus'],
    )
  )
    flow.verdict(
      `settled ${String(field(settled, 'status'))}: url set only while running`,
      urlProblem(settled),
      undefined,
      ['environments.url-only-while-running'],
    )
  const isDeleting = (answer: Answer) =>
    field(answer, 'status') === states.deleted
      ? undefined
      : `status ${String(field(answer, 'status'))}`
  const deleted = await flow.request(
    `delete: 202 ${states.deleted}`,
    'deleteEnvironment',
    environment,
    {
      status: 202,
      rules: [
        'x-lifecycle:EnvironmentStatus',
        'environments.delete-answers-deleting',
        'environments.url-only-while-running',
      ],
      also: allOf(isDeleting, urlProblem),
    },
    true,
  )
  await flow.request(
    `list while ${states.deleted}: 200, listed as ${states.deleted}`,
    'listEnvironments',
    { token },
    {
      status: 200,
      also: listedAs(id, states.deleted),
      rules: ['environments.deleting-listed-until-gone'],
    },
  )
  await flow.request(
    `delete again while ${states.deleted}: 202, the same answer`,
    'deleteEnvironment',
    environment,
    {
      status: 202,
      also: (answer) =>
        isDeepStrictEqual(answer.json, deleted?.json)
          ? undefined
          : `another answer than the first delete's: ${answer.text.slice(0, 200)}`,
      rules: ['environments.delete-again-answers-the-same'],
    },
  )
  const deleting = waitOf(context, states.goneWithinSeconds)
  const gone = await waitFor(flow, environment, deleting.seconds, (answer) => answer.status === 404)
  flow.verdict(
    `deletion completes ${deleting.words}`,
    gone ? undefined : 'still there',
    undefined,
    ['x-lifecycle:EnvironmentStatus'],
  )
  const GONE = ['environments.deleted-answers-404']
  await flow.request('get after deletion: 404', 'getEnvironment', environment, {
    status: 404,
    rules: GONE,
  })
  await flow.request('delete after deletion: 404', 'deleteEnvironment', environment, {
    status: 404,
    rules: GONE,
  })
  await flow.request(
    'list after deletion: 200, no longer listed',
    'listEnvironments',
    { token },
    {
      status: 200,
      also: (answer) => (listedAs(id, undefined)(answer) ? undefined : `still lists ${id}`),
      rules: GONE,
    },
  )
  return flow.suite
}
