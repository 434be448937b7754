/**
 * The core's tests drive the core alone, as an adapter does: `core.handle()` with a plain request.
 * The adapters (Fastify in src/, MSW in src/msw/) are proven by their own tests.
 */

import { DEMO_ACCOUNT, USER_ACCOUNT } from '@devenv/openapi/dev-protocol'
import { loadPortableContract } from '@devenv/openapi/portable'
import { createStubCore } from './create'
import type { StubCore, StubCoreOptions } from './stub-core'
import type { SerialisedAnswer } from './types'

export { DEMO_ACCOUNT as DEMO, USER_ACCOUNT as USER }

/** A valid contact submission (POST /contact), as the site's form sends it. */
export const CONTACT_SUBMISSION = {
  firstName: 'Nino',
  lastName: 'Beridze',
  email: 'nino.beridze@example.com',
  company: '',
  phone: '',
  inquiryType: 'support',
  message: 'My environment has been provisioning for an hour.',
  newsletter: false,
  timestamp: '2026-03-02T09:42:13.512Z',
  source: 'website_contact_form',
  userAgent: 'Mozilla/5.0',
}

/** A controllable clock for tests: start at a fixed instant, move it by hand. */
export type TestClock = {
  now: () => number
  advance: (ms: number) => void
  set: (ms: number) => void
}

export function testClock(start = Date.parse('2026-03-02T10:00:00Z')): TestClock {
  let current = start
  return {
    now: () => current,
    advance: (ms) => {
      current += ms
    },
    set: (ms) => {
      current = ms
    },
  }
}

export type CallOptions = {
  method?: string
  url: string
  /** Sent as JSON, with its content type. */
  body?: unknown
  /** The body as it is, with no content type unless `headers` gives one. */
  payload?: string | Uint8Array
  token?: string
  session?: string
  headers?: Record<string, string>
  /** The caller's address (per-client rate limits); 127.0.0.1 by default. */
  ip?: string
}

/** An answer of the core as a test reads it (the names of Fastify's `inject()` response). */
export type TestAnswer = {
  statusCode: number
  headers: Record<string, string>
  body: string
  // biome-ignore lint/suspicious/noExplicitAny: a test reads the JSON it expects, as with inject()
  json<Body = any>(): Body
  answer: SerialisedAnswer
}

export type TokenPairBody = {
  access_token: string
  refresh_token: string
  token_valid_seconds: number
}

export type TestStub = {
  core: StubCore
  clock: TestClock
  /** One request with JSON defaults, an optional bearer token and stub session. */
  call: (options: CallOptions) => Promise<TestAnswer>
  signIn: (email: string, password: string, session?: string) => Promise<TokenPairBody>
  close: () => Promise<void>
}

/** A test request's headers: JSON's content type with a body, its bearer token and stub session. */
export function testHeaders(
  request: Pick<CallOptions, 'body' | 'token' | 'session' | 'headers'>,
): Record<string, string> {
  return {
    ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
    ...(request.session ? { 'x-stub-session': request.session } : {}),
    ...request.headers,
  }
}

/** Signs in through a test stub's `call`, or throws with the answer (the test's set-up failed). */
export function signInThrough(
  call: (request: {
    url: string
    body: unknown
    session?: string | undefined
  }) => Promise<{ statusCode: number; body: string; json<Body>(): Body }>,
): TestStub['signIn'] {
  return async (email, password, session) => {
    const answer = await call({ url: '/api/auth/auth', body: { email, password }, session })
    if (answer.statusCode !== 200) {
      throw new Error(`sign-in of ${email} answered ${answer.statusCode}: ${answer.body}`)
    }
    return answer.json<TokenPairBody>()
  }
}

export function testAnswer(answer: SerialisedAnswer): TestAnswer {
  const body = answer.body ?? ''
  return {
    statusCode: answer.status,
    headers: answer.headers,
    body,
    json: () => JSON.parse(body),
    answer,
  }
}

/** The core in test mode (answers checked against the contract), a cheap scrypt and a fixed clock. */
export async function startTestStub(options: Partial<StubCoreOptions> = {}): Promise<TestStub> {
  const clock = testClock()
  const core = createStubCore({
    contract: loadPortableContract(),
    mode: 'test',
    scryptCost: 1024,
    now: clock.now,
    ...options,
  })
  await core.ready()
  const call = async (request: CallOptions) => {
    const text = request.body !== undefined ? JSON.stringify(request.body) : request.payload
    const answer = await core.handle({
      method: request.method ?? (text === undefined ? 'GET' : 'POST'),
      url: request.url,
      headers: testHeaders(request),
      ...(text !== undefined ? { body: text } : {}),
      ip: request.ip ?? '127.0.0.1',
    })
    return testAnswer(answer)
  }
  return { core, clock, call, signIn: signInThrough(call), close: () => core.close() }
}
