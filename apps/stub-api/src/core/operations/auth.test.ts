import { decodeJwt, SignJWT } from 'jose'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO, startTestStub, type TestStub, USER } from '../test-support'

let stub: TestStub
beforeEach(async () => {
  stub = await startTestStub()
})
afterEach(async () => {
  await stub.close()
})

const MINUTE = 60_000

type MailItem = { kind: string; to: string; link: string; linkParams: Record<string, string> }

async function lastMail(to: string): Promise<MailItem> {
  const response = await stub.call({ url: `/__dev/mailbox?to=${encodeURIComponent(to)}` })
  const [mail] = response.json<{ items: MailItem[] }>().items
  if (!mail) throw new Error(`no mail for ${to}`)
  return mail
}

async function register(email: string, password = 'Tbilisi-Sunrise-2025') {
  return stub.call({
    url: '/api/auth/registration',
    body: { username: email, password, userType: 'PERSONAL' },
  })
}

async function registerAndActivate(email: string, password = 'Tbilisi-Sunrise-2025') {
  expect((await register(email, password)).statusCode).toBe(201)
  const { linkParams } = await lastMail(email)
  const activation = await stub.call({
    url: '/api/auth/activate',
    body: { token: linkParams.activate },
  })
  expect(activation.statusCode).toBe(200)
}

