import { buildServer } from '@devenv/stub-api'
import { createDevClient, type DevClient } from '@devenv/stub-api/dev-client'

/** The HS256 key the fuzzed stub signs with: known here, so forged tokens can be signed correctly too. */
export const FUZZ_JWT_SECRET = 'reliability-fuzz-secret-known-to-the-fuzzer-only'
/** The stub clock's start (the stub's own test clock starts here too); only per-session offsets move it. */
export const FUZZ_CLOCK_START = Date.parse('2026-03-02T10:00:00Z')
export const PROVISION_SECONDS = 3
export const DELETE_SECONDS = 2

export type OutgoingRequest = {
  method: string
  url: string
  headers: Record<string, string>
  payload?: Buffer
}

export type Answer = {
  status: number
  headers: Record<string, string | string[] | number | undefined>
  text: string
  /** The parsed body when it is JSON. */
  json: unknown
  /** Error lines the stub logged while answering (why a 500 happened). */
  logged: string[]
}

export type FuzzStub = {
  send: (request: OutgoingRequest) => Promise<Answer>
  close: () => Promise<void>
}

/**
 * The stub in process, in test mode: an answer that drifts from the contract becomes a 500 naming
 * the drift. Cheap scrypt, a fixed clock, error logs captured per request.
 */
export async function startFuzzStub(
  options: { rateLimits?: 'on' | 'off' } = {},
): Promise<FuzzStub> {
  const logged: string[] = []
  const app = buildServer({
    mode: 'test',
    logLevel: 'error',
    logStream: { write: (line: string) => void logged.push(line) },
    scryptCost: 1024,
    now: () => FUZZ_CLOCK_START,
    jwtSecret: FUZZ_JWT_SECRET,
    rateLimits: options.rateLimits ?? 'on',
    provisionSeconds: PROVISION_SECONDS,
    deleteSeconds: DELETE_SECONDS,
  })
  await app.ready()
  return {
    send: async (request) => {
      logged.length = 0
      const response = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      })
      const text = response.body
      let json: unknown
      const type = String(response.headers['content-type'] ?? '')
      if (type.includes('json') && text !== '') {
        try {
          json = JSON.parse(text)
        } catch {
          json = undefined
        }
      }
      return {
        status: response.statusCode,
        headers: response.headers,
        text,
        json,
        logged: [...logged],
      }
    },
    close: () => app.close(),
  }
}

/** The stub's development client (mailbox, clock) over this in-process stub, in one stub session. */
export function devClientOf(stub: FuzzStub, session: string): DevClient {
  return createDevClient({
    session,
    transport: async ({ method, path, headers, body }) => {
      const answer = await stub.send({
        method,
        url: path,
        headers,
        ...(body !== undefined ? { payload: Buffer.from(body) } : {}),
      })
      return { status: answer.status, json: answer.json }
    },
  })
}
