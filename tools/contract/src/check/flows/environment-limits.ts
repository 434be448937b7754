import { isJsonObject } from '@devenv/openapi'
import { quotaOf, uniqueOf } from '../../contract-rules'
import type { Answer } from '../../http'
import type { Suite } from '../../report'
import type { RunContext } from '../context'
import type { SuiteRecorder } from '../recorder'
import {
  allOf,
  codeIs,
  ENVIRONMENT_SIZES,
  type Flow,
  type FlowOptions,
  field,
  flowAccount,
  isolated,
  NO_ACCOUNT,
  NO_SECOND_ACCOUNT,
  recorderOf,
  resourcesProblem,
  signInStep,
} from './support'

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
      const size = ENVIRONMENT_SIZES[index % ENVIRONMENT_SIZES.length]
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
