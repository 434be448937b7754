import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDevClient, DEMO_ACCOUNT, type DevClient, USER_ACCOUNT } from './dev-client'
import { buildServer } from './server'

// The client over real HTTP against a stub in test mode on a free port.
const app = buildServer({ mode: 'test', logLevel: 'silent', scryptCost: 1024 })
let origin: string
let client: DevClient
beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' })
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  client = createDevClient({ origin, session: 'dev-client-test' })
})
afterAll(() => app.close())

const post = (path: string, body: unknown, session = 'dev-client-test') =>
  fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-stub-session': session },
    body: JSON.stringify(body),
  })

describe('the development client of the stub', () => {
  it('signs in with the seeded accounts it names', async () => {
    for (const account of [DEMO_ACCOUNT, USER_ACCOUNT]) {
      expect((await post('/api/auth/auth', account)).status).toBe(200)
    }
  })

  it('reads the mailbox of its session, and finds a mailed link', async () => {
    expect(await client.hasMailbox()).toBe(true)
    await post('/api/auth/reset-password', { username: USER_ACCOUNT.email })
    const mail = await client.waitForMail(USER_ACCOUNT.email, 'password-reset')
    expect(mail.linkParams.hash).toMatch(/^[0-9a-f]{64}$/)
    expect(await client.mailedLink(USER_ACCOUNT.email, 'password-reset')).toEqual(mail.linkParams)
    const other = createDevClient({ origin, session: 'dev-client-other' })
    expect(await other.mailbox(USER_ACCOUNT.email)).toEqual([])
  })

  it('moves and sets the clock of its session', async () => {
    expect((await client.advanceClock(60)).offsetSeconds).toBe(60)
    expect((await client.clock()).offsetSeconds).toBe(60)
    expect((await client.setClockOffset(0)).offsetSeconds).toBe(0)
  })

  it('reads the coverage and resets the session', async () => {
    expect((await client.coverage()).summary.operations.covered).toBeGreaterThan(0)
    await client.reset()
    expect((await client.coverage()).summary.operations.covered).toBe(0)
    expect(await client.mailbox(USER_ACCOUNT.email)).toEqual([])
  })

  it('puts API calls in its session', () => {
    expect(client.sessionHeaders()).toEqual({ 'x-stub-session': 'dev-client-test' })
    expect(createDevClient({ origin }).sessionHeaders()).toEqual({})
  })

  it('says no mailbox where there is none, and refuses to start without a target', async () => {
    const production = buildServer({
      mode: 'production',
      logLevel: 'silent',
      scryptCost: 1024,
      jwtSecret: randomBytes(32).toString('hex'),
    })
    await production.listen({ port: 0, host: '127.0.0.1' })
    const port = (production.server.address() as AddressInfo).port
    const none = createDevClient({ origin: `http://127.0.0.1:${port}` })
    expect(await none.hasMailbox()).toBe(false)
    expect(await none.mailbox('x@example.com')).toEqual([])
    await expect(none.clock()).rejects.toThrow('the stub clock answered 404')
    await production.close()
    expect(() => createDevClient({})).toThrow('needs an origin or a transport')
  })
})
