import { decodeJwt, SignJWT } from 'jose'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO, startTestStub, type TestStub, USER } from '../test-support'
import { MINUTE, register } from './auth-test-support'

let stub: TestStub
beforeEach(async () => {
  stub = await startTestStub()
})
afterEach(async () => {
  await stub.close()
})

describe('sign-in (POST /auth/auth)', () => {
  // API-9: the answer { access_token, refresh_token, token_valid_seconds }.
  it('issues an HS256 access token with the documented claims and an opaque refresh token', async () => {
    const answer = await stub.call({ url: '/api/auth/auth', body: DEMO })
    expect(answer.statusCode).toBe(200)
    const pair = answer.json()
    expect(pair.token_valid_seconds).toBe(900)
    expect(pair.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const claims = decodeJwt(pair.access_token)
    expect(claims).toMatchObject({
      sub: '882054da-e15a-4fa3-89d7-c32ce9a9171e',
      email: DEMO.email,
      username: DEMO.email,
      name: 'Demo User',
      roles: ['demo'],
      demo: true,
    })
    expect(typeof claims.sid).toBe('string')
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900)
  })

  it('compares the e-mail case-insensitively', async () => {
    const answer = await stub.call({
      url: '/api/auth/auth',
      body: { email: 'USER@DevEnv.Example', password: USER.password },
    })
    expect(answer.statusCode).toBe(200)
  })

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const wrong = await stub.call({ url: '/api/auth/auth', body: { ...USER, password: 'nope' } })
    const unknown = await stub.call({
      url: '/api/auth/auth',
      body: { email: 'nobody@devenv.example', password: 'nope' },
    })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual({
      message: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
    })
    expect(unknown.json()).toEqual(wrong.json())
  })

  it('answers 403 for a right password on an account not activated yet', async () => {
    await register(stub, 'new.person@example.com', 'Tbilisi-Sunrise-2025')
    const answer = await stub.call({
      url: '/api/auth/auth',
      body: { email: 'new.person@example.com', password: 'Tbilisi-Sunrise-2025' },
    })
    expect(answer.statusCode).toBe(403)
    expect(answer.json().code).toBe('ACCOUNT_NOT_ACTIVATED')
  })

  it('answers 400 in the contract shape for a body that is not a sign-in', async () => {
    const answer = await stub.call({ url: '/api/auth/auth', body: { email: 'nino', extra: 1 } })
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toEqual({
      message: 'Validation errors',
      code: 'VALIDATION_FAILED',
      errors: {
        email: 'Please enter a valid email address',
        password: 'This field is required',
        extra: 'Unknown field',
      },
    })
  })

  it('serves the deprecated POST /auth/login with the same semantics', async () => {
    const ok = await stub.call({ url: '/api/auth/login', body: USER })
    expect(ok.statusCode).toBe(200)
    const bad = await stub.call({ url: '/api/auth/login', body: { ...USER, password: 'x' } })
    expect(bad.statusCode).toBe(401)
  })
})

describe('access tokens', () => {
  it('are refused when expired, by the stub clock', async () => {
    const pair = await stub.signIn(USER.email, USER.password)
    stub.clock.advance(899_000)
    expect(
      (await stub.call({ url: '/api/user/profile', token: pair.access_token })).statusCode,
    ).toBe(200)
    stub.clock.advance(2_000)
    const expired = await stub.call({ url: '/api/user/profile', token: pair.access_token })
    expect(expired.statusCode).toBe(401)
    expect(expired.json().code).toBe('TOKEN_EXPIRED')
  })

  it('are refused with alg none, with another key, or tampered with', async () => {
    const pair = await stub.signIn(USER.email, USER.password)
    const [header, payload] = pair.access_token.split('.')
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`
    const otherKey = await new SignJWT(decodeJwt(pair.access_token))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-of-at-least-32-characters!'))
    const claims = { ...decodeJwt(pair.access_token), roles: ['admin'] }
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${pair.access_token.split('.')[2]}`
    for (const token of [none, otherKey, tampered, 'not-a-jwt']) {
      const answer = await stub.call({ url: '/api/user/profile', token })
      expect(answer.statusCode, token).toBe(401)
      expect(answer.json().code).toBe('TOKEN_INVALID')
    }
    const missing = await stub.call({ url: '/api/user/profile' })
    expect(missing.json()).toEqual({ message: 'Authentication required', code: 'UNAUTHORIZED' })
  })

  it('are verified by the deprecated GET /auth/verify, which answers the claims', async () => {
    const pair = await stub.signIn(DEMO.email, DEMO.password)
    const answer = await stub.call({ url: '/api/auth/verify', token: pair.access_token })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({
      valid: true,
      user: {
        id: '882054da-e15a-4fa3-89d7-c32ce9a9171e',
        email: DEMO.email,
        username: DEMO.email,
        name: 'Demo User',
        roles: ['demo'],
        demo: true,
      },
    })
    expect((await stub.call({ url: '/api/auth/verify' })).statusCode).toBe(401)
  })
})

