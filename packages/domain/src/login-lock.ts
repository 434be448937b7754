import { CONTRACT_RULES } from '@devenv/openapi/facts'
import { isFiniteNumber, isInteger } from './numbers'

// The contract's lock on sign-in (its `x-rate-limits` entry of kind `lock`): the site locks its
// form by the same numbers the server keeps.
const CONTRACT_LOCK = CONTRACT_RULES.rateLimits.signIn.find((rule) => rule.kind === 'lock')
if (!CONTRACT_LOCK) throw new Error('The contract states no login lock on signIn (x-rate-limits)')

export const LOGIN_MAX_ATTEMPTS: number = CONTRACT_LOCK.limit
export const LOGIN_LOCK_MS: number = CONTRACT_LOCK.periodSeconds * 1000

/**
 * The lock's numbers: `attempts` failures lock for `lockMs` after the last one; by default the
 * contract's, and the stub passes those of the contract it was built with.
 */
export type LoginLockRule = { readonly attempts: number; readonly lockMs: number }

export const LOGIN_LOCK_RULE: LoginLockRule = {
  attempts: LOGIN_MAX_ATTEMPTS,
  lockMs: LOGIN_LOCK_MS,
}

/** Failed sign-ins so far; plain data so the browser and the stub can store it as JSON. */
export type LoginLock = { attempts: number; lastAttemptAt: number | null }

export function resetLoginLock(): LoginLock {
  return { attempts: 0, lastAttemptAt: null }
}

/** When the lock ends (ms); minus infinity, long past, until 5 failures with a time are counted. */
function lockEndsAt(state: LoginLock, rule: LoginLockRule): number {
  if (state.attempts >= rule.attempts && state.lastAttemptAt !== null) {
    return state.lastAttemptAt + rule.lockMs
  }
  return Number.NEGATIVE_INFINITY
}

export function isLoginLocked(
  state: LoginLock,
  now: number,
  rule: LoginLockRule = LOGIN_LOCK_RULE,
): boolean {
  return now < lockEndsAt(state, rule)
}

export function loginLockRemainingMs(
  state: LoginLock,
  now: number,
  rule: LoginLockRule = LOGIN_LOCK_RULE,
): number {
  return isLoginLocked(state, now, rule) ? lockEndsAt(state, rule) - now : 0
}

// A failure 15+ min after the previous one counts afresh; a locked attempt never reaches a password.
export function recordLoginFailure(
  state: LoginLock,
  now: number,
  rule: LoginLockRule = LOGIN_LOCK_RULE,
): LoginLock {
  if (isLoginLocked(state, now, rule)) return state
  const stale = state.lastAttemptAt === null || now >= state.lastAttemptAt + rule.lockMs
  return { attempts: stale ? 1 : state.attempts + 1, lastAttemptAt: now }
}

/**
 * The lock as it will stand if every password check under way fails: a check reserves its
 * attempt before the slow hash, so parallel requests cannot all reach a password.
 */
export function presumedLoginLock(
  state: LoginLock,
  checksUnderWay: number,
  now: number,
  rule: LoginLockRule = LOGIN_LOCK_RULE,
): LoginLock {
  let presumed = state
  for (let check = 0; check < checksUnderWay; check++)
    presumed = recordLoginFailure(presumed, now, rule)
  return presumed
}

/** How a password check ended: a wrong password, the right one (success), or right but refused. */
export type PasswordCheckOutcome = 'failure' | 'success' | 'matched'

/** The lock after a check ends: only a wrong password counts; a success clears the count. */
export function settlePasswordCheck(
  state: LoginLock,
  outcome: PasswordCheckOutcome,
  now: number,
  rule: LoginLockRule = LOGIN_LOCK_RULE,
): LoginLock {
  if (outcome === 'failure') return recordLoginFailure(state, now, rule)
  if (outcome === 'success') return resetLoginLock()
  return state
}

/** Reads a stored lock defensively: anything malformed counts as no failures. */
export function parseLoginLock(value: unknown): LoginLock {
  const { attempts, lastAttemptAt } = (value ?? {}) as Record<string, unknown>
  // A count needs the time of its last failure; no failures and no time is resetLoginLock() itself.
  if (isInteger(attempts) && attempts >= 0 && isFiniteNumber(lastAttemptAt)) {
    return { attempts, lastAttemptAt }
  }
  return resetLoginLock()
}
