import { createRequire } from 'node:module'
import { loadContract } from '@devenv/openapi'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestStub, type TestStub, testClock, USER } from '../test-support'
import { createStubCore } from './create'
import type { StubRequest } from './types'

const contract = loadContract(
  createRequire(import.meta.url).resolve('@devenv/openapi/openapi.yaml'),
)
const zeros = (size: number) => new Uint8Array(size)

/** The core without any server, as the MSW adapter drives it. */
function bareCore() {
  return createStubCore({
    contract,
    mode: 'test',
    scryptCost: 1024,
    now: testClock().now,
    platform: { randomBytes: zeros },
  })
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', ...headers },
  body: new TextEncoder().encode(JSON.stringify(body)),
})

/** Requests whose answers must be the same through Fastify and through core.handle(). */
const REQUESTS: Array<Omit<StubRequest, 'ip'>> = [
  { method: 'GET', url: '/api/health', headers: {} },
  { method: 'POST', url: '/api/auth/auth', ...json(USER) },
  { method: 'POST', url: '/api/v1/auth/auth', ...json({ email: USER.email, password: 'wrong-1' }) },
  { method: 'POST', url: '/api/auth/auth', ...json({ email: 'x' }) },
  {
    method: 'POST',
    url: '/api/contact',
    headers: { 'content-type': 'application/json' },
    body: '{"firstName":',
  },
  {
    method: 'POST',
    url: '/api/contact',
    headers: { 'content-type': 'application/json' },
    body: new Uint8Array([0x7b, 0x22, 0xe9, 0x22, 0x7d]),
  },
  {
    method: 'POST',
    url: '/api/auth/set-password',
    headers: { 'content-type': 'text/plain' },
    body: 'hello',
  },
  { method: 'POST', url: '/api/contact', ...json(JSON.parse('{"__proto__":{"x":1}}')) },
  { method: 'GET', url: '/api/environments', headers: {} },
  { method: 'GET', url: '/api/environments/%zz', headers: {} },
  {
    method: 'GET',
    url: `/api/environments/${'a'.repeat(101)}`,
    headers: { authorization: 'Bearer x' },
  },
  { method: 'GET', url: '/api/nothing-here', headers: {} },
  { method: 'PATCH', url: '/api/health', headers: {} },
  { method: 'GET', url: '/api/health', headers: { prefer: 'code=503' } },
  { method: 'GET', url: '/api/health', headers: { prefer: 'code=418' } },
  {
    method: 'POST',
    url: '/api/auth/registration',
    ...json(
      { username: 'new@example.com', password: 'Long-Enough-Pass-1', userType: 'PERSONAL' },
      { cookie: 'stubSession=core-a' },
    ),
  },
  { method: 'GET', url: '/__dev/mailbox', headers: { cookie: 'stubSession=core-a' } },
  { method: 'GET', url: '/__dev/mailbox?stubSession=core-a', headers: {} },
  { method: 'GET', url: '/__dev/coverage?scope=everything', headers: {} },
  { method: 'POST', url: '/__dev/clock', ...json({ offsetSeconds: 60 }) },
]

/** What must match: status, body (ids and times included: the clock and randomness are fixed). */
function comparable(status: number, body: string | undefined, contentType: string | undefined) {
  return { status, contentType, body: body ? JSON.parse(body) : undefined }
}

let stub: TestStub | undefined
afterEach(async () => {
  await stub?.close()
  stub = undefined
})

describe('createStubCore without a server', () => {
  it('answers every request as the Fastify adapter does', async () => {
    const core = bareCore()
    stub = await startTestStub({ randomBytes: zeros })
    for (const request of REQUESTS) {
      const direct = await core.handle({ ...request, ip: '127.0.0.1' })
      const served = await stub.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers as Record<string, string>,
        ...(request.body === undefined ? {} : { payload: Buffer.from(request.body) }),
      })
      const label = `${request.method} ${request.url.slice(0, 60)}`
      expect(comparable(direct.status, direct.body, direct.headers['content-type']), label).toEqual(
        comparable(
          served.statusCode,
          served.body || undefined,
          served.headers['content-type'] as string | undefined,
        ),
      )
    }
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
    const core = createStubCore({
      contract,
      mode: 'test',
      scryptCost: 1024,
      persistence: {
        where: 'memory',
        load: async () => ({ status: 'missing' }),
        save: async (snapshot) => {
          saved.push(snapshot().accounts.length)
        },
        flush: async () => undefined,
      },
    })
    await core.ready()
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
})