describe('sign-in (POST /auth/auth)', () => {
  it('issues an HS256 access token with the documented claims and an opaque refresh token', async () => {
    const response = await stub.call({ url: '/api/auth/auth', body: DEMO })
    expect(response.statusCode).toBe(200)
    const pair = response.json()
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
    const response = await stub.call({
      url: '/api/auth/auth',
      body: { email: 'USER@DevEnv.Example', password: USER.password },
    })
    expect(response.statusCode).toBe(200)
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
    await register('new.person@example.com', 'Tbilisi-Sunrise-2025')
    const response = await stub.call({
      url: '/api/auth/auth',
      body: { email: 'new.person@example.com', password: 'Tbilisi-Sunrise-2025' },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json().code).toBe('ACCOUNT_NOT_ACTIVATED')
  })

  it('answers 400 in the contract shape for a body that is not a sign-in', async () => {
    const response = await stub.call({ url: '/api/auth/auth', body: { email: 'nino', extra: 1 } })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
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

describe('login lock', () => {
  const wrong = { email: USER.email, password: 'wrong-password' }

  it('still checks the password after 4 failures, and locks after the 5th', async () => {
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await stub.call({ url: '/api/auth/auth', body: wrong })).statusCode).toBe(401)
    }
    expect((await stub.call({ url: '/api/auth/auth', body: USER })).statusCode).toBe(200)
    // The success above reset the count: five new failures are needed.
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await stub.call({ url: '/api/auth/auth', body: wrong })).statusCode).toBe(401)
    }
    const locked = await stub.call({ url: '/api/auth/auth', body: USER })
    expect(locked.statusCode).toBe(429)
    expect(locked.json()).toEqual({
      message: 'Too many login attempts. Please try again later.',
      code: 'LOGIN_LOCKED',
    })
    expect(Number(locked.headers['retry-after'])).toBe(900)
  })

  it('ends 15 minutes after the last failure, without being extended by locked attempts', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      await stub.call({ url: '/api/auth/auth', body: wrong })
    }
    stub.clock.advance(10 * MINUTE)
    const stillLocked = await stub.call({ url: '/api/auth/auth', body: wrong })
    expect(stillLocked.statusCode).toBe(429)
    expect(Number(stillLocked.headers['retry-after'])).toBe(300)
    stub.clock.advance(5 * MINUTE)
    expect((await stub.call({ url: '/api/auth/auth', body: USER })).statusCode).toBe(200)
  })

  it('follows the stub clock offset set through /__dev/clock', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      await stub.call({ url: '/api/auth/auth', body: wrong })
    }
    expect((await stub.call({ url: '/api/auth/auth', body: USER })).statusCode).toBe(429)
    const jump = await stub.call({ url: '/__dev/clock', body: { advanceSeconds: 901 } })
    expect(jump.json().offsetSeconds).toBe(901)
    expect((await stub.call({ url: '/api/auth/auth', body: USER })).statusCode).toBe(200)
  })

  it('counts failed password changes, and locks sign-in and change-password alike', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const change = await stub.call({
        url: '/api/auth/change-password',
        body: { username: USER.email, oldPassword: 'wrong', newPassword: 'Another-Pass-99' },
      })
      expect(change.statusCode).toBe(401)
    }
    expect((await stub.call({ url: '/api/auth/auth', body: USER })).statusCode).toBe(429)
    const change = await stub.call({
      url: '/api/auth/change-password',
      body: { username: USER.email, oldPassword: USER.password, newPassword: 'Another-Pass-99' },
    })
    expect(change.statusCode).toBe(429)
    expect(change.headers['retry-after']).toBeDefined()
  })

  it('checks at most 5 passwords of 50 parallel wrong sign-ins; the rest answer 429 with Retry-After', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => stub.call({ url: '/api/auth/auth', body: wrong })),
    )
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 401)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(45)
    for (const answer of answers.filter((each) => each.statusCode === 429)) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0)
    }
  })

  it('refuses the right password sent after the fifth failure of the same burst', async () => {
    const burst = Array.from({ length: 40 }, (_, index) => (index === 37 ? USER : wrong))
    const answers = await Promise.all(
      burst.map((body) => stub.call({ url: '/api/auth/auth', body })),
    )
    expect(answers[37]?.statusCode).toBe(429)
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(5)
    expect((await stub.call({ url: '/api/auth/auth', body: USER })).statusCode).toBe(429)
  })

  it('checks at most 5 old passwords of 50 parallel password changes, the right one after them refused', async () => {
    const change = (oldPassword: string) =>
      stub.call({
        url: '/api/auth/change-password',
        body: { username: USER.email, oldPassword, newPassword: 'Another-Pass-99' },
      })
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => change(index === 30 ? USER.password : 'wrong')),
    )
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(5)
    expect(answers[30]?.statusCode).toBe(429)
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(45)
    expect(
      answers.every((answer) => answer.statusCode !== 429 || answer.headers['retry-after']),
    ).toBe(true)
  })

  it('does not count a right password in flight as a failure', async () => {
    const burst = [wrong, wrong, USER, wrong, wrong]
    const answers = await Promise.all(
      burst.map((body) => stub.call({ url: '/api/auth/auth', body })),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 200, 401, 401])
    // Five checks, one of them right: at most four failures count, so sign-in is not locked.
    expect((await stub.call({ url: '/api/auth/auth', body: USER })).statusCode).toBe(200)
  })

  it('is cleared by a successful sign-in: the failures are counted from zero again (AUTH-5)', async () => {
    const attempt = async (body: { email: string; password: string }) =>
      (await stub.call({ url: '/api/auth/auth', body })).statusCode
    for (let failure = 1; failure <= 4; failure++) expect(await attempt(wrong)).toBe(401)
    expect(await attempt(USER)).toBe(200)
    // Not cleared, the first failure after the success would be the fifth and lock sign-in.
    const again: number[] = []
    for (let failure = 1; failure <= 5; failure++) again.push(await attempt(wrong))
    expect(again).toEqual([401, 401, 401, 401, 401])
    // Counted from zero, not switched off: the fifth failure since the success locks it.
    expect(await attempt(USER)).toBe(429)
  })

  it('is kept per e-mail address: another account still signs in', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      await stub.call({ url: '/api/auth/auth', body: wrong })
    }
    expect((await stub.call({ url: '/api/auth/auth', body: DEMO })).statusCode).toBe(200)
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
      const response = await stub.call({ url: '/api/user/profile', token })
      expect(response.statusCode, token).toBe(401)
      expect(response.json().code).toBe('TOKEN_INVALID')
    }
    const missing = await stub.call({ url: '/api/user/profile' })
    expect(missing.json()).toEqual({ message: 'Authentication required', code: 'UNAUTHORIZED' })
  })

  it('are verified by the deprecated GET /auth/verify, which answers the claims', async () => {
    const pair = await stub.signIn(DEMO.email, DEMO.password)
    const response = await stub.call({ url: '/api/auth/verify', token: pair.access_token })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
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
    const response = await stub.call({
      url: '/api/auth/logout',
      body: { refreshToken: pair.refresh_token },
    })
    expect(response.statusCode).toBe(204)
    expect(response.body).toBe('')
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
    for (const response of [bare, emptyJson, empty, unknown]) expect(response.statusCode).toBe(204)
    expect(
      (await stub.call({ url: '/api/user/profile', token: pair.access_token })).statusCode,
    ).toBe(200)
  })
})

