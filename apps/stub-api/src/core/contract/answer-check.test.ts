import { afterEach, describe, expect, it } from 'vitest'
import type { CoreAnswer } from '../answer'
import { startTestStub, type TestStub, USER } from '../test-support'

let stub: TestStub | undefined
afterEach(async () => {
  await stub?.close()
  stub = undefined
})

/** A handler that answers one field more than the contract declares (a drift). */
const withBuild = (answer: CoreAnswer): CoreAnswer => ({
  ...answer,
  json: { ...(answer.json as object), build: 'abc123' },
})

describe('answers checked against the contract', () => {
  it('turn a drifting answer (an undeclared field) into a 500 naming the drift in test mode', async () => {
    stub = await startTestStub({
      hooks: {
        onAnswer: (request, answer) =>
          request.operationId === 'getHealth' ? withBuild(answer) : answer,
      },
    })
    const answer = await stub.call({ url: '/api/health' })
    expect(answer.statusCode).toBe(500)
    expect(answer.json().code).toBe('INTERNAL_ERROR')
    expect(answer.json().message).toContain('getHealth (200) does not match the contract')
    expect(answer.json().message).toContain('build')
  })

  it('catch a missing required header (Retry-After on a 429)', async () => {
    // A handler that forgets the header.
    stub = await startTestStub({
      hooks: {
        onAnswer: (_request, answer) => {
          delete answer.headers['retry-after']
          return answer
        },
      },
    })
    const wrong = { email: USER.email, password: 'wrong' }
    for (let index = 0; index < 5; index++) await stub.call({ url: '/api/auth/auth', body: wrong })
    const locked = await stub.call({ url: '/api/auth/auth', body: wrong })
    expect(locked.statusCode).toBe(500)
    expect(locked.json().message).toContain('retry-after header is missing')
  })

  it('only log a drift in development mode, and skip the check in production', async () => {
    const drifts: string[] = []
    for (const mode of ['development', 'production'] as const) {
      stub = await startTestStub({
        mode,
        jwtSecret: 'a-production-secret-of-at-least-32-chars',
        log: {
          info() {},
          warn() {},
          error: (message) => drifts.push(message),
        },
        hooks: { onAnswer: (_request, answer) => withBuild(answer) },
      })
      const answer = await stub.call({ url: '/api/health' })
      expect(answer.statusCode).toBe(200)
      expect(answer.json().build).toBe('abc123')
      await stub.close()
    }
    expect(drifts).toEqual(['answer does not match the contract'])
  })
})
