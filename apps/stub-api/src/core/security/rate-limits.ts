import type { RateLimit } from '@devenv/openapi'
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import type { RateLimitMode } from '../../config'

/** Relaxed limits allow this many times the documented number, for browser suites. */
export const RELAXED_FACTOR = 100

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterMs: number }

export type WindowCheck = { operationId: string; rule: RateLimit; key: string }

/** The `kind: window` limits of one stub session (each X-Stub-Session has its own). */
export class RateLimits {
  private readonly limiters = new Map<string, RateLimiterMemory>()

  constructor(private readonly mode: RateLimitMode) {}

  private limiterFor(operationId: string, rule: RateLimit): RateLimiterMemory {
    const name = `${operationId}:${rule.scope}:${rule.limit}:${rule.periodSeconds}`
    let limiter = this.limiters.get(name)
    if (!limiter) {
      const points = this.mode === 'relaxed' ? rule.limit * RELAXED_FACTOR : rule.limit
      limiter = new RateLimiterMemory({ points, duration: rule.periodSeconds, keyPrefix: name })
      this.limiters.set(name, limiter)
    }
    return limiter
  }

  /** Consumes one request from every window; refused if any window is full. */
  async consume(checks: readonly WindowCheck[]): Promise<RateLimitVerdict> {
    if (this.mode === 'off') return { allowed: true }
    let retryAfterMs = 0
    for (const check of checks) {
      try {
        await this.limiterFor(check.operationId, check.rule).consume(check.key)
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection
        retryAfterMs = Math.max(retryAfterMs, rejection.msBeforeNext)
      }
    }
    return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true }
  }
}
