import { judgeAnswer, loadContract, problemsOf } from '@devenv/openapi'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { StubStore } from '../state/store'
import { DEMO, startTestStub, type TestAnswer, type TestStub, USER } from '../test-support'
import { API_MESSAGES } from './messages'

// Every documented status of every operation is provoked here, and each answer is judged by the
// contract's own judgement (status, media type, body schema, required headers). The stub runs in
// development mode, which sends a drifting answer as it is: test mode would turn it into a 500
// that matches the contract, so a 500 row could not fail. A 500 row also proves the answer is the
// fault path's (its fixed message), not an answer the stub named as drifting.

let stub: TestStub
let sessions = 0
/** Sessions whose store fails on any use, as a store that cannot be read would. */
const failingSessions = new Set<string>()
const failingStore = new Proxy({} as StubStore, {
  get() {
    throw new Error('the session store cannot be read')
  },
})
beforeAll(async () => {
  stub = await startTestStub({ mode: 'development' })
  const stores = stub.core.stores
  const storeFor = stores.storeFor.bind(stores)
  vi.spyOn(stores, 'storeFor').mockImplementation((id) =>
    id !== null && failingSessions.has(id) ? failingStore : storeFor(id),
  )
})
afterAll(async () => {
  await stub.close()
})

const contract = loadContract()
const ENVIRONMENT = 'fa19cd7d-4dbd-4409-a14a-eb6c400f8d77'
const goService = {
  name: 'checkout-api',
  template: 'go-1.23',
  size: 'professional',
  region: 'eu-central',
}
const contact = {
  firstName: 'Nino',
  lastName: 'Beridze',
  email: 'nino@example.com',
  inquiryType: 'support',
  message: 'Help',
  timestamp: '2026-03-02T09:42:13.512Z',
  source: 'website_contact_form',
  userAgent: 'Mozilla/5.0',
}
const event = {
  type: 'page_view',
  id: 'evt-1',
  timestamp: '2026-03-02T09:42:13.512Z',
  userAgent: 'Mozilla/5.0',
  url: 'http://127.0.0.1:5173/',
}
const report = {
  message: 'Boom',
  url: 'http://127.0.0.1:5173/',
  timestamp: '2026-03-02T09:42:13.512Z',
  userAgent: 'Mozilla/5.0',
}
const chat = { messages: [{ role: 'user', content: 'Hello' }] }

type Session = {
  id: string
  call: (method: string, url: string, body?: unknown, token?: string) => Promise<TestAnswer>
  token: (account?: { email: string; password: string }) => Promise<string>
  repeat: (
    times: number,
    method: string,
    url: string,
    body?: unknown,
    token?: string,
  ) => Promise<TestAnswer>
  registered: (email: string) => Promise<void>
  afterRegistering: (email: string, then: () => Promise<TestAnswer>) => Promise<TestAnswer>
  mail: (email: string) => Promise<Record<string, string>>
  /** From now on, every use of this session's store throws. */
  failStore: () => void
}

function freshSession(): Session {
  const id = `conformance-${++sessions}`
  const call: Session['call'] = (method, url, body, token) =>
    stub.call({ method: method as 'GET', url, body, token, session: id })
  const session: Session = {
    id,
    call,
    token: async (account = USER) =>
      (await stub.signIn(account.email, account.password, id)).access_token,
    repeat: async (times, method, url, body, token) => {
      let last = await call(method, url, body, token)
      for (let index = 1; index < times; index++) last = await call(method, url, body, token)
      return last
    },
    registered: async (email) => {
      await call('POST', '/api/auth/registration', {
        username: email,
        password: 'Tbilisi-Sunrise-2025',
        userType: 'PERSONAL',
      })
    },
    afterRegistering: async (email, then) => {
      await session.registered(email)
      return then()
    },
    mail: async (email) =>
      (await call('GET', `/__dev/mailbox?to=${email}`)).json().items[0].linkParams,
    failStore: () => {
      failingSessions.add(id)
    },
  }
  return session
}

type Provocation = (session: Session) => Promise<TestAnswer>

const wrongPassword = { email: USER.email, password: 'wrong' }
const pending = { email: 'pending@example.com', password: 'Tbilisi-Sunrise-2025' }

