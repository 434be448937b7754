import { loadContract } from '@devenv/openapi'
import { MAX_PREFER_DELAY_MS } from '@devenv/openapi/dev-protocol'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO, startTestStub, type TestStub, USER } from '../test-support'
import { parsePrefer } from './faults'
import { escapeHtml } from './html'

let stub: TestStub
beforeEach(async () => {
  stub = await startTestStub()
})
afterEach(async () => {
  await stub.close()
})

describe('per-test isolation (X-Stub-Session)', () => {
  it('gives each session its own seeded store: accounts, mailbox, locks and limits', async () => {
    const registration = {
      username: 'alice@example.com',
      password: 'Tbilisi-Sunrise-2025',
      userType: 'PERSONAL',
    }
    expect(
      (await stub.call({ url: '/api/auth/registration', body: registration, session: 'test-a' }))
        .statusCode,
    ).toBe(201)
    expect(
      (await stub.call({ url: '/api/auth/registration', body: registration, session: 'test-b' }))
        .statusCode,
    ).toBe(201)
    expect(
      (await stub.call({ url: '/api/auth/registration', body: registration })).statusCode,
    ).toBe(201)
    const mailboxA = await stub.call({ url: '/__dev/mailbox', session: 'test-a' })
    expect(mailboxA.json().items).toHaveLength(1)

    // Seeds exist in every session; a lock in one session does not reach another.
    for (let index = 0; index < 5; index++) {
      await stub.call({
        url: '/api/auth/auth',
        body: { ...USER, password: 'wrong' },
        session: 'test-a',
      })
    }
    expect(
      (await stub.call({ url: '/api/auth/auth', body: USER, session: 'test-a' })).statusCode,
    ).toBe(429)
    expect(
      (await stub.call({ url: '/api/auth/auth', body: USER, session: 'test-b' })).statusCode,
    ).toBe(200)
    expect((await stub.call({ url: '/api/auth/auth', body: USER })).statusCode).toBe(200)
  })

  it('names the session that answered at GET /__dev/session (null for the default store)', async () => {
    expect((await stub.call({ url: '/__dev/session', session: 'test-a' })).json()).toEqual({
      session: 'test-a',
    })
    expect((await stub.call({ url: '/__dev/session' })).json()).toEqual({ session: null })
  })

  it('keeps tokens to their session, and accepts the session as a cookie too', async () => {
    const pair = await stub.signIn(DEMO.email, DEMO.password, 'test-a')
    expect(
      (await stub.call({ url: '/api/user/profile', token: pair.access_token, session: 'test-a' }))
        .statusCode,
    ).toBe(200)
    expect(
      (await stub.call({ url: '/api/user/profile', token: pair.access_token, session: 'test-b' }))
        .statusCode,
    ).toBe(401)
    expect(
      (await stub.call({ url: '/api/user/profile', token: pair.access_token })).statusCode,
    ).toBe(401)
    const cookie = await stub.call({
      url: '/api/user/profile',
      token: pair.access_token,
      headers: { cookie: 'theme=dark; stubSession=test-a' },
    })
    expect(cookie.statusCode).toBe(200)
  })

  it('has its own clock per session', async () => {
    await stub.call({ url: '/__dev/clock', body: { offsetSeconds: 3600 }, session: 'test-a' })
    expect((await stub.call({ url: '/__dev/clock', session: 'test-a' })).json()).toEqual({
      offsetSeconds: 3600,
      now: '2026-03-02T11:00:00.000Z',
    })
    expect((await stub.call({ url: '/__dev/clock' })).json().offsetSeconds).toBe(0)
  })
})

