import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import {
  signInThrough,
  type TestClock,
  type TokenPairBody,
  testClock,
  testHeaders,
} from './core/test-support'
import { buildServer, type ServerOptions } from './server'

/** The Fastify adapter's tests: the stub built by `buildServer()`, driven through `inject()`. */
export {
  CONTACT_SUBMISSION,
  DEMO,
  type TestClock,
  type TokenPairBody,
  testClock,
  USER,
} from './core/test-support'

export type TestStub = {
  app: FastifyInstance
  clock: TestClock
  /** inject() with JSON defaults, an optional bearer token and stub session. */
  call: (options: CallOptions) => Promise<LightMyRequestResponse>
  signIn: (email: string, password: string, session?: string) => Promise<TokenPairBody>
  close: () => Promise<void>
}

export type CallOptions = {
  method?: InjectOptions['method']
  url: string
  body?: unknown
  token?: string
  session?: string
  headers?: Record<string, string>
}

/** A stub in test mode (answers checked against the contract), with a cheap scrypt and a fixed clock. */
export async function startTestStub(options: ServerOptions = {}): Promise<TestStub> {
  const clock = testClock()
  const app = buildServer({
    mode: 'test',
    logLevel: 'silent',
    scryptCost: 1024,
    now: clock.now,
    ...options,
  })
  await app.ready()
  const call = (request: CallOptions) =>
    app.inject({
      method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
      url: request.url,
      headers: testHeaders(request),
      ...(request.body !== undefined ? { payload: JSON.stringify(request.body) } : {}),
    })
  return { app, clock, call, signIn: signInThrough(call), close: () => app.close() }
}
