import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO, startTestStub, type TestStub, USER } from '../test-support'
import { lastMail, MINUTE, register } from './auth-test-support'

let stub: TestStub
beforeEach(async () => {
  stub = await startTestStub()
})
afterEach(async () => {
  await stub.close()
})

describe('password reset', () => {
  async function requestLink(email: string) {
    const answer = await stub.call({ url: '/api/auth/reset-password', body: { username: email } })
    expect(answer.statusCode).toBe(200)
    return (await lastMail(stub, email.toLowerCase())).linkParams as { user: string; hash: string }
  }

  it('e-mails a 64-hex link that sets the password once, revokes sessions and answers { status, message }', async () => {
    const session = await stub.signIn(USER.email, USER.password)
    const { user, hash } = await requestLink(USER.email)
    expect(user).toBe(USER.email)
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    const mail = await lastMail(stub, USER.email)
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

  // API-10, ACCOUNT-3: the request is { username } (the e-mail); the answer is the product's notice.
  it("answers { username } with the notice 'Password reset instructions sent to your email'", async () => {
    const answer = await stub.call({
      url: '/api/auth/reset-password',
      body: { username: USER.email },
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ message: 'Password reset instructions sent to your email' })
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
    const answer = await stub.call({
      url: '/api/auth/set-password',
      body: { username: USER.email, hash: 'xyz', password: 'short' },
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toEqual({
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
    await register(stub, 'forgetful@example.com')
    const { user, hash } = await requestLink('forgetful@example.com')
    await stub.call({
      url: '/api/auth/set-password',
      body: { username: user, hash, password: 'Narikala-Fortress-42' },
    })
    await stub.signIn('forgetful@example.com', 'Narikala-Fortress-42')
  })

  // API-7: the existing backend's answer by default.
  it('answers 401 "user don\'t exist" for an unknown address', async () => {
    const answer = await stub.call({
      url: '/api/auth/reset-password',
      body: { username: 'nobody@example.com' },
    })
    expect(answer.statusCode).toBe(401)
    expect(answer.json()).toEqual({ message: "user don't exist", code: 'USER_NOT_FOUND' })
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
      const answer = await stub.call({
        url: '/api/auth/reset-password',
        body: { username: `someone${index}@example.com` },
      })
      expect(answer.statusCode).toBe(401)
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

describe('change password (POST /auth/change-password)', () => {
  it('checks the old password and keeps existing sessions', async () => {
    const session = await stub.signIn(USER.email, USER.password)
    const answer = await stub.call({
      url: '/api/auth/change-password',
      body: {
        username: USER.email,
        oldPassword: USER.password,
        newPassword: 'Mtatsminda-Evening-77',
      },
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ message: 'Password changed successfully' })
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
    await register(stub, 'inactive@example.com', 'Tbilisi-Sunrise-2025')
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

describe('the password rules on the server (packages/domain newPasswordRuleError, commonPasswordRuleError)', () => {
  const TOO_WEAK = 'Password is too weak. Please use a stronger password'
  const RESET_RULES =
    'Password must be at least 8 characters long and contain an uppercase letter, a lowercase letter and a number'
  // Eight caseless letters score 20 of 100: weak by the strength score (PWD-1).
  const WEAK = '密码密码密码密码'

  it('refuses a registration under strength 40 with the field message, and creates nothing', async () => {
    const refused = await register(stub, 'weak@example.com', WEAK)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({
      message: 'Validation errors',
      code: 'VALIDATION_FAILED',
      errors: { password: TOO_WEAK },
    })
    expect((await register(stub, 'weak@example.com')).statusCode).toBe(201)
  })

  it('refuses a reset password without the checklist, keeping the link usable', async () => {
    await stub.call({ url: '/api/auth/reset-password', body: { username: USER.email } })
    const { linkParams } = await lastMail(stub, USER.email)
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

  // ASVS 2.1.7: each scores exactly 40 (Fair) on PWD-1's scale, and is refused all the same.
  const REVIEWED = ['password', '12345678', 'aaaaaaaa']
  const TRIVIAL = ['abcdefgh', 'qwertyui', 'AAAAAAAAAAAA']

  it('refuses a common, repeated or sequential password at registration, and creates nothing', async () => {
    for (const [index, common] of [...REVIEWED, ...TRIVIAL, 'Password1'].entries()) {
      const email = `common-${index}@example.com`
      const refused = await register(stub, email, common)
      expect(refused.statusCode, common).toBe(400)
      expect(refused.json(), common).toEqual({
        message: 'Validation errors',
        code: 'VALIDATION_FAILED',
        errors: { password: TOO_WEAK },
      })
    }
    // Nothing was created (registrations are rate-limited per client, so one address is tried).
    expect((await register(stub, 'common-0@example.com')).statusCode).toBe(201)
  })

  it('refuses a common, repeated or sequential password on a change, before the old one is checked', async () => {
    for (const common of [...REVIEWED, ...TRIVIAL, 'Password1']) {
      for (const oldPassword of [USER.password, 'wrong']) {
        const refused = await stub.call({
          url: '/api/auth/change-password',
          body: { username: USER.email, oldPassword, newPassword: common },
        })
        expect(refused.statusCode, common).toBe(400)
        expect(refused.json().errors, common).toEqual({ newPassword: TOO_WEAK })
      }
    }
    await stub.signIn(USER.email, USER.password)
  })

  it('refuses a common password that meets the reset checklist, keeping the link usable', async () => {
    await stub.call({ url: '/api/auth/reset-password', body: { username: USER.email } })
    const { linkParams } = await lastMail(stub, USER.email)
    for (const common of ['Password1', 'Qwerty123', 'Iloveyou1']) {
      const refused = await stub.call({
        url: '/api/auth/set-password',
        body: { username: linkParams.user, hash: linkParams.hash, password: common },
      })
      expect(refused.statusCode, common).toBe(400)
      expect(refused.json(), common).toEqual({
        status: false,
        message: 'Validation errors',
        code: 'VALIDATION_FAILED',
        errors: { password: TOO_WEAK },
      })
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