describe('registration and activation', () => {
  it('creates an inactive account, e-mails a single-use activation link, and activates once', async () => {
    const response = await register('Nino.Beridze@Example.com ')
    expect(response.statusCode).toBe(400)
    const created = await register('Nino.Beridze@Example.com')
    expect(created.statusCode).toBe(201)
    expect(created.json()).toEqual({
      message: 'Account created successfully. Please check your email to activate your account.',
      username: 'nino.beridze@example.com',
    })
    const mail = await lastMail('nino.beridze@example.com')
    expect(mail.kind).toBe('activation')
    expect(mail.link).toBe(`http://127.0.0.1:5173/?activate=${mail.linkParams.activate}`)
    const token = mail.linkParams.activate
    expect(token).toMatch(/^[A-Za-z0-9_-]{32,128}$/)

    const activated = await stub.call({ url: '/api/auth/activate', body: { token } })
    expect(activated.json()).toEqual({
      message: 'Your account has been activated. You can now sign in.',
    })
    const again = await stub.call({ url: '/api/auth/activate', body: { token } })
    expect(again.statusCode).toBe(400)
    expect(again.json().code).toBe('ACTIVATION_TOKEN_USED')
    await stub.signIn('nino.beridze@example.com', 'Tbilisi-Sunrise-2025')
  })

  it('fills the profile from the optional names and company', async () => {
    await stub.call({
      url: '/api/auth/registration',
      body: {
        username: 'giorgi@kartulisoft.example',
        password: 'Kartuli#Soft9',
        userType: 'COMPANY',
        firstName: 'Giorgi',
        lastName: 'Kapanadze',
        company: 'Kartuli Soft LLC',
      },
    })
    const { linkParams } = await lastMail('giorgi@kartulisoft.example')
    await stub.call({ url: '/api/auth/activate', body: { token: linkParams.activate } })
    const pair = await stub.signIn('giorgi@kartulisoft.example', 'Kartuli#Soft9')
    const profile = await stub.call({ url: '/api/user/profile', token: pair.access_token })
    expect(profile.json()).toMatchObject({
      firstName: 'Giorgi',
      lastName: 'Kapanadze',
      company: 'Kartuli Soft LLC',
      userType: 'COMPANY',
      demo: false,
      roles: [],
    })
  })

  it('answers 409 for a known address, activated or not, whatever its case', async () => {
    expect((await register('USER@devenv.example')).statusCode).toBe(409)
    await register('pending@example.com')
    const duplicate = await register('Pending@Example.com')
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json()).toEqual({
      message: 'An account with this email already exists',
      code: 'EMAIL_TAKEN',
    })
  })

  it('rejects a password under 8 characters with the field named', async () => {
    const response = await register('short@example.com', 'Abc12')
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({
      password: 'Password must be at least 8 characters long',
    })
  })

  it('answers an unknown, malformed and expired activation token as the contract says', async () => {
    const unknown = await stub.call({
      url: '/api/auth/activate',
      body: { token: 'cqvseoubkveDsNjd8MGCOMZI_l1S4Fuxd0mmA-KsO0drNaAL' },
    })
    expect(unknown.json()).toEqual({
      message: 'This activation link is invalid.',
      code: 'ACTIVATION_TOKEN_INVALID',
    })
    const malformed = await stub.call({ url: '/api/auth/activate', body: { token: 'short' } })
    expect(malformed.json().errors).toEqual({
      token: 'Activation token must be 32 to 128 URL-safe characters',
    })
    await register('late@example.com')
    const { linkParams } = await lastMail('late@example.com')
    stub.clock.advance(24 * 60 * MINUTE)
    const expired = await stub.call({
      url: '/api/auth/activate',
      body: { token: linkParams.activate },
    })
    expect(expired.statusCode).toBe(400)
    expect(expired.json().code).toBe('ACTIVATION_TOKEN_EXPIRED')
  })

  it('resends a new link that voids the older one, and answers alike for unknown addresses', async () => {
    await register('again@example.com')
    const first = (await lastMail('again@example.com')).linkParams.activate
    const resend = await stub.call({
      url: '/api/auth/activate/resend',
      body: { email: 'again@example.com' },
    })
    expect(resend.statusCode).toBe(200)
    const second = (await lastMail('again@example.com')).linkParams.activate
    expect(second).not.toBe(first)
    const old = await stub.call({ url: '/api/auth/activate', body: { token: first } })
    expect(old.json().code).toBe('ACTIVATION_TOKEN_INVALID')
    expect(
      (await stub.call({ url: '/api/auth/activate', body: { token: second } })).statusCode,
    ).toBe(200)

    const unknown = await stub.call({
      url: '/api/auth/activate/resend',
      body: { email: 'nobody@example.com' },
    })
    const active = await stub.call({
      url: '/api/auth/activate/resend',
      body: { email: USER.email },
    })
    expect(unknown.json()).toEqual(resend.json())
    expect(active.json()).toEqual(resend.json())
    const mails = await stub.call({ url: `/__dev/mailbox?to=${USER.email}` })
    expect(mails.json().items).toEqual([])
  })

  it('limits registrations to 10 per client per 15 minutes, with Retry-After', async () => {
    for (let index = 0; index < 10; index++) {
      expect((await register(`person${index}@example.com`)).statusCode).toBe(201)
    }
    const limited = await register('person10@example.com')
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({
      message: 'Too many requests. Please try again later.',
      code: 'RATE_LIMITED',
    })
    const retryAfter = Number(limited.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(890)
    expect(retryAfter).toBeLessThanOrEqual(900)
  })
})

