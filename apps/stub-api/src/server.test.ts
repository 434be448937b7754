import { listOperations, loadOpenApiDocument } from '@devenv/openapi'
import { decodeJwt, SignJWT } from 'jose'
import { afterEach, describe, expect, it } from 'vitest'
import { DEVELOPMENT_JWT_SECRET } from './config'
import { buildServer } from './server'
import { startTestStub, type TestStub, USER } from './test-support'

let stub: TestStub | undefined
afterEach(async () => {
  await stub?.close()
  stub = undefined
})

describe('GET /api/health', () => {
  it('answers ok with the version and the uptime from the injected clock', async () => {
    let clock = 1_000_000
    const app = buildServer({
      now: () => clock,
      mode: 'test',
      logLevel: 'silent',
      scryptCost: 1024,
    })
    clock += 42_500
    const response = await app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      status: 'ok',
      version: loadOpenApiDocument().info.version,
      uptimeSeconds: 42,
      time: new Date(clock).toISOString(),
    })
    await app.close()
  })
})

describe('routes from the contract', () => {
  const operations = listOperations(loadOpenApiDocument())

  it.each(operations.map((operation) => [operation.operationId, operation] as const))(
    '%s answers under /api and /api/v1',
    async (_operationId, operation) => {
      stub ??= await startTestStub()
      const path = operation.path.replace('{id}', 'fa19cd7d-4dbd-4409-a14a-eb6c400f8d77')
      for (const prefix of ['/api', '/api/v1']) {
        const response = await stub.call({
          method: operation.method.toUpperCase() as 'GET',
          url: `${prefix}${path}`,
          ...(operation.hasRequestBody ? { body: {} } : {}),
        })
        expect(response.statusCode, `${prefix}${path}`).not.toBe(404)
        expect(response.statusCode).toBeLessThan(500)
      }
    },
  )

  it('answers 404 { message } for unknown routes under /api', async () => {
    stub = await startTestStub()
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['TRACE', '/api/nothing-here'],
      ['GET', '/api/v2/health'],
    ] as const) {
      const response = await stub.call({ method, url })
      expect(response.statusCode, `${method} ${url}`).toBe(404)
      expect(response.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' })
    }
  })

  it("answers 405 with Allow naming the path's methods for a method the path does not have", async () => {
    stub = await startTestStub()
    for (const [method, url, allow] of [
      ['TRACE', '/api/auth/auth', 'POST'],
      ['DELETE', '/api/auth/auth', 'POST'],
      ['GET', '/api/auth/auth', 'POST'],
      ['PATCH', '/api/v1/health', 'GET, HEAD'],
      ['POST', '/api/environments/fa19cd7d-4dbd-4409-a14a-eb6c400f8d77', 'GET, HEAD, DELETE'],
    ] as const) {
      const response = await stub.call({ method, url })
      expect(response.statusCode, `${method} ${url}`).toBe(405)
      expect(response.headers.allow, `${method} ${url}`).toBe(allow)
      expect(response.json()).toEqual({ message: 'Method not allowed' })
    }
  })

  it('answers 405 to QUERY, a method Node parses, with a body or without', async () => {
    stub = await startTestStub()
    for (const headers of [{}, { 'content-type': 'application/json' }]) {
      const response = await stub.app.inject({
        method: 'QUERY' as 'GET',
        url: '/api/auth/auth',
        headers,
        ...('content-type' in headers ? { payload: '{}' } : {}),
      })
      expect(response.statusCode).toBe(405)
      expect(response.headers.allow).toBe('POST')
    }
  })

  it('still answers a CORS preflight of a path, whatever method it asks for', async () => {
    stub = await startTestStub()
    const response = await stub.call({
      method: 'OPTIONS',
      url: '/api/auth/auth',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST' },
    })
    expect(response.statusCode).toBe(204)
    expect(response.headers['access-control-allow-origin']).toBe('http://127.0.0.1:5173')
  })

  it('answers 400 for a malformed URL instead of failing', async () => {
    stub = await startTestStub()
    const response = await stub.call({ url: '/api/environments/%E0%A4%A' })
    expect(response.statusCode).toBe(400)
  })
})