const SPECIFIC: Record<string, Provocation> = {
  'signIn 200': (s) => s.call('POST', '/api/auth/auth', USER),
  'signIn 401': (s) => s.call('POST', '/api/auth/auth', wrongPassword),
  'signIn 403': async (s) =>
    s.afterRegistering(pending.email, () => s.call('POST', '/api/auth/auth', pending)),
  'signIn 429': (s) => s.repeat(6, 'POST', '/api/auth/auth', wrongPassword),
  'legacySignIn 200': (s) => s.call('POST', '/api/auth/login', USER),
  'legacySignIn 401': (s) => s.call('POST', '/api/auth/login', wrongPassword),
  'legacySignIn 403': async (s) =>
    s.afterRegistering(pending.email, () => s.call('POST', '/api/auth/login', pending)),
  'legacySignIn 429': (s) => s.repeat(6, 'POST', '/api/auth/login', wrongPassword),
  'register 201': (s) =>
    s.call('POST', '/api/auth/registration', {
      username: 'new@example.com',
      password: 'Tbilisi-Sunrise-2025',
      userType: 'PERSONAL',
    }),
  'register 409': (s) =>
    s.call('POST', '/api/auth/registration', {
      username: USER.email,
      password: 'Tbilisi-Sunrise-2025',
      userType: 'PERSONAL',
    }),
  'register 429': (s) =>
    s.repeat(11, 'POST', '/api/auth/registration', {
      username: USER.email,
      password: 'Tbilisi-Sunrise-2025',
      userType: 'PERSONAL',
    }),
  'signOut 204': (s) => s.call('POST', '/api/auth/logout', {}),
  'refreshToken 200': async (s) =>
    s.call('POST', '/api/auth/token/refresh', {
      refreshToken: (await stub.signIn(USER.email, USER.password, s.id)).refresh_token,
    }),
  'refreshToken 401': (s) => s.call('POST', '/api/auth/token/refresh', { refreshToken: 'unknown' }),
  'refreshToken 429': (s) =>
    s.repeat(121, 'POST', '/api/auth/token/refresh', { refreshToken: 'unknown' }),
  'legacyRefreshToken 200': async (s) =>
    s.call('POST', '/api/auth/refresh', {
      refreshToken: (await stub.signIn(USER.email, USER.password, s.id)).refresh_token,
    }),
  'legacyRefreshToken 401': (s) => s.call('POST', '/api/auth/refresh', { refreshToken: 'unknown' }),
  'legacyRefreshToken 429': (s) =>
    s.repeat(121, 'POST', '/api/auth/refresh', { refreshToken: 'unknown' }),
  'legacyVerifyToken 200': async (s) =>
    s.call('GET', '/api/auth/verify', undefined, await s.token()),
  'getProfile 200': async (s) => s.call('GET', '/api/user/profile', undefined, await s.token()),
  'updateProfile 200': async (s) =>
    s.call('PUT', '/api/user/profile', { firstName: 'A', lastName: 'B' }, await s.token()),
  'changePassword 200': (s) =>
    s.call('POST', '/api/auth/change-password', {
      username: USER.email,
      oldPassword: USER.password,
      newPassword: 'Changed-Pass-12',
    }),
  'changePassword 401': (s) =>
    s.call('POST', '/api/auth/change-password', {
      username: USER.email,
      oldPassword: 'wrong',
      newPassword: 'Changed-Pass-12',
    }),
  'changePassword 403': async (s) =>
    s.afterRegistering(pending.email, () =>
      s.call('POST', '/api/auth/change-password', {
        username: pending.email,
        oldPassword: pending.password,
        newPassword: 'Changed-Pass-12',
      }),
    ),
  'changePassword 429': (s) =>
    s.repeat(6, 'POST', '/api/auth/change-password', {
      username: USER.email,
      oldPassword: 'wrong',
      newPassword: 'Changed-Pass-12',
    }),
  'requestPasswordReset 200': (s) =>
    s.call('POST', '/api/auth/reset-password', { username: USER.email }),
  'requestPasswordReset 401': (s) =>
    s.call('POST', '/api/auth/reset-password', { username: 'nobody@example.com' }),
  'requestPasswordReset 429': (s) =>
    s.repeat(4, 'POST', '/api/auth/reset-password', { username: USER.email }),
  'setPassword 200': async (s) => {
    await s.call('POST', '/api/auth/reset-password', { username: USER.email })
    const { hash } = await s.mail(USER.email)
    return s.call('POST', '/api/auth/set-password', {
      username: USER.email,
      hash,
      password: 'Narikala-Fortress-42',
    })
  },
  'setPassword 401': async (s) => {
    await s.call('POST', '/api/auth/reset-password', { username: USER.email })
    const { hash } = await s.mail(USER.email)
    await s.call('POST', '/__dev/clock', { advanceSeconds: 3601 })
    return s.call('POST', '/api/auth/set-password', {
      username: USER.email,
      hash,
      password: 'Narikala-Fortress-42',
    })
  },
  'activateAccount 200': async (s) => {
    await s.registered(pending.email)
    return s.call('POST', '/api/auth/activate', { token: (await s.mail(pending.email)).activate })
  },
  'resendActivation 200': (s) => s.call('POST', '/api/auth/activate/resend', { email: USER.email }),
  'resendActivation 429': (s) =>
    s.repeat(4, 'POST', '/api/auth/activate/resend', { email: USER.email }),
  'listEnvironments 200': async (s) =>
    s.call('GET', '/api/environments', undefined, await s.token()),
  'createEnvironment 201': async (s) =>
    s.call('POST', '/api/environments', goService, await s.token()),
  'createEnvironment 403': async (s) => {
    const token = await s.token()
    for (let index = 0; index < 5; index++)
      await s.call('POST', '/api/environments', { ...goService, name: `env-${index}` }, token)
    return s.call('POST', '/api/environments', goService, token)
  },
  'createEnvironment 409': async (s) =>
    s.repeat(2, 'POST', '/api/environments', goService, await s.token()),
  'getEnvironment 200': async (s) =>
    s.call('GET', `/api/environments/${ENVIRONMENT}`, undefined, await s.token(DEMO)),
  'getEnvironment 404': async (s) =>
    s.call('GET', `/api/environments/${ENVIRONMENT}`, undefined, await s.token()),
  'deleteEnvironment 202': async (s) =>
    s.call('DELETE', `/api/environments/${ENVIRONMENT}`, undefined, await s.token(DEMO)),
  'deleteEnvironment 404': async (s) =>
    s.call('DELETE', `/api/environments/${ENVIRONMENT}`, undefined, await s.token()),
  'chatCompletion 200': async (s) => s.call('POST', '/api/ai/chat', chat, await s.token()),
  'chatCompletion 429': async (s) => s.repeat(31, 'POST', '/api/ai/chat', chat, await s.token()),
  'listModels 200': async (s) => s.call('GET', '/api/ai/models', undefined, await s.token()),
  'submitContact 201': (s) => s.call('POST', '/api/contact', contact),
  'submitContact 429': (s) => s.repeat(11, 'POST', '/api/contact', contact),
  'requestDemo 201': (s) =>
    s.call('POST', '/api/demo/request', { name: 'N', email: 'n@example.com', company: 'C' }),
  'requestDemo 429': (s) =>
    s.repeat(11, 'POST', '/api/demo/request', { name: 'N', email: 'n@example.com', company: 'C' }),
  'logSecurityEvent 204': (s) => s.call('POST', '/api/security/log', event),
  'logSecurityEvent 429': (s) => s.repeat(121, 'POST', '/api/security/log', event),
  'logError 204': (s) => s.call('POST', '/api/errors/log', report),
  'logError 429': (s) => s.repeat(121, 'POST', '/api/errors/log', report),
  'getHealth 200': (s) => s.call('GET', '/api/health'),
  'getHealth 429': (s) => s.repeat(601, 'GET', '/api/health'),
}

