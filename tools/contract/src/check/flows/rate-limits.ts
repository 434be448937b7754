import { isJsonObject, type RateLimit } from '@devenv/openapi'
import type { Answer, Outgoing } from '../../http'
import type { CheckResult, Suite } from '../../report'
import type { RunContext } from '../context'
import { type Flow, isolated, recorderOf, runEmail } from './support'

/** Forgot-password and resend-activation: public, e-mail sending, so their windows matter most. */
const WINDOWED_OPERATIONS = ['requestPasswordReset', 'resendActivation'] as const

type Operation = RunContext['contract']['operations'][number]

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
  const header = answer.headers.get('retry-after')
  const seconds = Number(header)
  return Number.isInteger(seconds) && seconds >= 1 && seconds <= periodSeconds
    ? undefined
    : `Retry-After is "${header}", expected whole seconds from 1 to ${periodSeconds}`
}

/**
 * One `kind: window` limit: `limit` requests are answered, the next one is refused with 429 and
 * Retry-After. The email scope repeats one fresh address; the client scope uses a new one each
 * time. On the stub (a target with the mailbox) each window has a stub session of its own, so the
 * counts are exact. Elsewhere earlier requests of this run share the client's windows: an early
 * 429 cannot be told from a full client window, so the client scope just expects the refusal by
 * request `limit + 1`, and an early refusal of the email scope is a skip.
 */
async function checkWindow(
  run: RunContext,
  operation: Operation,
  rule: RateLimit,
): Promise<CheckResult[]> {
  const context = isolated(run, `limits-${operation.operationId}-${rule.scope}`)
  const flow = recorderOf(context, operation.operationId)
  const label = `${operation.operationId}, ${rule.limit} per ${rule.scope} in ${rule.periodSeconds} s`
  const request = (attempt: number): Outgoing => ({
    method: operation.method.toUpperCase(),
    path: operation.path,
    body: bodyFor(
      operation,
      runEmail(context, rule.scope === 'email' ? 'window' : `window-${attempt}`),
    ),
  })
  const exact = context.mailbox
  const answered = `${label}: the first ${rule.limit} requests are answered`
  for (let attempt = 1; attempt <= rule.limit; attempt++) {
    const answer = await flow.raw(request(attempt))
    if (answer.status === 429 && !exact) {
      if (rule.scope === 'client') break
      const retryAfter = answer.headers.get('retry-after')
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
  if (exact) flow.verdict(answered, undefined)
  await flow.request(
    `${label}: the next request is refused: 429 with Retry-After`,
    operation.operationId,
    request(rule.limit + 1),
    { status: 429, also: retryAfterWithin(rule.periodSeconds) },
  )
  return flow.suite.checks
}

/** The documented `x-rate-limits` windows of forgot-password and resend-activation are enforced. */
async function rateLimitsFlow(context: RunContext): Promise<Suite> {
  const flow = recorderOf(
    context,
    'rate limits: the documented windows of forgot-password and resend',
  )
  for (const operationId of WINDOWED_OPERATIONS) {
    const operation = context.contract.operations.find((each) => each.operationId === operationId)
    const windows = (operation?.rateLimits ?? []).filter(
      (rule) => rule.kind === 'window' && rule.scope !== 'user',
    )
    if (!operation || windows.length === 0) {
      flow.skip(`${operationId}: its windows`, 'the contract documents no x-rate-limits window')
      continue
    }
    // Each window gets its own stub session (and so its own recorder), reported in this suite.
    for (const rule of windows)
      flow.suite.checks.push(...(await checkWindow(context, operation, rule)))
  }
  return flow.suite
}

export const RATE_LIMIT_FLOWS: Flow[] = [{ id: 'rate-limits', run: rateLimitsFlow }]