describe('request bodies', () => {
  it('answers 415 for another content type, in the shape of the operation', async () => {
    stub = await startTestStub()
    const form = await stub.app.inject({
      method: 'POST',
      url: '/api/auth/auth',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a&password=b',
    })
    expect(form.statusCode).toBe(415)
    expect(form.json()).toEqual({
      message: 'Unsupported content type: send application/json',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    })
    const text = await stub.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    })
    expect(text.statusCode).toBe(415)
    expect(text.json().status).toBe(false)
  })

  it('answers 413 above 1 MiB and accepts JSON with a charset', async () => {
    stub = await startTestStub()
    const big = await stub.app.inject({
      method: 'POST',
      url: '/api/errors/log',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(1024 * 1024) }),
    })
    expect(big.statusCode).toBe(413)
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE')
    const charset = await stub.app.inject({
      method: 'POST',
      url: '/api/auth/auth',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify(USER),
    })
    expect(charset.statusCode).toBe(200)
  })

  it('reports malformed JSON and invalid UTF-8 under errors.body', async () => {
    stub = await startTestStub()
    const broken = await stub.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName":',
    })
    expect(broken.json()).toEqual({
      message: 'Validation errors',
      code: 'VALIDATION_FAILED',
      errors: { body: 'Body is not valid JSON' },
    })
    const latin1 = await stub.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]),
    })
    expect(latin1.json().errors).toEqual({ body: 'Body is not valid UTF-8' })
  })

  it('refuses prototype poisoning and never coerces body types', async () => {
    stub = await startTestStub()
    const poisoned = await stub.app.inject({
      method: 'POST',
      url: '/api/auth/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.co","password":"x","__proto__":{"admin":true}}',
    })
    expect(poisoned.statusCode).toBe(400)
    expect(poisoned.json().errors).toEqual({
      body: 'Body must not contain __proto__ or constructor.prototype',
    })
    const viaConstructor = await stub.app.inject({
      method: 'POST',
      url: '/api/security/log',
      headers: { 'content-type': 'application/json' },
      payload: '{"constructor":{"prototype":{"admin":true}}}',
    })
    expect(viaConstructor.json().errors).toEqual({
      body: 'Body must not contain __proto__ or constructor.prototype',
    })
    const numbers = await stub.call({
      url: '/api/auth/auth',
      body: { email: 'user@devenv.example', password: 12345678 },
    })
    expect(numbers.statusCode).toBe(400)
    expect(numbers.json().errors).toEqual({ password: 'Must be a string' })
  })

  it('takes only JSON whitespace as no body, not what trim() removes (found by fuzzing)', async () => {
    stub = await startTestStub()
    const send = (payload: Buffer | string) =>
      stub?.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { 'content-type': 'application/json' },
        payload,
      })
    for (const nothing of ['', ' \r\n\t ', '\ufeff', '\ufeff \n']) {
      expect((await send(nothing))?.statusCode, JSON.stringify(nothing)).toBe(204)
    }
    for (const notJson of ['\u00a0', '\u2028', '\u3000', '\u00a0{}']) {
      const answer = await send(notJson)
      expect(answer?.statusCode, JSON.stringify(notJson)).toBe(400)
      expect(answer?.json().errors).toEqual({ body: 'Body is not valid JSON' })
    }
  })

  it('names an unknown field even when Object.prototype has that name (found by fuzzing)', async () => {
    stub = await startTestStub()
    for (const field of ['toString', 'constructor', 'valueOf', 'hasOwnProperty']) {
      const answer = await stub.call({
        url: '/api/auth/logout',
        body: { refreshToken: 'abc', [field]: 'x' },
      })
      expect(answer.statusCode).toBe(400)
      expect(answer.json().errors).toEqual({ [field]: 'Unknown field' })
    }
  })

  it('rejects a required body that is missing, and a body that is not an object', async () => {
    stub = await startTestStub()
    const missing = await stub.app.inject({ method: 'POST', url: '/api/contact' })
    expect(missing.json().errors).toEqual({ body: 'The request body is required' })
    const array = await stub.call({ url: '/api/contact', body: [1, 2] })
    expect(array.json().errors).toEqual({ body: 'Must be an object' })
  })
})