describe('Prefer header', () => {
  it('code=NNN answers the documented example of that status, with its headers', async () => {
    const unavailable = await stub.call({ url: '/api/health', headers: { prefer: 'code=503' } })
    expect(unavailable.statusCode).toBe(503)
    expect(unavailable.json()).toEqual({
      message: 'Service temporarily unavailable',
      code: 'SERVICE_UNAVAILABLE',
    })
    expect(unavailable.headers['retry-after']).toBe('30')
    const expired = await stub.call({
      url: '/api/auth/set-password',
      headers: { prefer: 'code=401' },
      body: {},
    })
    expect(expired.json()).toEqual({
      status: false,
      message: 'This password reset link has expired.',
      code: 'RESET_LINK_EXPIRED',
    })
    const locked = await stub.call({
      url: '/api/auth/auth',
      headers: { prefer: 'code=429' },
      body: USER,
    })
    expect(locked.json().message).toBe('Too many login attempts. Please try again later.')
  })

  it('code= for a status the operation does not document answers 400 naming the documented ones', async () => {
    const answer = await stub.call({ url: '/api/health', headers: { prefer: 'code=418' } })
    expect(answer.statusCode).toBe(400)
    expect(answer.json().message).toContain('documented: 200, 429, 500, 503')
    expect(
      (await stub.call({ url: '/api/health', headers: { prefer: 'code=200' } })).statusCode,
    ).toBe(400)
  })

  it('delay=MS slows the answer down (capped), and combines with code=', async () => {
    expect(parsePrefer('delay=999999').delayMs).toBe(MAX_PREFER_DELAY_MS)
    expect(parsePrefer('code=500, delay=10')).toEqual({ code: 500, delayMs: 10 })
    expect(parsePrefer(['reset'])).toEqual({ reset: true })
    const started = performance.now()
    const answer = await stub.call({
      url: '/api/health',
      headers: { prefer: 'delay=120, code=500' },
    })
    expect(performance.now() - started).toBeGreaterThanOrEqual(100)
    expect(answer.statusCode).toBe(500)
  })

  it('reset asks the adapter to drop the connection without an answer', async () => {
    const reset = await stub.call({ url: '/api/health', headers: { prefer: 'reset' } })
    expect(reset.answer).toEqual({ status: 0, headers: {}, reset: true, session: null })
    expect((await stub.call({ url: '/api/health' })).statusCode).toBe(200)
  })
})

