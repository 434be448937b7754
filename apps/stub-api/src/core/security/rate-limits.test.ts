import type { RateLimit } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import { testClock } from '../test-support'
import { RateLimits, RELAXED_FACTOR, type WindowCheck } from './rate-limits'

const MINUTE = 60_000
const perEmail: RateLimit = { kind: 'window', scope: 'email', limit: 3, periodSeconds: 900 }
const perClient: RateLimit = { kind: 'window', scope: 'client', limit: 10, periodSeconds: 900 }
const reset = (key: string, rule = perEmail): WindowCheck => ({
  operationId: 'requestPasswordReset',
  rule,
  key,
})

function limitsOnClock(mode: 'on' | 'relaxed' | 'off' = 'on') {
  const clock = testClock()
  return { clock, limits: new RateLimits(mode, clock.now) }
}

/** Sends `times` requests through one check; answers the last verdict. */
function send(limits: RateLimits, check: WindowCheck, times: number) {
  let verdict = limits.consume([check])
  for (let index = 1; index < times; index++) verdict = limits.consume([check])
  return verdict
}

describe('RateLimits (x-rate-limits windows on the stub clock)', () => {
  it('refuses the request over the limit with the milliseconds until its window closes', () => {
    const { clock, limits } = limitsOnClock()
    expect(send(limits, reset('nino@example.com'), 3)).toEqual({ allowed: true })
    clock.advance(4 * MINUTE)
    expect(limits.consume([reset('nino@example.com')])).toEqual({
      allowed: false,
      retryAfterMs: 11 * MINUTE,
    })
  })

  it('opens a new window when the clock reaches the end of the period, not a millisecond before', () => {
    const { clock, limits } = limitsOnClock()
    send(limits, reset('nino@example.com'), 3)
    clock.advance(15 * MINUTE - 1)
    expect(limits.consume([reset('nino@example.com')])).toEqual({
      allowed: false,
      retryAfterMs: 1,
    })
    clock.advance(1)
    expect(send(limits, reset('nino@example.com'), 3)).toEqual({ allowed: true })
    expect(limits.consume([reset('nino@example.com')]).allowed).toBe(false)
  })

  it('counts refused requests without extending the window', () => {
    const { clock, limits } = limitsOnClock()
    send(limits, reset('nino@example.com'), 3)
    for (let minute = 1; minute < 15; minute++) {
      clock.advance(MINUTE)
      expect(limits.consume([reset('nino@example.com')])).toEqual({
        allowed: false,
        retryAfterMs: (15 - minute) * MINUTE,
      })
    }
    clock.advance(MINUTE)
    expect(limits.consume([reset('nino@example.com')])).toEqual({ allowed: true })
  })

  it('keeps one window per operation, scope and key', () => {
    const { limits } = limitsOnClock()
    send(limits, reset('nino@example.com'), 4)
    expect(limits.consume([reset('giorgi@example.com')])).toEqual({ allowed: true })
    expect(
      limits.consume([
        { operationId: 'resendActivation', rule: perEmail, key: 'nino@example.com' },
      ]),
    ).toEqual({ allowed: true })
    expect(limits.consume([reset('nino@example.com', perClient)])).toEqual({ allowed: true })
  })

  it('counts the request in every window and answers the longest wait of the full ones', () => {
    const { clock, limits } = limitsOnClock()
    const client = reset('203.0.113.7', perClient)
    send(limits, client, 9)
    clock.advance(5 * MINUTE)
    send(limits, reset('nino@example.com'), 3)
    // The client's tenth request fills its window; the address's fourth is over its own.
    expect(limits.consume([reset('nino@example.com'), client])).toEqual({
      allowed: false,
      retryAfterMs: 15 * MINUTE,
    })
    expect(limits.consume([reset('giorgi@example.com'), client])).toEqual({
      allowed: false,
      retryAfterMs: 10 * MINUTE,
    })
  })

  it('starts a new window when the clock is put back before the window opened', () => {
    const { clock, limits } = limitsOnClock()
    clock.advance(60 * MINUTE)
    send(limits, reset('nino@example.com'), 4)
    clock.advance(-60 * MINUTE)
    expect(limits.consume([reset('nino@example.com')])).toEqual({ allowed: true })
  })

  it(`allows ${RELAXED_FACTOR} times the limit when relaxed, and everything when off`, () => {
    const relaxed = limitsOnClock('relaxed').limits
    expect(send(relaxed, reset('nino@example.com'), 3 * RELAXED_FACTOR)).toEqual({ allowed: true })
    expect(relaxed.consume([reset('nino@example.com')]).allowed).toBe(false)
    const off = limitsOnClock('off').limits
    expect(send(off, reset('nino@example.com'), 10 * RELAXED_FACTOR)).toEqual({ allowed: true })
    expect(off.size).toBe(0)
  })

  it('forgets closed windows as new keys arrive, so a spray of addresses does not pile up', () => {
    const { clock, limits } = limitsOnClock()
    for (let index = 0; index < 1000; index++) limits.consume([reset(`old-${index}@example.com`)])
    clock.advance(15 * MINUTE)
    for (let index = 0; index < 1000; index++) limits.consume([reset(`new-${index}@example.com`)])
    expect(limits.size).toBeLessThan(1100)
    expect(limits.consume([reset('new-0@example.com')])).toEqual({ allowed: true })
  })
})
