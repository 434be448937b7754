import { isDeepStrictEqual } from 'node:util'
import { isJsonObject } from '@devenv/openapi'
import { signIn } from '../../accounts'
import { quotaOf, rulesOf, uniqueOf } from '../../contract-rules'
import type { Answer, OperationCall } from '../../http'
import type { Suite } from '../../report'
import type { RunContext } from '../context'
import { SuiteRecorder } from '../recorder'
import {
  type Account,
  codeIs,
  type Flow,
  type FlowOptions,
  field,
  flowAccount,
  isolated,
  NO_ACCOUNT,
  NO_SECOND_ACCOUNT,
  recorderOf,
  signInStep,
} from './support'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The resources each plan size fixes, as createEnvironment's description states them. */
const RESOURCES: Readonly<Record<string, { vcpu: number; ramGb: number; ssdGb: number }>> = {
  starter: { vcpu: 2, ramGb: 8, ssdGb: 50 },
  professional: { vcpu: 4, ramGb: 16, ssdGb: 100 },
  enterprise: { vcpu: 8, ramGb: 32, ssdGb: 200 },
}
const SIZES = Object.keys(RESOURCES)

/** What is wrong with an environment's resources for its size, if anything. */
function resourcesProblem(answer: Answer): string | undefined {
  const size = String(field(answer, 'size'))
  const resources = field(answer, 'resources')
  const wanted = RESOURCES[size]
  if (!wanted) return `size ${size} is none the contract gives resources for`
  return isJsonObject(resources) &&
    resources.vcpu === wanted.vcpu &&
    resources.ramGb === wanted.ramGb &&
    resources.ssdGb === wanted.ssdGb
    ? undefined
    : `${size} has resources ${JSON.stringify(resources)}, not ${JSON.stringify(wanted)}`
}

/** What is wrong with an environment's url for its status: set while running, null otherwise. */
function urlProblem(answer: Answer | undefined): string | undefined {
  const status = field(answer, 'status')
  const url = field(answer, 'url')
  if (status === 'running')
    return typeof url === 'string' ? undefined : `running with url ${JSON.stringify(url)}`
  return url === null ? undefined : `${String(status)} with url ${JSON.stringify(url)}, not null`
}