describe('clock control', () => {
  it('sets and advances the offset, and refuses anything else', async () => {
    expect(
      (await stub.call({ url: '/__dev/clock', body: { offsetSeconds: -60 } })).json().offsetSeconds,
    ).toBe(-60)
    expect(
      (await stub.call({ url: '/__dev/clock', body: { advanceSeconds: 120 } })).json(),
    ).toEqual({ offsetSeconds: 60, now: '2026-03-02T10:01:00.000Z' })
    const bad = await stub.call({ url: '/__dev/clock', body: { offsetSeconds: 'soon' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.body).toContain('offsetSeconds')
  })
})

describe('POST /__dev/reset', () => {
  it('restores the seeds and forgets everything else of the session', async () => {
    await stub.call({
      url: '/api/auth/registration',
      body: {
        username: 'gone@example.com',
        password: 'Tbilisi-Sunrise-2025',
        userType: 'PERSONAL',
      },
    })
    await stub.call({
      url: '/api/auth/change-password',
      body: { username: USER.email, oldPassword: USER.password, newPassword: 'Changed-Pass-11' },
    })
    await stub.call({ url: '/__dev/clock', body: { offsetSeconds: 99 } })
    const reset = await stub.call({ url: '/__dev/reset', body: {} })
    expect(reset.statusCode).toBe(200)
    expect((await stub.call({ url: '/__dev/mailbox' })).json().items).toEqual([])
    expect((await stub.call({ url: '/__dev/clock' })).json().offsetSeconds).toBe(0)
    await stub.signIn(USER.email, USER.password)
    const again = await stub.call({
      url: '/api/auth/registration',
      body: {
        username: 'gone@example.com',
        password: 'Tbilisi-Sunrise-2025',
        userType: 'PERSONAL',
      },
    })
    expect(again.statusCode).toBe(201)
  })

  it('with ?all=true drops every isolated session too', async () => {
    await stub.call({ url: '/__dev/clock', body: { offsetSeconds: 99 }, session: 'test-a' })
    const reset = await stub.call({ url: '/__dev/reset?all=true', body: {} })
    expect(reset.json().sessionsDropped).toBe(1)
    expect((await stub.call({ url: '/__dev/clock', session: 'test-a' })).json().offsetSeconds).toBe(
      0,
    )
  })
})

describe('development mailbox page', () => {
  it('lists the e-mails with clickable links, HTML-escaped', async () => {
    await stub.call({ url: '/api/auth/reset-password', body: { username: USER.email } })
    const page = await stub.call({ url: '/__dev/mailbox.html?to="><script>alert(1)</script>' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).not.toContain('<script>')
    expect(page.body).toContain('&quot;&gt;&lt;script&gt;')
    const all = await stub.call({ url: '/__dev/mailbox.html' })
    expect(all.body).toMatch(
      /<a href="http:\/\/127\.0\.0\.1:5173\/reset-password\?user=user%40devenv\.example&amp;hash=[0-9a-f]{64}">/,
    )
  })

  it('reads another stub session with ?stubSession=', async () => {
    await stub.call({
      url: '/api/auth/reset-password',
      body: { username: USER.email },
      session: 'test-a',
    })
    expect((await stub.call({ url: '/__dev/mailbox.html' })).body).toContain('No e-mail yet')
    const page = await stub.call({ url: '/__dev/mailbox.html?stubSession=test-a' })
    expect(page.body).toContain('Reset your DevEnv password')
    expect(page.body).toContain('name="stubSession" value="test-a"')
  })

  it('escapes every HTML-special character', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    )
  })
})

describe('single-sign-on receiver page (GET /__dev/sso)', () => {
  it('shows who arrived, from verified claims, and when the token expires', async () => {
    const pair = await stub.signIn(DEMO.email, DEMO.password)
    const page = await stub.call({
      url: `/__dev/sso?token=${pair.access_token}&refresh=${pair.refresh_token}&token_valid_seconds=900`,
    })
    expect(page.statusCode).toBe(200)
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.body).toContain('Signed in by single sign-on')
    expect(page.body).toContain('demo@devenv.example')
    expect(page.body).toContain('Demo User')
    expect(page.body).toContain('2026-03-02T10:15:00.000Z')
    expect(page.body).not.toContain(pair.access_token)
    expect(page.body).not.toContain(pair.refresh_token)
  })

  it('shows an invalid-token state for a forged, expired or signed-out token', async () => {
    const pair = await stub.signIn(USER.email, USER.password)
    // The signature's first character changed: its last one carries bits a decoder ignores, so
    // a changed ending can decode to the same signature (1 run in about 1,000 saw a valid token).
    const dot = pair.access_token.lastIndexOf('.') + 1
    const first = pair.access_token[dot] === 'A' ? 'B' : 'A'
    const forgedToken = `${pair.access_token.slice(0, dot)}${first}${pair.access_token.slice(dot + 1)}`
    const forged = await stub.call({ url: `/__dev/sso?token=${forgedToken}` })
    expect(forged.body).toContain('Invalid token')
    await stub.call({ url: '/api/auth/logout', body: { refreshToken: pair.refresh_token } })
    const revoked = await stub.call({ url: `/__dev/sso?token=${pair.access_token}` })
    expect(revoked.body).toContain('signed out or revoked')
    const fresh = await stub.signIn(USER.email, USER.password)
    stub.clock.advance(901_000)
    const expired = await stub.call({ url: `/__dev/sso?token=${fresh.access_token}` })
    expect(expired.body).toContain('has expired')
    const none = await stub.call({ url: '/__dev/sso' })
    expect(none.body).toContain('No token')
  })

  it('escapes what it echoes', async () => {
    const page = await stub.call({ url: '/__dev/sso?token_valid_seconds=<b>900</b>' })
    expect(page.body).toContain('&lt;b&gt;900&lt;/b&gt;')
  })
})

