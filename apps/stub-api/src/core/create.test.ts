import { createRequire } from 'node:module'
import { loadContract } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import { createStubCore } from './create'
import type { StatePersistence } from './state/persistence'
import { testClock } from './test-support'

const contract = loadContract(
  createRequire(import.meta.url).resolve('@devenv/openapi/openapi.yaml'),
)

/** The core without any server, as an adapter drives it. */
function bareCore() {
  return createStubCore({ contract, mode: 'test', scryptCost: 1024, now: testClock().now })
}

/** A started core that keeps its default store through `save` (nothing to load at start). */
async function persistedCore(save: StatePersistence['save']) {
  const core = createStubCore({
    contract,
    mode: 'test',
    scryptCost: 1024,
    persistence: {
      where: 'memory',
      load: async () => ({ status: 'missing' }),
      save,
      flush: async () => undefined,
    },
  })
  await core.ready()
  return core
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', ...headers },
  body: new TextEncoder().encode(JSON.stringify(body)),
})

describe('createStubCore without a server', () => {
  it("refuses to start when a handler's stated method and path are not the contract's", () => {
    const health = contract.byId.get('getHealth')
    if (!health) throw new Error('the contract has no getHealth')
    const byId = new Map(contract.byId).set('getHealth', { ...health, path: '/healthz' })
    const moved = { ...contract, byId }
    expect(() => createStubCore({ contract: moved, mode: 'test' })).toThrow(
      'The handler of getHealth states GET /health, the contract says GET /healthz',
    )
  })

  it('drops the connection for Prefer: reset and names the session that answered', async () => {
    const core = bareCore()
    const reset = await core.handle({
      method: 'GET',
      url: '/api/health',
      headers: { prefer: 'reset' },
      ip: '::1',
    })
    expect(reset.reset).toBe(true)
    const chosen = await core.handle({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-stub-session': 'by-header' },
      ip: '::1',
      session: 'by-adapter',
    })
    expect(chosen.session).toBe('by-adapter')
    expect(chosen.operationId).toBe('getHealth')
    const page = await core.handle({
      method: 'GET',
      url: '/__dev/mailbox.html',
      headers: {},
      ip: '::1',
    })
    expect(page.page).toBe(true)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
  })

  it('keeps the default store through its persistence, not the session stores', async () => {
    const saved: number[] = []
    const core = await persistedCore(async (snapshot) => {
      saved.push(snapshot().accounts.length)
    })
    const register = (headers: Record<string, string>) =>
      core.handle({
        method: 'POST',
        url: '/api/auth/registration',
        ip: '::1',
        ...json(
          {
            username: `${Object.keys(headers).length}@example.com`,
            password: 'Long-Enough-Pass-1',
            userType: 'PERSONAL',
          },
          headers,
        ),
      })
    expect((await register({ 'x-stub-session': 'kept-apart' })).status).toBe(201)
    expect(saved).toEqual([2])
    expect((await register({})).status).toBe(201)
    expect(saved).toEqual([2, 3])
  })

  it("answers a change it could not keep with the operation's own 500, in its shape", async () => {
    let failing = false
    const core = await persistedCore(async () => {
      if (failing) throw new Error('disk full')
    })
    failing = true
    // Setting a password answers every failure status-shaped ({ status: false, ... }), its 500 too.
    const answer = await core.handle({
      method: 'POST',
      url: '/api/auth/set-password',
      ip: '::1',
      ...json({
        username: 'nino.beridze@example.com',
        hash: '7fba1365c5404facd29db55ea827c4d2f6d7a8d2242976bedcbe0f0a59132586',
        password: 'Narikala-Fortress-42',
      }),
    })
    expect(answer.status).toBe(500)
    expect(JSON.parse(answer.body ?? '')).toEqual({
      status: false,
      message: 'An unexpected error occurred. Please try again in a few minutes.',
      code: 'INTERNAL_ERROR',
    })
  })
})