function examplePath(path: string): string {
  return `/api${path.replace('{id}', ENVIRONMENT)}`
}

/** Statuses every operation of a kind can be driven to the same way. */
function genericProvocation(operationId: string, status: string): Provocation | undefined {
  const operation = contract.byId.get(operationId)
  if (!operation) return undefined
  const method = operation.method.toUpperCase()
  const url = examplePath(operation.path)
  const raw = (headers: Record<string, string>, payload: string | Uint8Array, session: Session) =>
    stub.call({
      method,
      url,
      headers: { 'x-stub-session': session.id, ...headers },
      payload,
    })
  switch (status) {
    case '400':
      if (operation.hasRequestBody) {
        return async (s) =>
          s.call(
            method,
            url,
            { nickname: 'nino' },
            operation.requiresAuth ? await s.token() : undefined,
          )
      }
      if (operation.parameters.length > 0)
        return async (s) =>
          s.call(method, url.replace(ENVIRONMENT, 'not-a-uuid'), undefined, await s.token())
      return undefined
    case '401':
      return operation.requiresAuth ? (s) => s.call(method, url) : undefined
    case '413':
      return (s) =>
        raw(
          { 'content-type': 'application/json' },
          JSON.stringify({ padding: 'x'.repeat(1024 * 1024) }),
          s,
        )
    case '415':
      return (s) => raw({ 'content-type': 'text/plain' }, 'hello', s)
    // A fault inside the operation (its store fails after any sign-in), on a valid request: the
    // answer is the one every unexpected error gets, in the operation's documented 500 shape.
    case '500':
      return async (s) => {
        const token = operation.requiresAuth ? await s.token() : undefined
        s.failStore()
        return s.call(method, url, operation.bodyExamples[0]?.value, token)
      }
    default:
      return undefined
  }
}