describe('development listings', () => {
  it('have an index page of the controls', async () => {
    const page = await stub.call({ url: '/__dev' })
    expect(page.body).toContain('X-Stub-Session')
    // The adapter gives a page its policy (helmet's page headers in Fastify).
    expect(page.answer.page).toBe(true)
  })
})

describe('GET /__dev/coverage', () => {
  type Row = {
    operationId: string
    calls: number
    statuses: Array<{ status: string; count: number }>
    examples: Array<{ in: string; name: string; count: number }>
  }
  const rowOf = (coverage: { operations: Row[] }, operationId: string) =>
    coverage.operations.find((row) => row.operationId === operationId)

  it('answers what this stub session was served, per operation, status and example', async () => {
    const session = 'coverage-a'
    await stub.call({ url: '/api/health', session })
    await stub.call({
      url: '/api/auth/auth',
      body: { email: USER.email, password: 'wrong' },
      session,
    })
    const coverage = (await stub.call({ url: '/__dev/coverage', session })).json()
    expect(coverage.summary.operations.covered).toBe(2)
    expect(
      rowOf(coverage, 'getHealth')?.statuses.find((each) => each.status === '200')?.count,
    ).toBe(1)
    expect(rowOf(coverage, 'signIn')?.statuses.find((each) => each.status === '401')?.count).toBe(1)
    expect(rowOf(coverage, 'getProfile')?.calls).toBe(0)
    // Another session was served nothing.
    const other = (await stub.call({ url: '/__dev/coverage', session: 'coverage-b' })).json()
    expect(other.summary.operations.covered).toBe(0)
  })

  it('knows a documented request example sent as is', async () => {
    const session = 'coverage-example'
    const [example] = loadContract().byId.get('submitContact')?.bodyExamples ?? []
    if (!example) throw new Error('submitContact documents no request example')
    await stub.call({ url: '/api/contact', session, body: example.value })
    const coverage = (await stub.call({ url: '/__dev/coverage', session })).json()
    const examples = rowOf(coverage, 'submitContact')?.examples ?? []
    expect(
      examples.find((each) => each.in === 'request' && each.name === example.name)?.count,
    ).toBe(1)
    expect(coverage.summary.examples.covered).toBeGreaterThanOrEqual(1)
  })

  it('is emptied by the session reset', async () => {
    const session = 'coverage-reset'
    await stub.call({ url: '/api/health', session })
    await stub.call({ url: '/__dev/reset', body: {}, session })
    const coverage = (await stub.call({ url: '/__dev/coverage', session })).json()
    expect(coverage.summary.operations.covered).toBe(0)
  })

  it('answers every session of the process together with ?scope=all, kept across resets', async () => {
    await stub.call({ url: '/api/health', session: 'coverage-one' })
    await stub.call({ url: '/api/health', session: 'coverage-one' })
    await stub.call({
      url: '/api/auth/auth',
      body: { email: USER.email, password: 'wrong' },
      session: 'coverage-two',
    })
    await stub.call({ url: '/__dev/reset', body: {}, session: 'coverage-one' })
    const all = (
      await stub.call({ url: '/__dev/coverage?scope=all', session: 'coverage-three' })
    ).json()
    expect(all.summary.operations.covered).toBe(2)
    expect(rowOf(all, 'getHealth')?.calls).toBe(2)
    expect(rowOf(all, 'signIn')?.statuses.find((each) => each.status === '401')?.count).toBe(1)
    // The session's own view is still its own (emptied by its reset).
    const one = (
      await stub.call({ url: '/__dev/coverage?scope=session', session: 'coverage-one' })
    ).json()
    expect(one.summary.operations.covered).toBe(0)
  })

  it('refuses an unknown scope with a 400', async () => {
    const answer = await stub.call({ url: '/__dev/coverage?scope=everything' })
    expect(answer.statusCode).toBe(400)
  })
})
