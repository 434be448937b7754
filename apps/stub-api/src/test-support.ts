import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { buildServer, type ServerOptions } from './server'

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

export type TokenPairBody = {
  access_token: string
  refresh_token: string
  token_valid_seconds: number
}

export { DEMO_ACCOUNT as DEMO, USER_ACCOUNT as USER } from './dev-client'

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
      headers: {
        ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
        ...(request.session ? { 'x-stub-session': request.session } : {}),
        ...request.headers,
      },
      ...(request.body !== undefined ? { payload: JSON.stringify(request.body) } : {}),
    })
  const signIn = async (email: string, password: string, session?: string) => {
    const response = await call({ url: '/api/auth/auth', body: { email, password }, session })
    if (response.statusCode !== 200) {
      throw new Error(`sign-in of ${email} answered ${response.statusCode}: ${response.body}`)
    }
    return response.json<TokenPairBody>()
  }
  return { app, clock, call, signIn, close: () => app.close() }
}
