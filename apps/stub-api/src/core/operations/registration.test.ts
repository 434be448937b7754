import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { portableScrypt } from '../platform/scrypt'
import { startTestStub, type TestStub, USER } from '../test-support'
import { lastMail, MINUTE, register, registerAndActivate } from './auth-test-support'

let stub: TestStub
beforeEach(async () => {
  stub = await startTestStub()
})
afterEach(async () => {
  await stub.close()
})

describe('registration and activation', () => {
  // AUTH-9, API-10: activation by { token }, answered { message }.
  it('creates an inactive account, e-mails a single-use activation link, and activates once', async () => {
    const answer = await register(stub, 'Nino.Beridze@Example.com ')
    expect(answer.statusCode).toBe(400)
    const created = await register(stub, 'Nino.Beridze@Example.com')
    expect(created.statusCode).toBe(201)
    expect(created.json()).toEqual({
      message: 'Account created successfully. Please check your email to activate your account.',
      username: 'nino.beridze@example.com',
    })
    const mail = await lastMail(stub, 'nino.beridze@example.com')
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
    const { linkParams } = await lastMail(stub, 'giorgi@kartulisoft.example')
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
    expect((await register(stub, 'USER@devenv.example')).statusCode).toBe(409)
    await register(stub, 'pending@example.com')
    const duplicate = await register(stub, 'Pending@Example.com')
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json()).toEqual({
      message: 'An account with this email already exists',
      code: 'EMAIL_TAKEN',
    })
  })

  it('rejects a password under 8 characters with the field named', async () => {
    const answer = await register(stub, 'short@example.com', 'Abc12')
    expect(answer.statusCode).toBe(400)
    expect(answer.json().errors).toEqual({
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
    await register(stub, 'late@example.com')
    const { linkParams } = await lastMail(stub, 'late@example.com')
    stub.clock.advance(24 * 60 * MINUTE)
    const expired = await stub.call({
      url: '/api/auth/activate',
      body: { token: linkParams.activate },
    })
    expect(expired.statusCode).toBe(400)
    expect(expired.json().code).toBe('ACTIVATION_TOKEN_EXPIRED')
  })

  // API-10: the activation resend sends { email }.
  it('resends a new link that voids the older one, and answers alike for unknown addresses', async () => {
    await register(stub, 'again@example.com')
    const first = (await lastMail(stub, 'again@example.com')).linkParams.activate
    const resend = await stub.call({
      url: '/api/auth/activate/resend',
      body: { email: 'again@example.com' },
    })
    expect(resend.statusCode).toBe(200)
    const second = (await lastMail(stub, 'again@example.com')).linkParams.activate
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
      expect((await register(stub, `person${index}@example.com`)).statusCode).toBe(201)
    }
    const limited = await register(stub, 'person10@example.com')
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

describe('uniform account answers (UNIFORM_ACCOUNT_ANSWERS=true)', () => {
  // API-7: the uniform answers the stub can give instead.
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
    const taken = await register(stub, USER.email)
    expect(taken.statusCode).toBe(409)
    expect(taken.json().code).toBe('EMAIL_TAKEN')
    const mails = (
      await stub.call({ url: `/__dev/mailbox?to=${encodeURIComponent(USER.email)}` })
    ).json().items
    expect(mails).toEqual([])
  })
})

describe('a registered account end to end', () => {
  it('registers, activates, signs in and reads its own profile', async () => {
    await registerAndActivate(stub, 'tamar@example.com')
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

describe('no sequence of public calls tells a taken address from a new one (UNIFORM_ACCOUNT_ANSWERS=true)', () => {
  /** What a visitor sees of one call: status, body (its own address as `<address>`), Retry-After. */
  type Seen = { step: string; status: number; body: string; retryAfter: boolean; scrypts: number }

  // The sequence of an attacker who picks the password: register, sign in, register again, sign
  // in with the second password, resend the link, ask for a reset, then sign in until the lock.
  async function probe(address: string, ip: string): Promise<Seen[]> {
    let scrypts = 0
    const uniform = await startTestStub({
      uniformAccountAnswers: true,
      platform: {
        scrypt: (password, salt, params) => {
          scrypts += params.N === 1024 ? 1 : 1000 // a different cost would be a different time
          return portableScrypt(password, salt, params)
        },
      },
    })
    // Another visitor registered the pending address first, with a password of their own.
    const pending = 'pending.visitor@example.com'
    const first = await register(uniform, pending, 'Someone-Elses-Pass-7')
    expect(first.statusCode).toBe(201)
    const seen: Seen[] = []
    const step = async (name: string, url: string, body: unknown) => {
      const before = scrypts
      const answer = await uniform.call({ url, body, ip })
      seen.push({
        step: name,
        status: answer.statusCode,
        body: answer.body.replaceAll(address, '<address>'),
        retryAfter: answer.headers['retry-after'] !== undefined,
        scrypts: scrypts - before,
      })
    }
    const signIn = (password: string) => ({ email: address, password })
    await step('register', '/api/auth/registration', {
      username: address,
      password: 'Tbilisi-Sunrise-2025',
      userType: 'PERSONAL',
    })
    await step('sign in', '/api/auth/auth', signIn('Tbilisi-Sunrise-2025'))
    await step('register again', '/api/auth/registration', {
      username: address,
      password: 'Kartuli#Soft9-Again',
      userType: 'PERSONAL',
    })
    await step('sign in, second password', '/api/auth/auth', signIn('Kartuli#Soft9-Again'))
    await step('resend activation', '/api/auth/activate/resend', { email: address })
    await step('forgot password', '/api/auth/reset-password', { username: address })
    for (const attempt of [3, 4, 5, 6])
      await step(`sign in ${attempt}`, '/api/auth/auth', signIn('Tbilisi-Sunrise-2025'))
    await uniform.close()
    return seen
  }

  it('answers registration, sign-in, resend, reset and the lock alike, with the same work', async () => {
    const fresh = await probe('nobody.yet@example.com', '192.0.2.1')
    const taken = await probe(USER.email, '192.0.2.2')
    const pending = await probe('pending.visitor@example.com', '192.0.2.3')
    expect(taken).toEqual(fresh)
    expect(pending).toEqual(fresh)
    // What they all see: a registration is pending until activated, so its password is refused.
    expect(fresh.map((seen) => seen.status)).toEqual([
      201, 401, 201, 401, 200, 200, 401, 401, 401, 429,
    ])
    expect(fresh.map((seen) => seen.scrypts)).toEqual([1, 1, 1, 1, 0, 0, 1, 1, 1, 0])
  })

  it('turns a pending registration into an account when its link is opened', async () => {
    const uniform = await startTestStub({ uniformAccountAnswers: true })
    await register(uniform, 'tamar@example.com')
    const refused = await uniform.call({
      url: '/api/auth/auth',
      body: { email: 'tamar@example.com', password: 'Tbilisi-Sunrise-2025' },
    })
    expect(refused.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' })
    const { linkParams } = await lastMail(uniform, 'tamar@example.com')
    const activated = await uniform.call({
      url: '/api/auth/activate',
      body: { token: linkParams.activate },
    })
    expect(activated.statusCode).toBe(200)
    await uniform.signIn('tamar@example.com', 'Tbilisi-Sunrise-2025')
    await uniform.close()
  })
})
