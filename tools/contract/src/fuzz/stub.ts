import { buildServer, type StubHooks } from '@devenv/stub-api'
import {
  DELETE_SECONDS,
  FUZZ_CLOCK_START,
  FUZZ_JWT_SECRET,
  type FuzzTransport,
  inProcessTransport,
  PROVISION_SECONDS,
} from './transport'

export type FuzzStubOptions = {
  rateLimits?: 'on' | 'off'
  /** A bug planted in the stub's core (the fuzzer's own tests prove it finds one). */
  hooks?: StubHooks
  /** Registration and sign-in answer alike for taken and new addresses (register's 409). */
  uniformAccountAnswers?: boolean
}

/**
 * The stub as the fuzzer wants it, in test mode: an answer that drifts from the contract becomes
 * a 500 naming the drift. Cheap scrypt, a fixed clock, the fuzzer's signing key, error logs
 * captured per request.
 */
export function buildFuzzStub(options: FuzzStubOptions = {}) {
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
    ...(options.hooks ? { hooks: options.hooks } : {}),
    uniformAccountAnswers: options.uniformAccountAnswers ?? false,
  })
  return { app, logged }
}

/** The fuzz stub in process, reached through Fastify's `inject`: no socket, today's speed. */
export async function startFuzzStub(options: FuzzStubOptions = {}): Promise<FuzzTransport> {
  const { app, logged } = buildFuzzStub(options)
  await app.ready()
  return inProcessTransport(
    async (request) => {
      logged.length = 0
      return app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      })
    },
    { logged: () => [...logged], close: () => app.close() },
  )
}
