import { DEMO_ACCOUNT } from '@devenv/stub-api/dev-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { exchangeLine, type StubExchange } from './exchange'
import { createNodeStub, DEFAULT_NODE_STUB_ORIGIN } from './node'
import { API_SECURITY_HEADERS } from './security-headers'

const exchanges: StubExchange[] = []
const stub = createNodeStub({
  mode: 'test',
  scryptCost: 1024,
  onExchange: (exchange) => exchanges.push(exchange),
})
const api = `${DEFAULT_NODE_STUB_ORIGIN}/api`
const json = { 'content-type': 'application/json' }

beforeAll(() => stub.start())
afterAll(() => stub.stop())
afterEach(async () => {
  await stub.reset()
  exchanges.length = 0
})

const signIn = (headers: Record<string, string> = {}) =>
  fetch(`${api}/auth/auth`, {
    method: 'POST',
    headers: { ...json, ...headers },
    body: JSON.stringify(DEMO_ACCOUNT),
  })

const register = (email: string, headers: Record<string, string> = {}) =>
  fetch(`${api}/auth/registration`, {
    method: 'POST',
    headers: { ...json, ...headers },
    body: JSON.stringify({
      username: email,
      password: 'Registered-Pass-2026!',
      firstName: 'Ana',
      lastName: 'Kapanadze',
      userType: 'PERSONAL',
    }),
  })

const mailbox = async (to: string, query = '') =>
  (await (
    await fetch(`${DEFAULT_NODE_STUB_ORIGIN}/__dev/mailbox?to=${encodeURIComponent(to)}${query}`)
  ).json()) as {
    items: unknown[]
  }

