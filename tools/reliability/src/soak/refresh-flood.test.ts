import { describe, expect, it } from 'vitest'
import { runRefreshFlood } from './refresh-flood'

// The bounded refresh loop of the test command; `pnpm soak:refresh` runs 63,000 (docs/security.md,
// review 3, item 2). Every refresh rotates (RATE_LIMITS=off): before the used tokens were bounded,
// 15,000 grew the heap by about half.
const REFRESHES = 15_000

describe(`one session refreshing ${REFRESHES.toLocaleString('en-US')} times in a loop`, () => {
  it("keeps the stub's heap flat: what a session keeps does not grow with its refreshes", async () => {
    const report = await runRefreshFlood({ refreshes: REFRESHES, seconds: 300, rateLimits: 'off' })
    expect(report.errors).toEqual({})
    expect(report.answers).toEqual({ '200': REFRESHES })
    const growth = report.last.memory.heapUsed / report.first.memory.heapUsed
    expect(growth).toBeLessThan(1.2)
  })
})
