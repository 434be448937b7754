import { loadContract } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import { runFuzz } from '../src/fuzz/property-run'
import { devControls } from '../src/fuzz/target'
import { inProcessTransport } from '../src/http'
import { startFuzzStub } from './fixtures/fuzz-stub'

describe("the stateful model's clock", () => {
  it('tells a target whose clock stands still (the stub in test mode) from one whose clock runs', async () => {
    const stub = await startFuzzStub()
    try {
      const still = inProcessTransport(async (request) => {
        const answer = await stub.send(request)
        return { statusCode: answer.status, headers: answer.headers, body: answer.text }
      })
      expect(await devControls(still, 1)).toMatchObject({ clockRuns: false })
    } finally {
      await stub.close()
    }
    // A server whose clock is the wall clock, with a mailbox that is always empty.
    const running = inProcessTransport(async (request) => ({
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        request.url.startsWith('/__dev/clock')
          ? { offsetSeconds: 0, now: new Date().toISOString() }
          : { items: [] },
      ),
    }))
    expect(await devControls(running, 1)).toMatchObject({ clockRuns: true })
  })
})

describe('the fuzzer is replayable', () => {
  /** The requests of a run with a given seed, ids and tokens aside (the stub mints new ones). */
  async function requestsOf(seed: number): Promise<string[]> {
    const stub = await startFuzzStub()
    const sent: string[] = []
    const recording = inProcessTransport(async (request) => {
      sent.push(
        `${request.method} ${request.url.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id')}`,
      )
      const answer = await stub.send(request)
      return { statusCode: answer.status, headers: answer.headers, body: answer.text }
    })
    try {
      await runFuzz({ transport: recording, contract: loadContract(), requests: 150, seed })
    } finally {
      await stub.close()
    }
    return sent
  }

  it('sends the same sequence of requests for the same seed, another for another seed', async () => {
    const first = await requestsOf(1234)
    expect(first.length).toBeGreaterThan(150)
    expect(await requestsOf(1234)).toEqual(first)
    expect(await requestsOf(4321)).not.toEqual(first)
  })
})
