import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO, startTestStub, type TestStub, USER } from '../test-support'
import { MINUTE } from './auth-test-support'

let stub: TestStub
beforeEach(async () => {
  stub = await startTestStub()
})
afterEach(async () => {
  await stub.close()
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