describe('password reset', () => {
  async function requestLink(email: string) {
    const response = await stub.call({ url: '/api/auth/reset-password', body: { username: email } })
    expect(response.statusCode).toBe(200)
    return (await lastMail(email.toLowerCase())).linkParams as { user: string; hash: string }
  }

  it('e-mails a 64-hex link that sets the password once, revokes sessions and answers { status, message }', async () => {
    const session = await stub.signIn(USER.email, USER.password)
    const { user, hash } = await requestLink(USER.email)
    expect(user).toBe(USER.email)
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    const mail = await lastMail(USER.email)
    expect(mail.link).toBe(
      `http://127.0.0.1:5173/reset-password?user=user%40devenv.example&hash=${hash}`,
    )

    const set = await stub.call({
      url: '/api/auth/set-password',
      body: { username: user, hash, password: 'Narikala-Fortress-42' },
    })
    expect(set.statusCode).toBe(200)
    expect(set.json()).toEqual({ status: true, message: 'Password has been reset successfully.' })
    expect(
      (await stub.call({ url: '/api/user/profile', token: session.access_token })).statusCode,
    ).toBe(401)
    await stub.signIn(USER.email, 'Narikala-Fortress-42')

    const reuse = await stub.call({
      url: '/api/auth/set-password',
      body: { username: user, hash, password: 'Another-Pass-77' },
    })
    expect(reuse.statusCode).toBe(400)
    expect(reuse.json()).toEqual({
      status: false,
      message: 'This password reset link has already been used.',
      code: 'RESET_LINK_USED',
    })
  })

  it('answers 401 once the link is older than 60 minutes', async () => {
    const { user, hash } = await requestLink(USER.email)
    stub.clock.advance(60 * MINUTE)
    const expired = await stub.call({
      url: '/api/auth/set-password',
      body: { username: user, hash, password: 'Narikala-Fortress-42' },
    })
    expect(expired.statusCode).toBe(401)
    expect(expired.json()).toEqual({
      status: false,
      message: 'This password reset link has expired.',
      code: 'RESET_LINK_EXPIRED',
    })
  })

  it('voids older links when a new one is requested, and refuses another user or hash', async () => {
    const first = await requestLink(USER.email)
    const second = await requestLink(USER.email)
    const old = await stub.call({
      url: '/api/auth/set-password',
      body: { username: USER.email, hash: first.hash, password: 'Narikala-Fortress-42' },
    })
    expect(old.json().code).toBe('RESET_LINK_INVALID')
    const otherUser = await stub.call({
      url: '/api/auth/set-password',
      body: { username: DEMO.email, hash: second.hash, password: 'Narikala-Fortress-42' },
    })
    expect(otherUser.statusCode).toBe(400)
    const unknownHash = await stub.call({
      url: '/api/auth/set-password',
      body: { username: USER.email, hash: 'a'.repeat(40), password: 'Narikala-Fortress-42' },
    })
    expect(unknownHash.json()).toEqual({
      status: false,
      message: 'This password reset link is invalid.',
      code: 'RESET_LINK_INVALID',
    })
    const upper = await stub.call({
      url: '/api/auth/set-password',
      body: {
        username: USER.email,
        hash: second.hash.toUpperCase(),
        password: 'Narikala-Fortress-42',
      },
    })
    expect(upper.statusCode).toBe(200)
  })

  it('answers invalid bodies with status false and the fields', async () => {
    const response = await stub.call({
      url: '/api/auth/set-password',
      body: { username: USER.email, hash: 'xyz', password: 'short' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      status: false,
      message: 'Validation errors',
      code: 'VALIDATION_FAILED',
      errors: {
        hash: 'Reset hash must be 40 to 64 hexadecimal characters',
        password: 'Password must be at least 8 characters long',
      },
    })
  })

  it('activates an account that was never activated', async () => {
    await register('forgetful@example.com')
    const { user, hash } = await requestLink('forgetful@example.com')
    await stub.call({
      url: '/api/auth/set-password',
      body: { username: user, hash, password: 'Narikala-Fortress-42' },
    })
    await stub.signIn('forgetful@example.com', 'Narikala-Fortress-42')
  })

  it('answers 401 "user don\'t exist" for an unknown address', async () => {
    const response = await stub.call({
      url: '/api/auth/reset-password',
      body: { username: 'nobody@example.com' },
    })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: "user don't exist", code: 'USER_NOT_FOUND' })
  })

  it('limits requests to 3 per e-mail address within 15 minutes', async () => {
    for (let index = 0; index < 3; index++) await requestLink(USER.email)
    const limited = await stub.call({
      url: '/api/auth/reset-password',
      body: { username: 'User@DevEnv.example' },
    })
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    const otherAddress = await stub.call({
      url: '/api/auth/reset-password',
      body: { username: DEMO.email },
    })
    expect(otherAddress.statusCode).toBe(200)
  })

  it('limits requests to 10 per client within 15 minutes, whatever the addresses', async () => {
    for (let index = 0; index < 10; index++) {
      const response = await stub.call({
        url: '/api/auth/reset-password',
        body: { username: `someone${index}@example.com` },
      })
      expect(response.statusCode).toBe(401)
    }
    const limited = await stub.call({
      url: '/api/auth/reset-password',
      body: { username: USER.email },
    })
    expect(limited.statusCode).toBe(429)
    const resend = await stub.call({
      url: '/api/auth/activate/resend',
      body: { email: USER.email },
    })
    expect(resend.statusCode).toBe(200)
  })
})

