// The stub `pnpm fuzz` and the bounded in-process fuzz run against: started here, by whoever
// fuzzes it, as the fuzzer wants it (the toolkit imports no stub and exports none).
import {
  FUZZ_CLOCK_START,
  FUZZ_JWT_SECRET,
  inProcessTransport,
  MODEL_DELETE_SECONDS,
  MODEL_PROVISION_SECONDS,
  type Transport,
} from '@devenv/contract/fuzz'
import { buildServer } from '@devenv/stub-api'

/**
 * The stub in test mode, in process (Fastify's `inject`: no socket): an answer that drifts from
 * the contract becomes a 500 naming the drift. Cheap scrypt, the fuzzer's fixed clock, its
 * signing key (its forged tokens are then well signed) and the lifecycle its model assumes; the
 * error lines of each answer are handed over with it.
 */
export async function startFuzzStub(
  options: { rateLimits?: 'on' | 'off' } = {},
): Promise<Transport> {
  const logged: string[] = []
  const app = buildServer({
    mode: 'test',
    logLevel: 'error',
    logStream: { write: (line: string) => void logged.push(line) },
    scryptCost: 1024,
    now: () => FUZZ_CLOCK_START,
    jwtSecret: FUZZ_JWT_SECRET,
    rateLimits: options.rateLimits ?? 'on',
    provisionSeconds: MODEL_PROVISION_SECONDS,
    deleteSeconds: MODEL_DELETE_SECONDS,
  })
  await app.ready()
  return inProcessTransport(
    async (request) => {
      logged.length = 0
      return app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        ...(request.body !== undefined ? { payload: request.body } : {}),
      })
    },
    { logged: () => [...logged], close: () => app.close() },
  )
}

/** `fuzz --stub`'s target: the stub twice, the stateful part's with its rate limits off. */
export const inProcessStub = {
  start: async () => ({
    fuzz: await startFuzzStub(),
    stateful: await startFuzzStub({ rateLimits: 'off' }),
  }),
}