describe('CORS and security headers', () => {
  it('allows the configured origins with the headers the web client sends', async () => {
    stub = await startTestStub()
    const preflight = await stub.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/auth',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'content-type,authorization,x-stub-session,prefer,x-client-type',
      },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:5173')
    const allowed = String(preflight.headers['access-control-allow-headers']).toLowerCase()
    for (const header of [
      'content-type',
      'authorization',
      'x-client-type',
      'x-client-version',
      'x-request-timestamp',
      'x-stub-session',
      'prefer',
    ]) {
      expect(allowed).toContain(header)
    }
    const simple = await stub.call({
      url: '/api/health',
      headers: { origin: 'http://127.0.0.1:4173' },
    })
    expect(simple.headers['access-control-allow-origin']).toBe('http://127.0.0.1:4173')
    expect(simple.headers['access-control-expose-headers']).toBe('Retry-After, Location')
  })

  it('refuses an origin that is not on the list', async () => {
    stub = await startTestStub({ corsOrigins: ['https://site.devenv.example'] })
    const refused = await stub.call({
      url: '/api/health',
      headers: { origin: 'http://localhost:5173' },
    })
    expect(refused.headers['access-control-allow-origin']).toBeUndefined()
    const preflight = await stub.app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    })
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    const listed = await stub.call({
      url: '/api/health',
      headers: { origin: 'https://site.devenv.example' },
    })
    expect(listed.headers['access-control-allow-origin']).toBe('https://site.devenv.example')
  })

  it("sends default-src 'none', nosniff and frame denial with JSON, nothing meant for documents", async () => {
    stub = await startTestStub()
    for (const url of ['/api/health', '/__dev/mailbox', '/api/nothing-here']) {
      const json = await stub.call({ url })
      expect(json.headers['content-security-policy'], url).toBe(
        "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
      )
      expect(json.headers['x-content-type-options']).toBe('nosniff')
      expect(json.headers['x-frame-options']).toBe('DENY')
      expect(json.headers['referrer-policy']).toBe('no-referrer')
      expect(json.headers['cross-origin-resource-policy']).toBe('cross-origin')
      expect(json.headers['strict-transport-security']).toBeUndefined()
      expect(json.headers['x-xss-protection']).toBeUndefined()
    }
    const forced = await stub.call({ url: '/api/health', headers: { prefer: 'code=503' } })
    expect(forced.headers['content-security-policy']).toContain("default-src 'none'")
  })

  it('gives the development pages an inline-style policy and the reference what Redoc needs', async () => {
    stub = await startTestStub()
    const page = await stub.call({ url: '/__dev/mailbox.html' })
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none';style-src 'unsafe-inline';img-src data:;form-action 'self';base-uri 'none';frame-ancestors 'none'",
    )
    expect(page.headers['x-frame-options']).toBe('DENY')
    const docs = await stub.call({ url: '/docs' })
    expect(docs.headers['content-security-policy']).toContain(
      "script-src 'self' 'unsafe-inline' blob:",
    )
    expect(docs.headers['content-security-policy']).toContain("frame-ancestors 'none'")
  })
})

describe('Prefer: reset', () => {
  it('drops the connection without an answer', async () => {
    const app = buildServer({ mode: 'test', logLevel: 'silent', scryptCost: 1024 })
    const address = await app.listen({ host: '127.0.0.1', port: 0 })
    await expect(fetch(`${address}/api/health`, { headers: { prefer: 'reset' } })).rejects.toThrow()
    expect((await fetch(`${address}/api/health`)).status).toBe(200)
    await app.close()
  })
})

