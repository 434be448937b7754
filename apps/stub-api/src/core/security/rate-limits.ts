import type { RateLimit } from '@devenv/openapi'
import type { RateLimitMode } from '../../config'

/** Relaxed limits allow this many times the documented number, for browser suites. */
export const RELAXED_FACTOR = 100

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterMs: number }

export type WindowCheck = { operationId: string; rule: RateLimit; key: string }

/** Milliseconds since the epoch by the stub's clock (`StubStore.now`: real clock plus offset). */
export type StubClock = () => number

/** One key's window: it opens with its first request and counts every request until it closes. */
type Window = { opensAt: number; closesAt: number; requests: number }

// Closed windows are swept when the table has doubled since the last sweep: amortised O(1).
const FIRST_SWEEP_AT = 1024

/**
 * The `kind: window` limits of one stub session (each X-Stub-Session has its own), on the stub's
 * clock: `POST /__dev/clock` moves a client past its window as it moves tokens and links.
 */
export class RateLimits {
  private readonly windows = new Map<string, Window>()
  private sweepAt = FIRST_SWEEP_AT

  constructor(
    private readonly mode: RateLimitMode,
    private readonly now: StubClock,
  ) {}

  /** The windows held, open or not yet swept. */
  get size(): number {
    return this.windows.size
  }

  /** Counts one request in every window; refused if any window is over its limit. */
  consume(checks: readonly WindowCheck[]): RateLimitVerdict {
    if (this.mode === 'off') return { allowed: true }
    const now = this.now()
    let retryAfterMs = 0
    for (const { operationId, rule, key } of checks) {
      const allowed = this.mode === 'relaxed' ? rule.limit * RELAXED_FACTOR : rule.limit
      const name = `${operationId}:${rule.scope}:${rule.limit}:${rule.periodSeconds}:${key}`
      let window = this.windows.get(name)
      if (!window || !isOpen(window, now)) {
        window = { opensAt: now, closesAt: now + rule.periodSeconds * 1000, requests: 0 }
        this.windows.set(name, window)
        if (this.windows.size >= this.sweepAt) this.sweep(now)
      }
      // A refused request counts too, but never extends the window.
      window.requests += 1
      if (window.requests > allowed) {
        retryAfterMs = Math.max(retryAfterMs, window.closesAt - now)
      }
    }
    return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true }
  }

  private sweep(now: number): void {
    for (const [name, window] of this.windows) if (!isOpen(window, now)) this.windows.delete(name)
    this.sweepAt = Math.max(FIRST_SWEEP_AT, this.windows.size * 2)
  }
}

// A clock put back before a window opened (`offsetSeconds: 0`) starts a new window.
function isOpen(window: Window, now: number): boolean {
  return window.opensAt <= now && now < window.closesAt
}
