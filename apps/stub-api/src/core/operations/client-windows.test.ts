import { loadPortableContract } from '@devenv/openapi/portable'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startTestStub, type TestStub, USER } from '../test-support'

// Security review 3, items 1 and 2: the per-client windows of the calls that check a password and
// of refresh, as the contract states them (its x-rate-limits, read here as the stub reads them).

const contract = loadPortableContract()

function clientWindowOf(operationId: string) {
  const window = contract.byId
    .get(operationId)
    ?.rateLimits.find((rule) => rule.kind === 'window' && rule.scope === 'client')
  if (!window) throw new Error(`${operationId} states no per-client window`)
  return window
}

let stub: TestStub
beforeEach(async () => {
  stub = await startTestStub()
})
afterEach(async () => {
  await stub.close()
})

const SPRAY = 60

const sprays = {
  signIn: (index: number) => ({
    url: '/api/auth/auth',
    body: { email: `spray-${index}@example.com`, password: 'Summer-2026!' },
  }),
  legacySignIn: (index: number) => ({
    url: '/api/auth/login',
    body: { email: `spray-${index}@example.com`, password: 'Summer-2026!' },
  }),
  changePassword: (index: number) => ({
    url: '/api/auth/change-password',
    body: {
      username: `spray-${index}@example.com`,
      oldPassword: 'Summer-2026!',
      newPassword: 'Mtatsminda-Evening-77',
    },
  }),
}

describe('a client spraying one password across many addresses', () => {
  it.each(Object.keys(sprays) as Array<keyof typeof sprays>)(
    `%s: ${SPRAY} addresses from one client get 429 with Retry-After after the window, well before ${SPRAY}`,
    async (operationId) => {
      const window = clientWindowOf(operationId)
      expect(window.limit).toBeLessThanOrEqual(SPRAY / 2)
      const statuses: number[] = []
      for (let index = 0; index < SPRAY; index++) {
        const answer = await stub.call({ ...sprays[operationId](index), ip: '203.0.113.7' })
        statuses.push(answer.statusCode)
        if (answer.statusCode === 429) {
          expect(answer.json()).toMatchObject({ code: 'RATE_LIMITED' })
          const retryAfter = Number(answer.headers['retry-after'])
          expect(retryAfter).toBeGreaterThanOrEqual(1)
          expect(retryAfter).toBeLessThanOrEqual(window.periodSeconds)
        }
      }
      expect(statuses.slice(0, window.limit)).toEqual(Array(window.limit).fill(401))
      expect(statuses.slice(window.limit)).toEqual(Array(SPRAY - window.limit).fill(429))
      // The window is the client's: another address signs in, and this one waits its period.
      expect(
        (await stub.call({ url: '/api/auth/auth', body: USER, ip: '203.0.113.8' })).statusCode,
      ).toBe(200)
      stub.clock.advance(window.periodSeconds * 1000)
      expect(
        (await stub.call({ ...sprays[operationId](SPRAY), ip: '203.0.113.7' })).statusCode,
      ).toBe(401)
    },
  )

  it('refuses the right password too once the window is full, without checking it', async () => {
    const window = clientWindowOf('signIn')
    for (let index = 0; index < window.limit; index++) {
      await stub.call({ ...sprays.signIn(index), ip: '203.0.113.7' })
    }
    const refused = await stub.call({ url: '/api/auth/auth', body: USER, ip: '203.0.113.7' })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      message: 'Too many requests. Please try again later.',
      code: 'RATE_LIMITED',
    })
  })
})

describe("one session's refresh loop", () => {
  it.each([
    ['refreshToken', '/api/auth/token/refresh'],
    ['legacyRefreshToken', '/api/auth/refresh'],
  ])(
    '%s: answers 429 with Retry-After once the client window is spent',
    async (operationId, url) => {
      const window = clientWindowOf(operationId)
      let { refresh_token: token } = await stub.signIn(USER.email, USER.password)
      for (let refresh = 0; refresh < window.limit; refresh++) {
        const answer = await stub.call({ url, body: { refreshToken: token } })
        expect(answer.statusCode).toBe(200)
        token = answer.json().refresh_token
      }
      const refused = await stub.call({ url, body: { refreshToken: token } })
      expect(refused.statusCode).toBe(429)
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' })
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(window.periodSeconds)
      // The refused refresh spent nothing: the token still works once the window has passed.
      stub.clock.advance(window.periodSeconds * 1000)
      expect((await stub.call({ url, body: { refreshToken: token } })).statusCode).toBe(200)
    },
  )
})