/**
 * Documented statuses the stub never answers of its own accord, so no row can prove their shape:
 * only `Prefer: code=503` answers them, with the contract's own example (dev-controls.test).
 */
const NEVER_ANSWERED: Readonly<Record<string, string>> = {
  'chatCompletion 503': 'the assistant runs inside the stub, so it is never unavailable',
  'getHealth 503': 'the stub depends on nothing it could lose',
}

const rows = contract.operations.flatMap((operation) =>
  operation.statuses
    .filter((status) => !(`${operation.operationId} ${status}` in NEVER_ANSWERED))
    .map((status) => [operation.operationId, status] as const),
)

/** What the contract's judgement finds wrong with an answer of the operation (none: conforms). */
function contractProblems(operationId: string, answer: TestAnswer): string[] {
  const judgement = judgeAnswer(contract, operationId, {
    status: answer.statusCode,
    headers: answer.headers,
    text: answer.body,
  })
  return problemsOf(judgement).map((problem) => problem.message)
}

describe('every documented answer can be provoked and matches the contract', () => {
  it.each(rows)('%s %s', async (operationId, status) => {
    const provoke = SPECIFIC[`${operationId} ${status}`] ?? genericProvocation(operationId, status)
    expect(provoke, `no way to provoke ${operationId} ${status}`).toBeDefined()
    if (!provoke) return
    const answer = await provoke(freshSession())
    expect(answer.statusCode, answer.body).toBe(Number(status))
    expect(contractProblems(operationId, answer), answer.body).toEqual([])
    if (status === '500') expect(answer.json().message, answer.body).toBe(API_MESSAGES.internal)
  })

  it('leaves out only documented statuses, each with its reason', () => {
    const documented = contract.operations.flatMap((operation) =>
      operation.statuses.map((status) => `${operation.operationId} ${status}`),
    )
    for (const row of Object.keys(NEVER_ANSWERED)) expect(documented).toContain(row)
  })
})

describe('bad input never causes a server error, and is answered as documented', () => {
  const withBodies = contract.operations.filter((operation) => operation.hasRequestBody)

  it.each(withBodies.map((operation) => [operation.operationId, operation] as const))(
    '%s answers 4xx to arbitrary JSON and arbitrary bytes',
    async (_operationId, operation) => {
      const session = freshSession()
      const token = operation.requiresAuth ? await session.token() : undefined
      const url = examplePath(operation.path)
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue())),
          async (body) => {
            const answer = await stub.call({
              method: operation.method.toUpperCase() as 'POST',
              url,
              body,
              token,
              session: `${session.id}-fuzz`,
            })
            expect(answer.statusCode, answer.body).toBeLessThan(500)
            expect(contractProblems(operation.operationId, answer), answer.body).toEqual([])
          },
        ),
        { numRuns: 25 },
      )
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ maxLength: 64 }), async (bytes) => {
          const answer = await stub.call({
            method: operation.method.toUpperCase(),
            url,
            headers: {
              'content-type': 'application/json',
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            payload: bytes,
          })
          expect(answer.statusCode, answer.body).toBeLessThan(500)
          expect(contractProblems(operation.operationId, answer), answer.body).toEqual([])
        }),
        { numRuns: 25 },
      )
    },
  )
})
