import { createRequire } from 'node:module'
import { loadContract } from '@devenv/openapi'
import { afterEach, describe, expect, it } from 'vitest'
import { createStubCore } from '../core/create'
import type { StubRequest } from '../core/types'
import { CONTACT_SUBMISSION, startTestStub, type TestStub, testClock, USER } from '../test-support'

const contract = loadContract(
  createRequire(import.meta.url).resolve('@devenv/openapi/openapi.yaml'),
)
const zeros = (size: number) => new Uint8Array(size)

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

describe('the Fastify adapter', () => {
  it('answers every request as the core alone does', async () => {
    const core = createStubCore({
      contract,
      mode: 'test',
      scryptCost: 1024,
      now: testClock().now,
      platform: { randomBytes: zeros },
    })
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
})

describe('the Fastify adapter and large bodies', () => {
  const contact = (payload: string, headers: Record<string, string> = {}) =>
    stub?.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json', ...headers },
      payload,
    })

  it('answers a client over its window 429 before its body is parsed', async () => {
    stub = await startTestStub()
    for (let sent = 0; sent < 10; sent++) {
      expect((await contact(JSON.stringify(CONTACT_SUBMISSION)))?.statusCode).toBe(201)
    }
    const malformed = await contact('{"firstName":')
    expect(malformed?.statusCode).toBe(429)
    expect(Number(malformed?.headers['retry-after'])).toBeGreaterThan(0)
  })

  it("refuses a body over 1 MiB with the contract's 413 and the API's headers", async () => {
    stub = await startTestStub()
    const tooLarge = await contact(`"${'x'.repeat(1024 * 1024)}"`)
    expect(tooLarge?.statusCode).toBe(413)
    expect(tooLarge?.json().code).toBe('PAYLOAD_TOO_LARGE')
    expect(tooLarge?.headers['content-security-policy']).toContain("default-src 'none'")
  })
})

describe('the Fastify adapter and URLs its router refuses', () => {
  it("answers the contract's validation 400 with the API's headers", async () => {
    stub = await startTestStub()
    const { access_token: token } = await stub.signIn(USER.email, USER.password)
    for (const id of ['a'.repeat(3000), '%zz', '%E0%A4%A']) {
      const answer = await stub.call({ url: `/api/environments/${id}`, token })
      expect(answer.statusCode, id.slice(0, 12)).toBe(400)
      expect(answer.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { url: expect.any(String) },
      })
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
    }
  })
})

describe('hooks given to buildServer', () => {
  it('run in the core for every request the server answers', async () => {
    const seen: string[] = []
    stub = await startTestStub({
      hooks: {
        onHandler: (request) => {
          seen.push(`${request.operationId} ${request.account?.email ?? 'anonymous'}`)
        },
        onAnswer: (request, answer) =>
          request.operationId === 'getHealth'
            ? { ...answer, headers: { ...answer.headers, 'x-planted': 'yes' } }
            : undefined,
      },
    })
    const { access_token: token } = await stub.signIn(USER.email, USER.password)
    await stub.call({ url: '/api/user/profile', token })
    expect(seen).toEqual(['signIn anonymous', `getProfile ${USER.email}`])
    expect((await stub.call({ url: '/api/health' })).headers['x-planted']).toBe('yes')
  })
})
