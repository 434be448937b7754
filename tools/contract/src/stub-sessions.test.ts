import { buildServer } from '@devenv/stub-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { targetOf } from './http'
import { hasStubSessions } from './stub-sessions'

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
    expect(await hasStubSessions(targetOf(`${urls.test}/api/v1`, 'run-1'))).toBe(true)
  })

  it('are not there on a target without development controls, or one that names no session', async () => {
    expect(await hasStubSessions(targetOf(urls.production ?? '', 'run-1'))).toBe(false)
    // An id the stub does not take (a space) is no session: the default store answers.
    expect(await hasStubSessions(targetOf(urls.test ?? '', 'run 1'))).toBe(false)
    expect(await hasStubSessions(targetOf('http://127.0.0.1:9', 'run-1', 500))).toBe(false)
  })
})