describe('createNodeStub (MSW intercepting fetch at a fake origin)', () => {
  it('signs the seeded account in, with the API security headers', async () => {
    const answer = await signIn()
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
    const body = (await answer.json()) as { access_token?: unknown }
    expect(typeof body.access_token).toBe('string')
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
      expect(answer.headers.get(name)).toBe(value)
    }
  })

  it('answers a wrong password with the contract 401, validated like the server', async () => {
    const wrong = await fetch(`${api}/auth/auth`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ ...DEMO_ACCOUNT, password: 'not-the-password' }),
    })
    expect(wrong.status).toBe(401)
    const invalid = await fetch(`${api}/auth/auth`, {
      method: 'POST',
      headers: json,
      body: '{"email":1}',
    })
    expect(invalid.status).toBe(400)
    expect(((await invalid.json()) as { message?: unknown }).message).toBe('Validation errors')
  })

  it('checks at most 5 of 50 parallel wrong passwords; the rest, and the right one after them, get 429', async () => {
    const attempt = (password: string) =>
      fetch(`${api}/auth/auth`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: DEMO_ACCOUNT.email, password }),
      })
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        attempt(index === 37 ? DEMO_ACCOUNT.password : 'not-the-password'),
      ),
    )
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(5)
    expect(answers[37]?.status).toBe(429)
    const locked = answers.filter((answer) => answer.status === 429)
    expect(locked).toHaveLength(45)
    expect(locked.every((answer) => Number(answer.headers.get('retry-after')) > 0)).toBe(true)
  })

  it('shares the lock with change-password under parallel requests', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        fetch(`${api}/auth/change-password`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            username: DEMO_ACCOUNT.email,
            oldPassword: index === 20 ? DEMO_ACCOUNT.password : 'not-the-password',
            newPassword: 'Another-Pass-99',
          }),
        }),
      ),
    )
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(5)
    expect(answers[20]?.status).toBe(429)
    expect((await signIn()).status).toBe(429)
  })

  it("moves an address's reset window with POST /__dev/clock, as the server does", async () => {
    const requestReset = async () =>
      (
        await fetch(`${api}/auth/reset-password`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ username: DEMO_ACCOUNT.email }),
        })
      ).status
    const advance = (seconds: number) =>
      fetch(`${DEFAULT_NODE_STUB_ORIGIN}/__dev/clock`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ advanceSeconds: seconds }),
      })
    for (let index = 0; index < 3; index++) expect(await requestReset()).toBe(200)
    expect(await requestReset()).toBe(429)
    expect((await advance(890)).status).toBe(200)
    // The real clock runs on under the offset: ten seconds spare for a slow machine.
    expect(await requestReset()).toBe(429)
    await advance(10)
    expect(await requestReset()).toBe(200)
  })

  it('turns Prefer: reset into a network error', async () => {
    await expect(signIn({ prefer: 'reset' })).rejects.toThrow(TypeError)
    expect(exchanges.at(-1)?.status).toBe(0)
  })

  it('keeps stub sessions apart by cookie, without any header', async () => {
    const email = 'cookie.session@example.com'
    expect((await register(email, { cookie: 'stubSession=cookie-a' })).status).toBe(201)
    expect((await mailbox(email, '&stubSession=cookie-a')).items).toHaveLength(1)
    expect((await mailbox(email)).items).toHaveLength(0)
    expect(exchanges[0]?.session).toBe('cookie-a')
  })

  it('resets every store to its seeds', async () => {
    const email = 'reset.me@example.com'
    expect((await register(email)).status).toBe(201)
    expect((await mailbox(email)).items).toHaveLength(1)
    await stub.reset()
    expect((await mailbox(email)).items).toHaveLength(0)
  })

  it('reports each exchange in one readable line, secrets redacted', async () => {
    await mailbox('someone@example.com', '&stubSession=quiet')
    await fetch(`${DEFAULT_NODE_STUB_ORIGIN}/__dev/sso?token=secret-access&refresh=secret-refresh`)
    await signIn()
    const lines = exchanges.map(exchangeLine)
    expect(lines[0]).toMatch(
      /^\[stub\] GET \/__dev\/mailbox\?to=someone%40example\.com&stubSession=quiet 200 \d+\.\d ms \[session quiet\]$/,
    )
    expect(lines[1]).toContain('/__dev/sso?token=[redacted]&refresh=[redacted]')
    expect(lines[2]).toMatch(/^\[stub\] POST \/api\/auth\/auth 200 \d+\.\d ms$/)
    const text = lines.join('\n')
    for (const secret of ['secret-access', 'secret-refresh', DEMO_ACCOUNT.password]) {
      expect(text).not.toContain(secret)
    }
    expect(
      exchangeLine({ method: 'GET', url: '/api/health', status: 0, durationMs: 1, session: null }),
    ).toBe('[stub] GET /api/health reset 1.0 ms')
  })

  it('answers the development admin panel as data (a worker never sees page navigations)', async () => {
    const { access_token, refresh_token } = (await (await signIn()).json()) as Record<
      string,
      string
    >
    const receiver = `${DEFAULT_NODE_STUB_ORIGIN}/__dev/sso.json`
    const arrived = await fetch(
      `${receiver}?token=${access_token}&refresh=${refresh_token}&token_valid_seconds=900`,
    )
    expect(arrived.headers.get('cache-control')).toBe('no-store')
    const text = await arrived.text()
    expect(JSON.parse(text)).toMatchObject({
      state: 'valid',
      email: DEMO_ACCOUNT.email,
      demo: true,
      refreshGiven: true,
      tokenValidSeconds: '900',
      secondsLeft: expect.any(Number),
    })
    expect(text).not.toContain(String(access_token))
    expect(text).not.toContain(String(refresh_token))
    expect(await (await fetch(receiver)).json()).toMatchObject({ state: 'missing' })
    expect(await (await fetch(`${receiver}?token=forged`)).json()).toMatchObject({
      state: 'invalid',
      reason: 'the signature or the claims are not valid',
    })
  })

  it("answers 405 with Allow naming the path's methods for a method the path does not have, 404 for no path", async () => {
    // fetch refuses to send TRACE (a forbidden method); the Fastify suite sends it.
    for (const [method, url, allow] of [
      ['DELETE', `${api}/auth/auth`, 'POST'],
      ['QUERY', `${api}/auth/auth`, 'POST'],
      ['PATCH', `${api}/health`, 'GET, HEAD'],
    ] as const) {
      const answer = await fetch(url, { method })
      expect(answer.status, `${method} ${url}`).toBe(405)
      expect(answer.headers.get('allow')).toBe(allow)
      expect(await answer.json()).toEqual({ message: 'Method not allowed' })
    }
    const nowhere = await fetch(`${api}/nothing-here`, { method: 'DELETE' })
    expect(nowhere.status).toBe(404)
  })

  it('leaves other origins to the network', async () => {
    // Nothing listens at this address: the request must fail as a real one would, not be answered.
    await expect(fetch('http://127.0.0.1:9/api/health')).rejects.toThrow()
    expect(exchanges).toEqual([])
  })
})
