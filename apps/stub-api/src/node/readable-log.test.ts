import { describe, expect, it } from 'vitest'
import { startTestStub, USER } from '../test-support'

describe('readable log lines (LOG_FORMAT=pretty, the default of development)', () => {
  it('say method, path, status, time and stub session, one line per request, no secrets', async () => {
    const lines: string[] = []
    const stub = await startTestStub({
      logLevel: 'info',
      logFormat: 'pretty',
      logStream: { write: (line) => lines.push(line) },
    })
    const pair = await stub.signIn(USER.email, USER.password, 'log-a')
    await stub.call({ url: '/api/health' })
    await stub.call({ url: `/__dev/sso?token=${pair.access_token}&refresh=${pair.refresh_token}` })
    await stub.close()

    const text = lines.join('')
    const requestLines = text.split('\n').filter((line) => / (GET|POST) \//.test(line))
    expect(requestLines).toHaveLength(3)
    expect(requestLines[0]).toMatch(/POST \/api\/auth\/auth 200 \d+\.\d ms \[session log-a\]/)
    expect(requestLines[1]).toMatch(/GET \/api\/health 200 \d+\.\d ms$/)
    expect(requestLines[2]).toContain('/__dev/sso?token=[redacted]&refresh=[redacted]')
    expect(text).not.toMatch(/^\{/m)
    for (const secret of [USER.password, pair.access_token, pair.refresh_token]) {
      expect(text).not.toContain(secret)
    }
  })
})