describe('uniform account answers (UNIFORM_ACCOUNT_ANSWERS=true)', () => {
  it('answers 200 for an unknown address, exactly as for a known one, and sends nothing', async () => {
    const uniform = await startTestStub({ uniformAccountAnswers: true })
    const unknown = await uniform.call({
      url: '/api/auth/reset-password',
      body: { username: 'nobody@example.com' },
    })
    const known = await uniform.call({
      url: '/api/auth/reset-password',
      body: { username: USER.email },
    })
    expect(unknown.statusCode).toBe(200)
    expect(unknown.json()).toEqual(known.json())
    const mail = await uniform.call({ url: '/__dev/mailbox?to=nobody@example.com' })
    expect(mail.json().items).toEqual([])
    await uniform.close()
  })
})

describe('registration of a taken address with UNIFORM_ACCOUNT_ANSWERS=true', () => {
  it('answers 201 with the body of a new registration, and mails the owner instead', async () => {
    const uniform = await startTestStub({ uniformAccountAnswers: true })
    const registerWith = (username: string, password: string) =>
      uniform.call({
        url: '/api/auth/registration',
        body: { username, password, userType: 'PERSONAL' },
      })
    const fresh = await registerWith('Nobody.Yet@Example.com', 'Tbilisi-Sunrise-2025')
    const taken = await registerWith('USER@devenv.example', 'Tbilisi-Sunrise-2025')
    expect(fresh.statusCode).toBe(201)
    expect(taken.statusCode).toBe(201)
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type'])
    // The same body, but for the address itself.
    expect(taken.json()).toEqual({ ...fresh.json(), username: USER.email })
    const mails = (
      await uniform.call({ url: `/__dev/mailbox?to=${encodeURIComponent(USER.email)}` })
    ).json().items
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({
      kind: 'registration-attempt',
      subject: 'Someone tried to register with your address',
      link: 'http://127.0.0.1:5173/?auth=forgot-password',
    })
    expect(mails[0].text).toContain('which already has one')
    // Nothing about the account changed: the old password still signs in, the new one does not.
    expect((await uniform.call({ url: '/api/auth/auth', body: USER })).statusCode).toBe(200)
    await uniform.close()
  })

  it('answers 409 for a taken address by default (AUTH-8)', async () => {
    const taken = await register(USER.email)
    expect(taken.statusCode).toBe(409)
    expect(taken.json().code).toBe('EMAIL_TAKEN')
    const mails = (
      await stub.call({ url: `/__dev/mailbox?to=${encodeURIComponent(USER.email)}` })
    ).json().items
    expect(mails).toEqual([])
  })
})

