import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import {
  createDevClient,
  DEMO_ACCOUNT,
  DEV_PATHS,
  type DevClient,
  fetchTransport,
  STUB_SESSION_HEADER,
  USER_ACCOUNT,
} from '@devenv/openapi/dev-protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer } from './server'

// The stub implements the development protocol: its client over real HTTP against a stub in test
// mode on a free port.
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
    headers: { 'content-type': 'application/json', [STUB_SESSION_HEADER]: session },
    body: JSON.stringify(body),
  })

describe('the stub, through the development protocol', () => {
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

  it('puts API calls in its session, and reads back the session that answered', async () => {
    expect(client.sessionHeaders()).toEqual({ 'x-stub-session': 'dev-client-test' })
    expect(createDevClient({ origin }).sessionHeaders()).toEqual({})
    expect(await client.servedSession()).toBe('dev-client-test')
    expect(await createDevClient({ origin }).servedSession()).toBeNull()
  })

  it('answers every path the protocol names (none is 404 in test mode)', async () => {
    const transport = fetchTransport(origin)
    for (const path of Object.values(DEV_PATHS)) {
      const method = path === DEV_PATHS.reset ? 'POST' : 'GET'
      const answer = await transport({ method, path, headers: { [STUB_SESSION_HEADER]: 'paths' } })
      expect([path, answer.status]).not.toEqual([path, 404])
    }
  })

  it('stops reading where the reader given to its transport stops, and names the request', async () => {
    const capped = fetchTransport(origin, 15_000, async () => {
      throw new Error('over the cap')
    })
    await expect(capped({ method: 'GET', path: DEV_PATHS.clock, headers: {} })).rejects.toThrow(
      'GET /__dev/clock: over the cap',
    )
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
