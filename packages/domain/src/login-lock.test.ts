import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { LoginLock } from './login-lock'
import {
  isLoginLocked,
  LOGIN_LOCK_MS,
  LOGIN_MAX_ATTEMPTS,
  loginLockRemainingMs,
  parseLoginLock,
  presumedLoginLock,
  recordLoginFailure,
  resetLoginLock,
  settlePasswordCheck,
} from './login-lock'

const MINUTE = 60_000
const failTimes = (times: number[], from: LoginLock = resetLoginLock()) =>
  times.reduce((state, now) => recordLoginFailure(state, now), from)

describe('login lock', () => {
  it('locks after the attempts and for the time of the rule it is given (a contract of 3 in 10 minutes)', () => {
    const rule = { attempts: 3, lockMs: 10 * MINUTE }
    const three = [1000, 2000, 3000].reduce(
      (state, now) => recordLoginFailure(state, now, rule),
      resetLoginLock(),
    )
    expect(isLoginLocked(three, 3001, rule)).toBe(true)
    expect(isLoginLocked(three, 3001)).toBe(false)
    expect(loginLockRemainingMs(three, 3000 + 4 * MINUTE, rule)).toBe(6 * MINUTE)
    expect(isLoginLocked(three, 3000 + 10 * MINUTE, rule)).toBe(false)
  })

  it('does not lock after 4 failures, locks after 5', () => {
    const four = failTimes([0, 1000, 2000, 3000])
    expect(four.attempts).toBe(4)
    expect(isLoginLocked(four, 3001)).toBe(false)
    const five = recordLoginFailure(four, 4000)
    expect(five).toEqual({ attempts: 5, lastAttemptAt: 4000 })
    expect(isLoginLocked(five, 4001)).toBe(true)
  })

  it('stays locked at 14:59 after the last attempt and unlocks at exactly 15:00', () => {
    const locked = failTimes([0, 0, 0, 0, 10_000])
    expect(isLoginLocked(locked, 10_000 + 14 * MINUTE + 59_000)).toBe(true)
    expect(loginLockRemainingMs(locked, 10_000 + 14 * MINUTE + 59_000)).toBe(1000)
    expect(isLoginLocked(locked, 10_000 + 15 * MINUTE)).toBe(false)
    expect(loginLockRemainingMs(locked, 10_000 + 15 * MINUTE)).toBe(0)
  })

  it('has no remaining time when not locked', () => {
    expect(loginLockRemainingMs(resetLoginLock(), 0)).toBe(0)
    expect(loginLockRemainingMs(failTimes([0, 1, 2, 3]), 4)).toBe(0)
  })

  it('does not count attempts made while locked', () => {
    const locked = failTimes([0, 0, 0, 0, 0])
    expect(recordLoginFailure(locked, 5 * MINUTE)).toBe(locked)
  })

  it('starts counting afresh after the lock expires', () => {
    const locked = failTimes([0, 0, 0, 0, 0])
    const next = recordLoginFailure(locked, 15 * MINUTE)
    expect(next).toEqual({ attempts: 1, lastAttemptAt: 15 * MINUTE })
    expect(isLoginLocked(next, 15 * MINUTE)).toBe(false)
  })

  it('forgets failures older than the lock window', () => {
    const four = failTimes([0, 0, 0, 0])
    expect(recordLoginFailure(four, 15 * MINUTE - 1).attempts).toBe(5)
    expect(recordLoginFailure(four, 15 * MINUTE).attempts).toBe(1)
  })

  it('survives a JSON round trip and rejects malformed stored values', () => {
    const state = failTimes([0, 1000, 2000])
    expect(parseLoginLock(JSON.parse(JSON.stringify(state)))).toEqual(state)
    expect(parseLoginLock(JSON.parse(JSON.stringify(resetLoginLock())))).toEqual(resetLoginLock())
    for (const bad of [
      null,
      'x',
      42,
      { attempts: -1, lastAttemptAt: 0 },
      { attempts: 1.5, lastAttemptAt: 0 },
      { attempts: '5', lastAttemptAt: 0 },
      { attempts: 5, lastAttemptAt: 'yesterday' },
      { attempts: 5, lastAttemptAt: null },
    ]) {
      expect(parseLoginLock(bad)).toEqual(resetLoginLock())
    }
  })

  it('never counts more than 5 attempts, and a lock never lasts more than 15 minutes', () => {
    const gaps = fc.array(fc.integer({ min: 0, max: 20 * MINUTE }), { maxLength: 30 })
    fc.assert(
      fc.property(gaps, fc.integer({ min: 0, max: 20 * MINUTE }), (steps, probe) => {
        let now = 0
        let state = resetLoginLock()
        for (const step of steps) {
          now += step
          state = recordLoginFailure(state, now)
          expect(state.attempts).toBeLessThanOrEqual(LOGIN_MAX_ATTEMPTS)
          expect(state.attempts).toBeGreaterThanOrEqual(1)
        }
        const remaining = loginLockRemainingMs(state, now + probe)
        expect(remaining).toBeGreaterThanOrEqual(0)
        expect(remaining).toBeLessThanOrEqual(LOGIN_LOCK_MS)
        expect(remaining > 0).toBe(isLoginLocked(state, now + probe))
      }),
    )
  })
})

