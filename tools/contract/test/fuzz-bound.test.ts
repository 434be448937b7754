import { loadContract } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import { formatSeconds, RunBound } from '../src/fuzz/bound'
import { runFuzz } from '../src/fuzz/property-run'
import { runStateful } from '../src/fuzz/stateful/run'
import { Tally } from '../src/fuzz/tally'
import { startFuzzStub } from './fixtures/fuzz-stub'

/** A clock the test moves by hand. */
function handClock(start = 1_000) {
  let now = start
  return {
    now: () => now,
    move: (ms: number) => {
      now += ms
    },
  }
}

describe('the time bound of a fuzz run (--max-time)', () => {
  it('gives each phase its share counted from the start, so an early end leaves time to the next', () => {
    const clock = handClock()
    const bound = new RunBound(100_000, true, clock.now)
    expect(bound.endOf('properties') - bound.startedAt).toBe(60_000)
    expect(bound.endOf('shrinking') - bound.startedAt).toBe(75_000)
    expect(bound.endOf('stateful') - bound.startedAt).toBe(100_000)
    clock.move(10_000)
    // The properties ended at 10 s: the stateful part has 90 s, not its own 25%.
    expect(bound.leftFor('stateful')).toBe(90_000)
    expect(bound.past('properties')).toBe(false)
    clock.move(50_000)
    expect(bound.past('properties')).toBe(true)
    expect(bound.leftFor('shrinking')).toBe(15_000)
    // Without sequences, the generated requests and their shrinking take it all.
    const alone = new RunBound(100_000, false, clock.now)
    expect(alone.endOf('properties') - alone.startedAt).toBe(85_000)
    expect(alone.endOf('shrinking') - alone.startedAt).toBe(100_000)
  })

  it('once stopped (a signal), has every phase past, so the engine ends at its next look', () => {
    const clock = handClock()
    const bound = new RunBound(100_000, true, clock.now)
    clock.move(1_000)
    bound.stop()
    clock.move(1)
    for (const phase of ['properties', 'shrinking', 'stateful'] as const) {
      expect(bound.past(phase)).toBe(true)
      expect(bound.leftFor(phase)).toBe(0)
    }
  })

  it('prints requests, failures, the phase and the time left, then a closing line of what it cut', () => {
    const clock = handClock()
    const bound = new RunBound(300_000, true, clock.now)
    const tally = new Tally()
    tally.requests.fuzz = 1_234
    tally.requests.setup = 16
    bound.watch(tally)
    bound.phase = 'properties'
    bound.done = 0.42
    clock.move(75_000)
    expect(bound.progressLine()).toBe(
      'fuzz: 1,250 requests, 0 failures, properties 42%, 3:45 left of --max-time 5:00',
    )
    expect(bound.closingLine()).toBe('time: 1:15, within --max-time 5:00')
    bound.cut('1,250 of 2,000 generated requests sent')
    bound.cut('3 of 20 stateful sequences run')
    clock.move(225_000)
    expect(bound.closingLine()).toBe(
      'time: 5:00: --max-time 5:00 cut the run: 1,250 of 2,000 generated requests sent; 3 of 20 stateful sequences run (raise --max-time for the rest)',
    )
  })

  it('reads seconds as a clock does', () => {
    expect(formatSeconds(0)).toBe('0:00')
    expect(formatSeconds(59.6)).toBe('1:00')
    expect(formatSeconds(3_725)).toBe('1:02:05')
  })

  it('ends the generated requests at their share, and says how many of those asked were sent', async () => {
    const transport = await startFuzzStub()
    try {
      const clock = handClock()
      const bound = new RunBound(60_000, false, clock.now)
      // The share (51 s) passes by the 30th request, in the first batch or the second: the batch
      // under way ends, and no other is sent.
      let sends = 0
      const counting = {
        ...transport,
        send: (request: Parameters<typeof transport.send>[0]) => {
          if (++sends === 30) clock.move(51_000)
          return transport.send(request)
        },
      }
      const result = await runFuzz({
        transport: counting,
        contract: loadContract(),
        requests: 2_000,
        seed: 7,
        shrinkLimit: 0,
        bound,
      })
      expect(result.batches).toBeGreaterThanOrEqual(1)
      expect(result.batches).toBeLessThanOrEqual(2)
      expect(result.tally.requests.fuzz).toBeLessThan(160)
      expect(bound.cuts).toEqual([`${result.tally.requests.fuzz} of 2,000 generated requests sent`])
    } finally {
      await transport.close()
    }
  })

  it('shrinks no failure once the time for shrinking is gone, and says which it did not shrink', async () => {
    // The bug: contact and demo requests answer 500 (two failures to shrink).
    const transport = await startFuzzStub({
      hooks: {
        onAnswer: (request) =>
          request.operationId === 'submitContact' || request.operationId === 'requestDemo'
            ? { status: 500, headers: {}, json: { message: 'planted bug', code: 'INTERNAL' } }
            : undefined,
      },
    })
    try {
      const clock = handClock()
      const bound = new RunBound(600_000, false, clock.now)
      // The last batch of generated requests takes the whole bound: nothing is left to shrink in.
      const slow = {
        ...transport,
        send: (request: Parameters<typeof transport.send>[0]) => {
          if (bound.phase === 'properties' && bound.done === 1) clock.move(600_000)
          return transport.send(request)
        },
      }
      const result = await runFuzz({
        transport: slow,
        contract: loadContract(),
        requests: 400,
        seed: 11,
        shrinkLimit: 2,
        bound,
      })
      const failures = [...result.tally.failures.values()]
      expect(failures.map((failure) => failure.operationId).sort()).toEqual([
        'requestDemo',
        'submitContact',
      ])
      for (const failure of failures)
        expect(failure.shrunk).toBe('not shrunk: --max-time left no time for it')
      expect(bound.cuts).toEqual([
        'the shrinking of 2 of 2 failures (each is still reported as found)',
      ])
    } finally {
      await transport.close()
    }
  })

  it('starts no stateful sequence past the bound, and counts those it ran', async () => {
    const transport = await startFuzzStub({ rateLimits: 'off' })
    try {
      const bound = new RunBound(1, true)
      await new Promise((resolve) => setTimeout(resolve, 5))
      const result = await runStateful({ transport, runs: 20, seed: 3, maxCommands: 10, bound })
      expect(result.failure).toBeUndefined()
      expect(result.runs).toBe(0)
      expect(bound.cuts).toEqual(['0 of 20 stateful sequences run'])
    } finally {
      await transport.close()
    }
  })
})