describe('change password (POST /auth/change-password)', () => {
  it('checks the old password and keeps existing sessions', async () => {
    const session = await stub.signIn(USER.email, USER.password)
    const response = await stub.call({
      url: '/api/auth/change-password',
      body: {
        username: USER.email,
        oldPassword: USER.password,
        newPassword: 'Mtatsminda-Evening-77',
      },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Password changed successfully' })
    expect(
      (await stub.call({ url: '/api/user/profile', token: session.access_token })).statusCode,
    ).toBe(200)
    await stub.signIn(USER.email, 'Mtatsminda-Evening-77')
    const old = await stub.call({ url: '/api/auth/auth', body: USER })
    expect(old.statusCode).toBe(401)
  })

  it('answers 401 for a wrong old password, 403 when not activated, 400 for the same password', async () => {
    const wrong = await stub.call({
      url: '/api/auth/change-password',
      body: { username: USER.email, oldPassword: 'nope', newPassword: 'Mtatsminda-Evening-77' },
    })
    expect(wrong.json()).toEqual({
      message: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
    })
    await register('inactive@example.com', 'Tbilisi-Sunrise-2025')
    const inactive = await stub.call({
      url: '/api/auth/change-password',
      body: {
        username: 'inactive@example.com',
        oldPassword: 'Tbilisi-Sunrise-2025',
        newPassword: 'Mtatsminda-Evening-77',
      },
    })
    expect(inactive.statusCode).toBe(403)
    const same = await stub.call({
      url: '/api/auth/change-password',
      body: { username: USER.email, oldPassword: USER.password, newPassword: USER.password },
    })
    expect(same.statusCode).toBe(400)
    expect(Object.keys(same.json().errors)).toEqual(['newPassword'])
  })
})

describe('the password rules on the server (packages/domain newPasswordRuleError)', () => {
  const TOO_WEAK = 'Password is too weak. Please use a stronger password'
  const RESET_RULES =
    'Password must be at least 8 characters long and contain an uppercase letter, a lowercase letter and a number'
  // Eight caseless letters score 20 of 100: weak by the strength score (PWD-1).
  const WEAK = '密码密码密码密码'

  it('refuses a registration under strength 40 with the field message, and creates nothing', async () => {
    const refused = await register('weak@example.com', WEAK)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({
      message: 'Validation errors',
      code: 'VALIDATION_FAILED',
      errors: { password: TOO_WEAK },
    })
    expect((await register('weak@example.com')).statusCode).toBe(201)
  })

  it('refuses a reset password without the checklist, keeping the link usable', async () => {
    await stub.call({ url: '/api/auth/reset-password', body: { username: USER.email } })
    const { linkParams } = await lastMail(USER.email)
    for (const weak of ['aaaaaaaa', '12345678', 'password']) {
      const refused = await stub.call({
        url: '/api/auth/set-password',
        body: { username: linkParams.user, hash: linkParams.hash, password: weak },
      })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toEqual({
        status: false,
        message: 'Validation errors',
        code: 'VALIDATION_FAILED',
        errors: { password: RESET_RULES },
      })
      expect(
        (await stub.call({ url: '/api/auth/auth', body: { email: USER.email, password: weak } }))
          .statusCode,
      ).toBe(401)
    }
    const accepted = await stub.call({
      url: '/api/auth/set-password',
      body: { username: linkParams.user, hash: linkParams.hash, password: 'Narikala-Fortress-42' },
    })
    expect(accepted.statusCode).toBe(200)
  })

  it('refuses a changed password under strength 40 before checking the old one', async () => {
    const refused = await stub.call({
      url: '/api/auth/change-password',
      body: { username: USER.email, oldPassword: USER.password, newPassword: WEAK },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors).toEqual({ newPassword: TOO_WEAK })
    await stub.signIn(USER.email, USER.password)
    // Refused before the old password is checked: no attempt of the login lock is spent.
    for (let attempt = 1; attempt <= 6; attempt++) {
      const wrongOld = await stub.call({
        url: '/api/auth/change-password',
        body: { username: USER.email, oldPassword: 'wrong', newPassword: WEAK },
      })
      expect(wrongOld.statusCode).toBe(400)
    }
    await stub.signIn(USER.email, USER.password)
  })
})

describe('a registered account end to end', () => {
  it('registers, activates, signs in and reads its own profile', async () => {
    await registerAndActivate('tamar@example.com')
    const pair = await stub.signIn('tamar@example.com', 'Tbilisi-Sunrise-2025')
    const profile = await stub.call({ url: '/api/user/profile', token: pair.access_token })
    expect(profile.json()).toMatchObject({
      email: 'tamar@example.com',
      username: 'tamar@example.com',
      firstName: '',
      lastName: '',
      userType: 'PERSONAL',
    })
    expect(profile.json()).not.toHaveProperty('company')
  })
})
