import { type LoginLock, parseLoginLock, resetLoginLock } from '@devenv/domain/login-lock'
import { STORAGE_KEYS } from '@devenv/domain/session'

/** The sign-in lock of this browser, kept in storage so that a reload does not reset the count. */
export function readLoginLock(): LoginLock {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.loginLock)
    return parseLoginLock(stored === null ? null : JSON.parse(stored))
  } catch {
    return resetLoginLock()
  }
}

export function writeLoginLock(lock: LoginLock): void {
  try {
    if (lock.attempts === 0) localStorage.removeItem(STORAGE_KEYS.loginLock)
    else localStorage.setItem(STORAGE_KEYS.loginLock, JSON.stringify(lock))
  } catch {
    // Private mode without storage: the lock lasts as long as the page (the server locks too).
  }
}