describe('the contract served at /docs', () => {
  it('serves the YAML, the JSON and a reference page', async () => {
    stub = await startTestStub()
    const yaml = await stub.call({ url: '/docs/openapi.yaml' })
    expect(yaml.headers['content-type']).toContain('application/yaml')
    expect(yaml.body).toContain('openapi: 3.1.0')
    const json = await stub.call({ url: '/docs/openapi.json' })
    expect(json.json().info.title).toBe('DevEnv Site API')
    const page = await stub.call({ url: '/docs' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('DevEnv Site API')
  })
})

describe('production mode', () => {
  it('refuses to build without a JWT secret of its own', () => {
    expect(() => buildServer({ mode: 'production' })).toThrow(
      /jwtSecret: is required in production mode/,
    )
  })

  it('has no development controls: no /__dev routes, no Prefer, no X-Stub-Session', async () => {
    stub = await startTestStub({
      mode: 'production',
      jwtSecret: 'a-production-secret-of-at-least-32-chars',
      seed: true,
    })
    expect((await stub.call({ url: '/__dev/mailbox' })).statusCode).toBe(404)
    expect((await stub.call({ url: '/__dev/clock', body: { offsetSeconds: 60 } })).statusCode).toBe(
      404,
    )
    expect(
      (await stub.call({ url: '/api/health', headers: { prefer: 'code=503' } })).statusCode,
    ).toBe(200)
    await stub.signIn(USER.email, USER.password, 'isolated-session')
    const wrong = { email: 'user@devenv.example', password: 'wrong' }
    for (let index = 0; index < 5; index++)
      await stub.call({ url: '/api/auth/auth', body: wrong, session: `session-${index}` })
    // Without isolation, the five failures from "different sessions" all hit the one store.
    expect((await stub.call({ url: '/api/auth/auth', body: wrong })).statusCode).toBe(429)
  })
})

describe('production mode starts safe', () => {
  const secret = 'a-production-secret-of-at-least-32-chars'

  it('seeds no account unless seed is given, so the published passwords sign nobody in', async () => {
    stub = await startTestStub({ mode: 'production', jwtSecret: secret })
    expect((await stub.call({ url: '/api/auth/auth', body: USER })).statusCode).toBe(401)
    await stub.close()
    stub = await startTestStub({ mode: 'production', jwtSecret: secret, seed: true })
    expect((await stub.call({ url: '/api/auth/auth', body: USER })).statusCode).toBe(200)
  })

  it('allows no cross-origin caller unless origins are given', async () => {
    const preflight = (app: TestStub) =>
      app.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/auth',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
      })
    stub = await startTestStub({ mode: 'production', jwtSecret: secret })
    expect((await preflight(stub)).headers['access-control-allow-origin']).toBeUndefined()
    const simple = await stub.call({
      url: '/api/health',
      headers: { origin: 'http://localhost:5173' },
    })
    expect(simple.headers['access-control-allow-origin']).toBeUndefined()
    await stub.close()
    stub = await startTestStub({
      mode: 'production',
      jwtSecret: secret,
      corsOrigins: ['https://devenv.example'],
    })
    const allowed = await stub.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/auth',
      headers: { origin: 'https://devenv.example', 'access-control-request-method': 'POST' },
    })
    expect(allowed.headers['access-control-allow-origin']).toBe('https://devenv.example')
  })

  it('refuses the development secret and secrets under 32 bytes, so a token forged with it never works', async () => {
    expect(() => buildServer({ mode: 'production', jwtSecret: DEVELOPMENT_JWT_SECRET })).toThrow(
      /jwtSecret: is the published development secret/,
    )
    expect(() => buildServer({ mode: 'production', jwtSecret: 'x'.repeat(31) })).toThrow(
      /jwtSecret: must be at least 32 bytes/,
    )
    // 16 two-byte characters are 32 bytes: long enough, though only 16 characters.
    expect(() => buildServer({ mode: 'test', jwtSecret: 'é'.repeat(16) })).not.toThrow()
    // Production also wants entropy: 32 × `a` is refused, with the reason in one line.
    expect(() => buildServer({ mode: 'production', jwtSecret: 'a'.repeat(32) })).toThrow(
      /jwtSecret: has too little entropy \(about 0 bits by its characters, 90 needed\)/,
    )
    // The server that can start signs with its own secret: an admin token forged with the
    // published one is refused.
    stub = await startTestStub({ mode: 'production', jwtSecret: secret, seed: true })
    const pair = await stub.signIn(USER.email, USER.password)
    const { sub, sid, email } = decodeJwt(pair.access_token)
    const forged = await new SignJWT({
      email,
      username: email,
      name: 'Admin',
      roles: ['admin'],
      sid,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(sub))
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(DEVELOPMENT_JWT_SECRET))
    const answer = await stub.call({ url: '/api/user/profile', token: forged })
    expect(answer.statusCode).toBe(401)
    expect(
      (await stub.call({ url: '/api/user/profile', token: pair.access_token })).statusCode,
    ).toBe(200)
  })
})

describe('injected randomness', () => {
  it('fixes ids, tokens and salts, so a test can predict them', async () => {
    const zeros = (size: number) => Buffer.alloc(size)
    const stub = await startTestStub({ randomBytes: zeros })
    const first = await stub.call({
      url: '/api/contact',
      body: {
        firstName: 'N',
        lastName: 'B',
        email: 'n@example.com',
        inquiryType: 'other',
        message: 'Hi',
        timestamp: '2026-03-02T09:42:13.512Z',
        source: 'website_contact_form',
        userAgent: 'test',
      },
    })
    expect(first.json().id).toBe('00000000-0000-4000-8000-000000000000')
    const pair = await stub.signIn(USER.email, USER.password)
    expect(pair.refresh_token).toBe(Buffer.alloc(32).toString('base64url'))
    await stub.close()
  })
})
