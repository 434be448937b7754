import { afterEach, describe, expect, it } from 'vitest'
import { startTestStub, type TestStub, USER } from '../test-support'

// The Fastify adapter's log (pino, with the core's redaction paths and serializers) and what the
// core stores of events and reports: no secret in either.

let stub: TestStub | undefined
afterEach(async () => {
  await stub?.close()
})

describe('request log', () => {
  it('never contains passwords, tokens or reset hashes', async () => {
    const lines: string[] = []
    stub = await startTestStub({
      logLevel: 'trace',
      logStream: { write: (line) => lines.push(line) },
    })
    const pair = await stub.signIn(USER.email, USER.password)
    await stub.call({ url: '/api/auth/token/refresh', body: { refreshToken: pair.refresh_token } })
    await stub.call({ url: '/api/user/profile', token: pair.access_token })
    await stub.call({
      url: `/__dev/sso?token=${pair.access_token}&refresh=${pair.refresh_token}&token_valid_seconds=900`,
    })
    await stub.call({
      url: '/api/auth/change-password',
      body: { username: USER.email, oldPassword: USER.password, newPassword: 'Secret-New-Pass-9' },
    })
    await stub.call({ url: '/api/auth/reset-password', body: { username: USER.email } })
    const { hash } = (await stub.call({ url: '/__dev/mailbox' })).json().items[0].linkParams
    await stub.call({
      url: '/api/auth/set-password',
      body: { username: USER.email, hash, password: 'Another-Secret-8' },
    })
    stub.app.log.info(
      {
        body: { password: 'Logged-By-Mistake-1', refreshToken: 'leaky' },
        headers: { authorization: 'Bearer leaky' },
      },
      'a careless log line',
    )

    const log = lines.join('')
    expect(log).toContain('/__dev/sso?token=[redacted]&refresh=[redacted]')
    expect(log).toContain('a careless log line')
    for (const secret of [
      USER.password,
      'Secret-New-Pass-9',
      'Another-Secret-8',
      'Logged-By-Mistake-1',
      'leaky',
      pair.access_token,
      pair.refresh_token,
      hash,
    ]) {
      expect(log).not.toContain(secret)
    }
  })
})

describe('stored security events and error reports', () => {
  it('keep a token, a reset hash and an activation token redacted, in the store and the log', async () => {
    const lines: string[] = []
    stub = await startTestStub({
      logLevel: 'trace',
      logStream: { write: (line) => lines.push(line) },
    })
    const token = 'act-0f1e2d3c4b5a'
    const hash = '0123456789abcdef0123456789abcdef01234567'
    const event = {
      type: 'page_view',
      id: 'evt-1',
      timestamp: '2026-03-02T09:30:13.512Z',
      userAgent: 'Mozilla/5.0',
      url: `http://127.0.0.1:5173/?activate=${token}&auth=login`,
      details: { token, path: `/reset-password?user=a%40b.co&hash=${hash}`, user: 'u' },
    }
    const report = {
      message: `Failed at /reset-password?hash=${hash}`,
      url: `http://127.0.0.1:5173/reset-password?user=a%40b.co&hash=${hash}`,
      timestamp: '2026-03-02T09:35:02.004Z',
      userAgent: 'Mozilla/5.0',
      context: { access_token: token, route: '/' },
    }
    expect((await stub.call({ url: '/api/security/log', body: event })).statusCode).toBe(204)
    expect((await stub.call({ url: '/api/errors/log', body: report })).statusCode).toBe(204)

    const [storedEvent] = (await stub.call({ url: '/__dev/security-log' })).json().items
    const [storedReport] = (await stub.call({ url: '/__dev/errors' })).json().items
    expect(storedEvent.body).toEqual({
      ...event,
      url: 'http://127.0.0.1:5173/?activate=[redacted]&auth=login',
      details: {
        token: '[redacted]',
        path: '/reset-password?user=a%40b.co&hash=[redacted]',
        user: 'u',
      },
    })
    expect(storedReport.body).toMatchObject({
      message: 'Failed at /reset-password?hash=[redacted]',
      url: 'http://127.0.0.1:5173/reset-password?user=a%40b.co&hash=[redacted]',
      context: { access_token: '[redacted]', route: '/' },
    })
    // pino redacts by field name: the secret fields of an event or a report logged by mistake.
    stub.app.log.info(
      { body: { token, details: { hash }, context: { access_token: token } } },
      'an event logged by mistake',
    )
    for (const text of [JSON.stringify([storedEvent, storedReport]), lines.join('')]) {
      expect(text).not.toContain(token)
      expect(text).not.toContain(hash)
    }
    expect(lines.join('')).toContain('an event logged by mistake')
  })
})

describe('redaction by value', () => {
  it('finds tokens in free text of stored events and in unusual query forms of the request log', async () => {
    const lines: string[] = []
    stub = await startTestStub({
      logLevel: 'info',
      logStream: { write: (line) => lines.push(line) },
    })
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1LTEifQ.c2lnbmF0dXJlLXZhbHVl'
    const secrets = ['acc-5e6f7a8b9c', 'ref-0a1b2c3d4e', 'semi-9f8e7d6c', 'brk-1a2b3c4d', jwt]
    const event = {
      type: 'page_view',
      id: 'evt-2',
      timestamp: '2026-03-02T09:30:13.512Z',
      userAgent: 'Mozilla/5.0',
      url: 'http://127.0.0.1:5173/',
      details: {
        note: `sent Authorization: Bearer ${jwt} then access_token=acc-5e6f7a8b9c`,
        answer: 'refresh_token: ref-0a1b2c3d4e, expires_in: 900',
        json: `{"refresh_token":"ref-0a1b2c3d4e","user":"u"}`,
      },
    }
    expect((await stub.call({ url: '/api/security/log', body: event })).statusCode).toBe(204)
    await stub.call({ url: '/api/health?x=1;token=semi-9f8e7d6c' })
    await stub.call({ url: '/api/health?token[]=brk-1a2b3c4d&auth=login' })

    const [stored] = (await stub.call({ url: '/__dev/security-log' })).json().items
    expect(stored.body.details).toEqual({
      note: 'sent Authorization: Bearer [redacted] then access_token=[redacted]',
      answer: 'refresh_token: [redacted], expires_in: 900',
      json: '{"refresh_token":"[redacted]","user":"u"}',
    })
    const log = lines.join('')
    expect(log).toContain('/api/health?x=1;token=[redacted]')
    expect(log).toContain('/api/health?token[]=[redacted]&auth=login')
    for (const text of [JSON.stringify(stored), log]) {
      for (const secret of secrets) expect(text).not.toContain(secret)
    }
  })
})