/** The first problem of several checks of one answer. */
const allOf =
  (...checks: Array<(answer: Answer) => string | undefined>) =>
  (answer: Answer) => {
    for (const check of checks) {
      const problem = check(answer)
      if (problem) return problem
    }
    return undefined
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

/** The list's items newest first: each `createdAt` no later than the one before it. */
const newestFirst = (answer: Answer) => {
  const items = field(answer, 'items')
  const times = Array.isArray(items)
    ? items.map((item) => (isJsonObject(item) ? Date.parse(String(item.createdAt)) : Number.NaN))
    : []
  const at = times.findIndex((time, index) => index > 0 && !(time <= (times[index - 1] ?? 0)))
  return at === -1
    ? undefined
    : `item ${at + 1} was created after item ${at}: ${JSON.stringify((items as unknown[]).slice(at - 1, at + 1))}`
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

/**
 * createEnvironment's business refusals: a name the user already uses answers its `x-unique`'s
 * status and code (409 ENVIRONMENT_NAME_TAKEN), while another user may take the same name, and past the contract's quota (its `x-quota`: limit, the statuses that
 * do not count, the refusal's status and code) the quota's refusal. The environments the flow
 * created are deleted again, even after a failed step.
 */
async function environmentLimitsFlow(run: RunContext, options: FlowOptions): Promise<Suite> {
  const context = isolated(run, 'environment-limits')
  const quota = quotaOf(context.contract, 'createEnvironment')
  const flow = recorderOf(
    context,
    `environment limits: a taken name 409, past the quota ${quota ? quota.status : '(none stated)'}`,
  )
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
    { token },
    { status: 200 },
  )
  const items = field(listed, 'items')
  const uncounted: readonly unknown[] = quota?.uncounted ?? []
  const existing = Array.isArray(items)
    ? items.filter((item) => isJsonObject(item) && !uncounted.includes(item.status)).length
    : 0
  // Without a quota the flow still proves the taken name: it creates one environment.
  const limit = quota?.limit ?? existing + 1
  const unique = uniqueOf(context.contract, 'createEnvironment')
  const uniqueRules = [`x-unique:createEnvironment`]
  // Each environment the flow made, with the token of its owner, to delete it again.
  const created: Array<{ id: string; token: string }> = []
  const create = (name: string, as = token, size = 'starter') => ({
    token: as,
    body: { name, template: 'node-20', size, region: 'eu-central' },
  })
  const name = (index: number) => `ct-${context.runId}-${index}`
  const remember =
    (as = token) =>
    (answer: Answer) => {
      const id = field(answer, 'id')
      if (typeof id === 'string') created.push({ id, token: as })
      return undefined
    }
  try {
    if (existing < limit)
      await flow.request('create an environment: 201', 'createEnvironment', create(name(1)), {
        status: 201,
        also: remember(),
      })
    const mine = created.length
    if (!unique)
      flow.skip(
        'the same name again: refused',
        'the contract states no x-unique for createEnvironment',
      )
    else if (mine > 0) {
      await anotherUserTakesTheName(flow, context, options, unique.field, {
        body: create(name(1)).body,
        remember,
        rules: uniqueRules,
      })
      await flow.request(
        `the same name again: ${unique.status} ${unique.code}`,
        'createEnvironment',
        create(name(1)),
        { status: unique.status, also: codeIs(unique.code), rules: uniqueRules },
      )
    }
    if (!quota) {
      flow.skip('past the quota: refused', 'the contract states no x-quota for createEnvironment')
      return flow.suite
    }
    // Each size in turn: each answer shows the resources its size fixes.
    for (let index = existing + mine; index < quota.limit; index++) {
      const size = SIZES[index % SIZES.length]
      await flow.request(
        `create environment ${index + 1} of ${quota.limit}: 201`,
        'createEnvironment',
        create(name(index + 1), token, size),
        {
          status: 201,
          also: allOf(remember(), resourcesProblem),
          rules: ['x-quota:createEnvironment', 'environments.size-fixes-the-resources'],
        },
      )
    }
    await flow.request(
      'list: 200, newest first',
      'listEnvironments',
      { token },
      {
        status: 200,
        also: newestFirst,
        // One environment is in any order: only a longer list shows one.
        rules: (answer) => {
          const listed = field(answer, 'items')
          return Array.isArray(listed) && listed.length > 1
            ? ['environments.listed-newest-first']
            : []
        },
      },
    )
    await flow.request(
      `environment ${quota.limit + 1}: ${quota.status} ${quota.code}`,
      'createEnvironment',
      create(name(quota.limit + 1)),
      { status: quota.status, also: codeIs(quota.code), rules: ['x-quota:createEnvironment'] },
    )
  } finally {
    for (const { id, token: as } of created)
      await flow.raw('deleteEnvironment', { params: { id }, token: as })
  }
  return flow.suite
}

/**
 * The unique is per user: another user (a fresh account, else the second given one) creates an
 * environment of the same name and is answered success. Its sign-in and creation do not stop the
 * flow: the owner's own refusal is still judged after them.
 */
async function anotherUserTakesTheName(
  flow: SuiteRecorder,
  context: RunContext,
  options: FlowOptions,
  fieldName: string,
  made: {
    body: Record<string, unknown>
    remember: (as: string) => (answer: Answer) => undefined
    rules: string[]
  },
): Promise<void> {
  const title = `another user creates an environment of the same ${fieldName}: success`
  const other = await flowAccount(flow, context, 'unique', options.secondCredentials)
  if (!other || other.credentials.email === context.credentials?.email) {
    if (!flow.stopped) flow.skip(title, NO_SECOND_ACCOUNT)
    return
  }
  const answer = await flow.request(
    'the other user signs in: 200',
    'signIn',
    { body: other.credentials },
    { status: 200 },
    false,
  )
  const access = field(answer, 'access_token')
  if (typeof access !== 'string') {
    flow.skip(title, 'the other user did not sign in')
    return
  }
  await flow.request(
    title,
    'createEnvironment',
    { token: access, body: made.body },
    { statusClass: '2xx', also: made.remember(access), rules: made.rules },
  )
}

export const ENVIRONMENT_FLOWS: Flow[] = [{ id: 'environment-limits', run: environmentLimitsFlow }]