describe('login lock edge rules', () => {
  it('never counts failures without the time of the last one: no lock, and the next is the first', () => {
    const timeless = { attempts: 5, lastAttemptAt: null }
    expect(isLoginLocked(timeless, 0)).toBe(false)
    expect(loginLockRemainingMs(timeless, 0)).toBe(0)
    expect(recordLoginFailure({ attempts: 3, lastAttemptAt: null }, 1000)).toEqual({
      attempts: 1,
      lastAttemptAt: 1000,
    })
  })

  it('reads a missing store (undefined) and a time that is no finite number as no failures', () => {
    expect(parseLoginLock(undefined)).toEqual(resetLoginLock())
    for (const lastAttemptAt of [Number.POSITIVE_INFINITY, Number.NaN]) {
      expect(parseLoginLock({ attempts: 5, lastAttemptAt })).toEqual(resetLoginLock())
    }
  })

  it('reads back every well-formed stored lock unchanged, zero failures included', () => {
    const stored = fc.oneof(
      fc.record({ attempts: fc.nat(), lastAttemptAt: fc.integer({ min: 0 }) }),
      fc.constant(resetLoginLock()),
    )
    fc.assert(
      fc.property(stored, (state) => {
        expect(parseLoginLock(JSON.parse(JSON.stringify(state)))).toEqual(state)
      }),
    )
    expect(parseLoginLock({ attempts: 0, lastAttemptAt: 1000 })).toEqual({
      attempts: 0,
      lastAttemptAt: 1000,
    })
  })
})

describe('password checks under way (reservations)', () => {
  it('counts each check under way as a failure, so a sixth check waits for the lock window', () => {
    const now = 1000
    expect(isLoginLocked(presumedLoginLock(resetLoginLock(), 4, now), now)).toBe(false)
    const five = presumedLoginLock(resetLoginLock(), 5, now)
    expect(isLoginLocked(five, now)).toBe(true)
    expect(loginLockRemainingMs(five, now)).toBe(LOGIN_LOCK_MS)
    expect(isLoginLocked(presumedLoginLock(failTimes([0, 0, 0]), 2, now), now)).toBe(true)
    expect(isLoginLocked(presumedLoginLock(failTimes([0, 0, 0]), 1, now), now)).toBe(false)
  })

  it('never allows more than 5 checks in a window, however checks start and end', () => {
    // Any interleaving of starting and failing checks: a check starts only when the presumed
    // lock is open, and every check fails; at most 5 checks can ever have started.
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 60 }), (steps) => {
        let lock = resetLoginLock()
        let underWay = 0
        let started = 0
        for (const start of steps) {
          if (start) {
            if (!isLoginLocked(presumedLoginLock(lock, underWay, 0), 0)) {
              underWay++
              started++
            }
          } else if (underWay > 0) {
            underWay--
            lock = settlePasswordCheck(lock, 'failure', 0)
          }
        }
        return started <= LOGIN_MAX_ATTEMPTS
      }),
    )
  })

  it('counts only a wrong password; a success clears the count, a right password refused counts nothing', () => {
    const four = failTimes([0, 0, 0, 0])
    expect(settlePasswordCheck(four, 'failure', 1)).toEqual({ attempts: 5, lastAttemptAt: 1 })
    // Cleared, not merely lowered: four more failures after the success still do not lock.
    const cleared = settlePasswordCheck(four, 'success', 1)
    expect(isLoginLocked(failTimes([2, 3, 4, 5], cleared), 5)).toBe(false)
    expect(isLoginLocked(failTimes([2, 3, 4, 5, 6], cleared), 6)).toBe(true)
    expect(settlePasswordCheck(four, 'matched', 1)).toBe(four)
  })
})
