import { isJsonObject, type RateLimit } from '@devenv/openapi'
import { type Answer, headerOf, type OperationCall } from '../../http'
import type { CheckResult, Suite } from '../../report'
import type { RunContext } from '../context'
import {
  codeIs,
  documentedPathParams,
  type Flow,
  flowAccount,
  isolated,
  NO_ACCOUNT,
  recorderOf,
  runEmail,
  signInStep,
} from './support'

/**
 * Registration's window is filled only where the window is the flow's own (a stub session): on a
 * shared server the operation checks' invalid registrations and the registration flow use it up
 * already, and a fuller one would outlast the run, refusing every registration of this client.
 */
const NOT_ON_SHARED_SERVERS = new Set(['register'])

/**
 * Windows only filled where the run has windows of its own (the stub's X-Stub-Session), with what
 * filling one on a shared server would do: a full health window refuses every client's liveness
 * probe, this run's next checks and the next run's preflight included; a full sign-in or refresh
 * window refuses this client's own account (a run signs in and renews through them) for the
 * window's period.
 */
const OWN_WINDOWS_ONLY: ReadonlyMap<string, string> = new Map([
  ['getHealth', 'would refuse every health check'],
  ['signIn', "would refuse this client's sign-ins for its period, the next run's included"],
  ['refreshToken', "would refuse this client's token renewals for its period"],
])

type Operation = RunContext['contract']['operations'][number]

/** The operations that check a password: their windows' 429 says `RATE_LIMITED`. */
const PASSWORD_CHECKS = new Set(['signIn', 'legacySignIn', 'changePassword'])

/** The operation's first documented request body with every e-mail address replaced by `email`. */
function bodyFor(operation: Operation, email: string): unknown {
  const example = operation.bodyExamples[0]?.value
  if (!isJsonObject(example)) return { email }
  return Object.fromEntries(
    Object.entries(example).map(([name, value]) => [
      name,
      typeof value === 'string' && value.includes('@') ? email : value,
    ]),
  )
}

const retryAfterWithin = (periodSeconds: number) => (answer: Answer) => {
  const header = headerOf(answer, 'retry-after')
  const seconds = Number(header)
  return Number.isInteger(seconds) && seconds >= 1 && seconds <= periodSeconds
    ? undefined
    : `Retry-After is "${header}", expected whole seconds from 1 to ${periodSeconds}`
}

/**
 * One `kind: window` limit: `limit` requests are answered, the next one is refused with 429 and
 * Retry-After. The email scope repeats one fresh address; the client scope uses a new one each
 * time. On the stub (a target with stub sessions) each window has a stub session of its own, so the
 * counts are exact. Elsewhere earlier requests of this run share the client's windows (and the
 * user's: the operation checks come first): an early 429 cannot be told from a full window, so
 * the client and user scopes just expect the refusal by request `limit + 1`, and an early refusal
 * of the email scope is a skip.
 */
async function checkWindow(
  run: RunContext,
  operation: Operation,
  rule: RateLimit,
): Promise<CheckResult[]> {
  const context = isolated(run, `limits-${operation.operationId}-${rule.scope}`)
  const flow = recorderOf(context, operation.operationId)
  const label = `${operation.operationId}, ${rule.limit} per ${rule.scope} in ${rule.periodSeconds} s`
  // A window per user (or on a protected operation) counts a signed-in user's requests.
  let token: string | undefined
  if (rule.scope === 'user' || operation.requiresAuth) {
    const account = await flowAccount(flow, context, 'window', context.credentials)
    const tokens =
      account && (await signInStep(flow, `${label}: sign in: 200`, account.credentials))
    if (!tokens) {
      if (!flow.stopped) flow.skip(label, NO_ACCOUNT)
      return flow.suite.checks
    }
    token = tokens.access
  }
  // Sign-in's window is counted before the body is read: every other request of its filling has a
  // body that fails validation, and the window is full all the same.
  const beforeTheBody = operation.operationId === 'signIn' && rule.scope === 'client'
  const request = (attempt: number): OperationCall => ({
    params: documentedPathParams(operation),
    token,
    ...(beforeTheBody && attempt % 2 === 0 && attempt <= rule.limit
      ? { body: {} }
      : operation.bodySchemaPointer
        ? {
            body: bodyFor(
              operation,
              runEmail(context, rule.scope === 'email' ? 'window' : `window-${attempt}`),
            ),
          }
        : {}),
  })
  const window = `x-rate-limits:${operation.operationId}:window.${rule.scope}`
  // A call that checks a password names the window it was refused by (the lock has a code too).
  const checksPassword = PASSWORD_CHECKS.has(operation.operationId) && rule.scope === 'client'
  const exact = context.stubSessions
  const answered = `${label}: the first ${rule.limit} requests are answered`
  for (let attempt = 1; attempt <= rule.limit; attempt++) {
    const answer = await flow.raw(operation.operationId, request(attempt))
    if (answer.status === 429 && !exact) {
      // The client's window, or the run's own user's (its operation checks came first): full
      // before `limit` is this run's doing, and the refusal is still the server's to prove.
      if (rule.scope === 'client' || rule.scope === 'user') break
      const retryAfter = headerOf(answer, 'retry-after')
      flow.skip(
        label,
        `request ${attempt} was refused (Retry-After ${retryAfter}): the client's window, shared with earlier requests of this run or an earlier run, may be full`,
      )
      return flow.suite.checks
    }
    if (answer.error || answer.status === 429 || answer.status >= 500) {
      flow.verdict(answered, `request ${attempt} answered ${answer.error ?? answer.status}`)
      return flow.suite.checks
    }
  }
  if (exact) flow.verdict(answered, undefined, undefined, [window])
  await flow.request(
    `${label}: the next request is refused: 429 with Retry-After`,
    operation.operationId,
    request(rule.limit + 1),
    {
      status: 429,
      also: (answer) =>
        retryAfterWithin(rule.periodSeconds)(answer) ??
        (checksPassword ? codeIs('RATE_LIMITED')(answer) : undefined),
      rules: [
        window,
        'api.retry-after-integer-seconds',
        ...(checksPassword ? ['sign-in.client-window-answers-rate-limited'] : []),
        ...(beforeTheBody ? ['sign-in.client-window-counted-before-the-body'] : []),
      ],
    },
  )
  return flow.suite.checks
}

/**
 * Every documented `x-rate-limits` window is enforced: 429 with Retry-After (registration's only
 * where the run has windows of its own).
 */
async function rateLimitsFlow(context: RunContext): Promise<Suite> {
  const flow = recorderOf(context, 'rate limits: every documented window')
  for (const operation of context.contract.operations) {
    if (NOT_ON_SHARED_SERVERS.has(operation.operationId) && !context.stubSessions) continue
    const refusal = OWN_WINDOWS_ONLY.get(operation.operationId)
    if (refusal && !context.stubSessions) {
      flow.skip(
        `${operation.operationId}: its windows`,
        `filling it on a shared server ${refusal}: provoked only on a target with windows per run (X-Stub-Session)`,
      )
      continue
    }
    // Each window gets its own stub session (and so its own recorder), reported in this suite.
    for (const rule of operation.rateLimits.filter((each) => each.kind === 'window'))
      flow.suite.checks.push(...(await checkWindow(context, operation, rule)))
  }
  return flow.suite
}

export const RATE_LIMIT_FLOWS: Flow[] = [{ id: 'rate-limits', run: rateLimitsFlow }]
