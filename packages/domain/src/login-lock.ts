export const LOGIN_MAX_ATTEMPTS = 5
export const LOGIN_LOCK_MS = 15 * 60 * 1000

/** Failed sign-ins so far; plain data so the browser and the stub can store it as JSON. */
export type LoginLock = { attempts: number; lastAttemptAt: number | null }

export function resetLoginLock(): LoginLock {
  return { attempts: 0, lastAttemptAt: null }
}

export function isLoginLocked(state: LoginLock, now: number): boolean {
  return (
    state.attempts >= LOGIN_MAX_ATTEMPTS &&
    state.lastAttemptAt !== null &&
    now < state.lastAttemptAt + LOGIN_LOCK_MS
  )
}

export function loginLockRemainingMs(state: LoginLock, now: number): number {
  if (!isLoginLocked(state, now) || state.lastAttemptAt === null) return 0
  return state.lastAttemptAt + LOGIN_LOCK_MS - now
}

// A failure 15+ min after the previous one counts afresh; a locked attempt never reaches a password.
export function recordLoginFailure(state: LoginLock, now: number): LoginLock {
  if (isLoginLocked(state, now)) return state
  const stale = state.lastAttemptAt === null || now >= state.lastAttemptAt + LOGIN_LOCK_MS
  return { attempts: stale ? 1 : state.attempts + 1, lastAttemptAt: now }
}

/** Reads a stored lock defensively: anything malformed counts as no failures. */
export function parseLoginLock(value: unknown): LoginLock {
  if (typeof value !== 'object' || value === null) return resetLoginLock()
  const { attempts, lastAttemptAt } = value as Record<string, unknown>
  const validAttempts = typeof attempts === 'number' && Number.isInteger(attempts) && attempts >= 0
  const validLast =
    lastAttemptAt === null || (typeof lastAttemptAt === 'number' && Number.isFinite(lastAttemptAt))
  if (!validAttempts || !validLast) return resetLoginLock()
  if (attempts > 0 && lastAttemptAt === null) return resetLoginLock()
  return { attempts, lastAttemptAt }
}
