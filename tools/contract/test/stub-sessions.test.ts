import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { buildServer } from '@devenv/stub-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkTarget } from '../src/check/runner'
import { httpTransport } from '../src/http'
import { hasStubSessions } from '../src/stub-sessions'
import { answerHealthy } from './fixtures/cli'

// Whether runs are isolated from each other is read from the target itself, not guessed from its
// mailbox: a staging backend with a mail catcher has mail and no sessions.
const servers: Array<ReturnType<typeof buildServer>> = []
const urls: Record<string, string> = {}
beforeAll(async () => {
  for (const mode of ['test', 'production'] as const) {
    const server = buildServer({
      mode,
      logLevel: 'silent',
      jwtSecret: 'stub-sessions-test-signing-key-0123456789',
    })
    servers.push(server)
    urls[mode] = await server.listen({ host: '127.0.0.1', port: 0 })
  }
})
afterAll(async () => {
  for (const server of servers) await server.close()
})

describe('stub sessions', () => {
  it('are there when the target reads back the session it was sent (the stub in test mode)', async () => {
    expect(await hasStubSessions(httpTransport(`${urls.test}/api/v1`), 'run-1')).toBe(true)
  })

  it('are not there on a target without development controls, or one that names no session', async () => {
    expect(await hasStubSessions(httpTransport(urls.production ?? ''), 'run-1')).toBe(false)
    // An id the stub does not take (a space) is no session: the default store answers.
    expect(await hasStubSessions(httpTransport(urls.test ?? ''), 'run 1')).toBe(false)
    expect(await hasStubSessions(httpTransport('http://127.0.0.1:9', 500), 'run-1')).toBe(false)
  })
})

describe('a run against a target without sessions', () => {
  it('sends X-Stub-Session only to ask whether it has them, never with a request of the run', async () => {
    const seen: Array<{ path: string; session: string | undefined }> = []
    const server = createServer((request, response) => {
      seen.push({ path: request.url ?? '', session: request.headers['x-stub-session'] as string })
      request.resume()
      if (request.url === '/api/health') answerHealthy(response)
      else {
        response.writeHead(404, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }))
      }
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const report = await checkTarget({
        baseUrl: `http://127.0.0.1:${port}`,
        only: { operations: ['getHealth'], flows: [] },
        mailbox: 'off',
      })
      expect(report.notes).toContainEqual(expect.stringMatching(/^stub sessions: no/))
      expect(seen.filter((each) => each.path !== '/__dev/session').length).toBeGreaterThan(1)
      expect(seen.filter((each) => each.session !== undefined).map((each) => each.path)).toEqual([
        '/__dev/session',
      ])
    } finally {
      server.close()
    }
  })
})
