import type { OutgoingHttpHeaders } from 'node:http'
import { loadContract } from '@devenv/openapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FUZZ_JWT_SECRET } from '../../src/fuzz/bearer'
import { runFuzz } from '../../src/fuzz/property-run'
import { MODEL_DELETE_SECONDS, MODEL_PROVISION_SECONDS } from '../../src/fuzz/stateful/model'
import { runStateful } from '../../src/fuzz/stateful/run'
import { FUZZ_CLOCK_START } from '../../src/fuzz/stub-world'
import {
  type Answer,
  httpTransport,
  inProcessTransport,
  type Transport,
  type WireRequest,
} from '../../src/http'
import { fastifyStub, MSW_ORIGIN, mswStub, type StubSettings } from '../fixtures/stub-adapters'

// The fuzzer's requests, sent to both adapters from the same seed, answer by answer. The clock
// and the randomness are fixed in both, so ids, tokens and timestamps are equal, not normalised.
const SEED = 20_261_123
const RANDOM_SEED = 7
const REQUESTS = 200
const SEQUENCES = 4

/** The fuzz stub's settings (`buildFuzzStub`), which both adapters take. */
const SETTINGS: StubSettings = {
  mode: 'test',
  scryptCost: 1024,
  now: () => FUZZ_CLOCK_START,
  jwtSecret: FUZZ_JWT_SECRET,
  rateLimits: 'on',
  provisionSeconds: MODEL_PROVISION_SECONDS,
  deleteSeconds: MODEL_DELETE_SECONDS,
}

/** Headers a transport adds or words its own way; everything else an answer says is compared. */
const TRANSPORT_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'vary',
  'access-control-allow-origin',
  'access-control-expose-headers',
])

type Exchange = { request: string; status: number; headers: Record<string, string>; text: string }

function comparable(request: WireRequest, answer: Answer): Exchange {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined && !TRANSPORT_HEADERS.has(name.toLowerCase()))
      headers[name.toLowerCase()] = String(value)
  }
  return {
    request: `${request.method} ${request.url} ${request.body?.toString('utf8') ?? ''}`,
    status: answer.status,
    headers,
    text: answer.text,
  }
}

/** A transport that keeps every request it sent and the answer it got. */
function recorded(transport: Transport): { transport: Transport; exchanges: Exchange[] } {
  const exchanges: Exchange[] = []
  return {
    exchanges,
    transport: {
      ...transport,
      send: async (request) => {
        const answer = await transport.send(request)
        exchanges.push(comparable(request, answer))
        return answer
      },
    },
  }
}

async function fuzzBoth(transport: Transport): Promise<Exchange[]> {
  const contract = loadContract()
  const recorder = recorded(transport)
  await runFuzz({
    transport: recorder.transport,
    contract,
    requests: REQUESTS,
    seed: SEED,
    shrinkLimit: 0,
  })
  await runStateful({ transport: recorder.transport, contract, runs: SEQUENCES, seed: SEED })
  return recorder.exchanges
}

let fastify: ReturnType<typeof fastifyStub>
let msw: Awaited<ReturnType<typeof mswStub>>
let fromFastify: Exchange[]
let fromMsw: Exchange[]

beforeAll(async () => {
  // The seeded passwords' hashes are kept per process (core/state/seeds.ts): only the first stub
  // built draws their salts. A first stub here makes both adapters start from the same draw.
  const warmUp = fastifyStub(SETTINGS)
  await warmUp.ready()
  await warmUp.close()
  fastify = fastifyStub(SETTINGS, RANDOM_SEED)
  await fastify.ready()
  fromFastify = await fuzzBoth(
    inProcessTransport(async (request) =>
      fastify.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers as OutgoingHttpHeaders,
        ...(request.body !== undefined ? { payload: request.body } : {}),
      }),
    ),
  )
  msw = await mswStub(SETTINGS, RANDOM_SEED)
  fromMsw = await fuzzBoth(httpTransport(MSW_ORIGIN))
})

afterAll(async () => {
  await Promise.all([fastify?.close(), msw?.stop()])
})

describe('fuzz sequences against both adapters from one seed', () => {
  it('send the same requests and get the same answers, one by one', () => {
    expect(fromFastify.length).toBeGreaterThan(REQUESTS)
    expect(fromMsw.length).toBe(fromFastify.length)
    for (const [index, answer] of fromMsw.entries()) {
      expect(answer, `exchange ${index}: ${answer.request}`).toEqual(fromFastify[index])
    }
  })

  it('reach more than the happy paths (4xx of several kinds and 2xx)', () => {
    const statuses = new Set(fromMsw.map((exchange) => exchange.status))
    expect([...statuses].filter((status) => status >= 400 && status < 500).length).toBeGreaterThan(
      3,
    )
    expect([...statuses].some((status) => status >= 200 && status < 300)).toBe(true)
  })
})
