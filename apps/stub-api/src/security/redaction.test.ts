import { afterEach, describe, expect, it } from 'vitest'
import { startTestStub, type TestStub, USER } from '../test-support'
import { redactUrl } from './redaction'

let stub: TestStub | undefined
afterEach(async () => {
  await stub?.close()
})

describe('redactUrl', () => {
  it('hides the values of token, refresh and hash query parameters only', () => {
    expect(redactUrl('/__dev/sso?token=abc.def&refresh=xyz&token_valid_seconds=900')).toBe(
      '/__dev/sso?token=[redacted]&refresh=[redacted]&token_valid_seconds=900',
    )
    expect(redactUrl('/reset-password?user=a%40b.co&hash=0123abcd')).toBe(
      '/reset-password?user=a%40b.co&hash=[redacted]',
    )
    expect(redactUrl('/api/health')).toBe('/api/health')
  })
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