describe('refresh tokens', () => {
  // API-9: the refresh sends { refreshToken } and is answered a new pair.
  it('rotate on every use; the old one is rejected and its reuse revokes the whole session', async () => {
    const first = await stub.signIn(USER.email, USER.password)
    const rotated = await stub.call({
      url: '/api/auth/token/refresh',
      body: { refreshToken: first.refresh_token },
    })
    expect(rotated.statusCode).toBe(200)
    const second = rotated.json()
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect(decodeJwt(second.access_token).sid).toBe(decodeJwt(first.access_token).sid)

    const reuse = await stub.call({
      url: '/api/auth/token/refresh',
      body: { refreshToken: first.refresh_token },
    })
    expect(reuse.statusCode).toBe(401)
    expect(reuse.json().code).toBe('REFRESH_TOKEN_REUSED')

    // Both the attacker's and the legitimate holder's tokens of that session are dead now.
    const afterTheft = await stub.call({
      url: '/api/auth/token/refresh',
      body: { refreshToken: second.refresh_token },
    })
    expect(afterTheft.statusCode).toBe(401)
    expect(afterTheft.json().code).toBe('REFRESH_TOKEN_INVALID')
    expect(
      (await stub.call({ url: '/api/user/profile', token: second.access_token })).statusCode,
    ).toBe(401)
    expect(
      (await stub.call({ url: '/api/user/profile', token: first.access_token })).statusCode,
    ).toBe(401)
  })

  it('leave other sessions of the same account alone', async () => {
    const laptop = await stub.signIn(USER.email, USER.password)
    const phone = await stub.signIn(USER.email, USER.password)
    await stub.call({
      url: '/api/auth/token/refresh',
      body: { refreshToken: laptop.refresh_token },
    })
    await stub.call({
      url: '/api/auth/token/refresh',
      body: { refreshToken: laptop.refresh_token },
    })
    expect(
      (await stub.call({ url: '/api/user/profile', token: phone.access_token })).statusCode,
    ).toBe(200)
  })

  // API-8: a refused refresh says 'Token refresh failed'.
  it('answer 401 for an unknown token and after 7 days', async () => {
    const unknown = await stub.call({
      url: '/api/auth/token/refresh',
      body: { refreshToken: 'D8vjQkTdsAVhaMtgTCLR4LASOeOzMokjT' },
    })
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json()).toEqual({
      message: 'Token refresh failed',
      code: 'REFRESH_TOKEN_INVALID',
    })
    const pair = await stub.signIn(USER.email, USER.password)
    stub.clock.advance(7 * 24 * 60 * MINUTE)
    const late = await stub.call({
      url: '/api/auth/token/refresh',
      body: { refreshToken: pair.refresh_token },
    })
    expect(late.statusCode).toBe(401)
  })

  it('work the same through the deprecated POST /auth/refresh', async () => {
    const pair = await stub.signIn(USER.email, USER.password)
    const rotated = await stub.call({
      url: '/api/auth/refresh',
      body: { refreshToken: pair.refresh_token },
    })
    expect(rotated.statusCode).toBe(200)
    const reuse = await stub.call({
      url: '/api/auth/refresh',
      body: { refreshToken: pair.refresh_token },
    })
    expect(reuse.json().code).toBe('REFRESH_TOKEN_REUSED')
  })
})

describe('sign-out (POST /auth/logout)', () => {
  it('revokes the session of the refresh token: its access and refresh tokens stop working', async () => {
    const pair = await stub.signIn(USER.email, USER.password)
    const answer = await stub.call({
      url: '/api/auth/logout',
      body: { refreshToken: pair.refresh_token },
    })
    expect(answer.statusCode).toBe(204)
    expect(answer.body).toBe('')
    const profile = await stub.call({ url: '/api/user/profile', token: pair.access_token })
    expect(profile.json()).toEqual({ message: 'Session has been revoked', code: 'TOKEN_INVALID' })
    const refresh = await stub.call({
      url: '/api/auth/token/refresh',
      body: { refreshToken: pair.refresh_token },
    })
    expect(refresh.statusCode).toBe(401)
  })

  it('answers 204 without a body, with {} and for an unknown token, revoking nothing', async () => {
    const pair = await stub.signIn(USER.email, USER.password)
    const bare = await stub.call({ method: 'POST', url: '/api/auth/logout' })
    const emptyJson = await stub.call({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
    })
    const empty = await stub.call({ url: '/api/auth/logout', body: {} })
    const unknown = await stub.call({
      url: '/api/auth/logout',
      body: { refreshToken: 'unknown-token' },
    })
    for (const answer of [bare, emptyJson, empty, unknown]) expect(answer.statusCode).toBe(204)
    expect(
      (await stub.call({ url: '/api/user/profile', token: pair.access_token })).statusCode,
    ).toBe(200)
  })
})
