import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import { loadContract } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import { jsonAnswer } from './answer'
import { ApiError, validationError } from './contract/errors'
import { stubRulesOf } from './contract/rules'
import { createCoreParts } from './create'
import {
  answerOffContract,
  applyFaults,
  authenticate,
  type CoreParts,
  checkShape,
  chooseStore,
  handle,
  judge,
  limit,
  limitClient,
  type OperationEntry,
  persist,
  readBody,
  route,
  runHandler,
  serialise,
  toErrorAnswer,
} from './pipeline'
import type { StubCoreOptions } from './stub-core'
import { CONTACT_SUBMISSION, testClock } from './test-support'
import type { StubLog, StubRequest } from './types'

const contract = loadContract(
  createRequire(import.meta.url).resolve('@devenv/openapi/openapi.yaml'),
)
const rules = stubRulesOf(contract, { tokenValidSeconds: null, resetLinkMinutes: null })
// Made at run time: a secret written here would be one production must refuse.
const PRODUCTION = { mode: 'production', jwtSecret: randomBytes(32).toString('hex') } as const

/** What a core logged, one `level message` line each. */
function capturedLog(): StubLog & { lines: string[] } {
  const lines: string[] = []
  return {
    lines,
    info: (message) => lines.push(`info ${message}`),
    warn: (message) => lines.push(`warn ${message}`),
    error: (message) => lines.push(`error ${message}`),
  }
}

function partsOf(options: Partial<StubCoreOptions> = {}): CoreParts {
  return createCoreParts({
    contract,
    mode: 'test',
    scryptCost: 1024,
    now: testClock().now,
    ...options,
  })
}

function inputOf(given: Partial<StubRequest> & { url: string }): StubRequest {
  return { method: 'GET', headers: {}, ip: '::1', ...given }
}

/** Steps 1 and 2, as `handle` runs them. */
function requestOf(parts: CoreParts, given: Partial<StubRequest> & { url: string }) {
  const input = inputOf(given)
  return chooseStore(parts, input, route(contract, input, parts.ctx.rules))
}

function entryOf(parts: CoreParts, operationId: string): OperationEntry {
  const entry = parts.table.get(operationId)
  if (!entry) throw new Error(`no handler of ${operationId}`)
  return entry
}

const jsonBody = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

function thrown(run: () => unknown): ApiError {
  try {
    run()
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('nothing was thrown')
}

describe('1. route', () => {
  it('finds the operation under either prefix, HEAD as GET, and parses the query as Fastify did', () => {
    expect(route(contract, inputOf({ url: '/api/v1/health?a=1&a=2&b=x+y' }), rules)).toEqual({
      path: '/api/v1/health',
      query: { a: ['1', '2'], b: 'x y' },
      operationId: 'getHealth',
      params: {},
    })
    expect(
      route(contract, inputOf({ method: 'HEAD', url: '/api/health' }), rules).operationId,
    ).toBe('getHealth')
    expect(route(contract, inputOf({ url: '/api/environments/env-1' }), rules).params).toEqual({
      id: 'env-1',
    })
  })

  it('leaves a path of no operation unrouted, and refuses a malformed escape or a long parameter', () => {
    expect(route(contract, inputOf({ url: '/__dev/session' }), rules)).toEqual({
      path: '/__dev/session',
      query: {},
    })
    const malformed = route(contract, inputOf({ url: '/api/environments/%E0%A4%A' }), rules)
    expect(malformed.refused?.status).toBe(400)
    expect(malformed.refused?.fields).toEqual({ url: 'The request URL has a malformed %-escape' })
    expect(malformed.operationId).toBeUndefined()
    const long = route(contract, inputOf({ url: `/api/environments/${'a'.repeat(101)}` }), rules)
    expect(long.refused?.fields).toEqual({ url: 'A path parameter of the request URL is too long' })
    expect(
      route(contract, inputOf({ url: `/api/environments/${'a'.repeat(100)}` }), rules).refused,
    ).toBe(undefined)
  })

  it("refuses a method its path does not have as x-unsupported-methods says, naming the path's methods", () => {
    const deleteSignIn = inputOf({ method: 'DELETE', url: '/api/v1/auth/auth' })
    const refused = route(contract, deleteSignIn, rules).refused
    expect(refused?.status).toBe(405)
    expect(refused?.headers).toEqual({ allow: 'POST' })
    expect(refused?.message).toBe('Method not allowed')
    // The preflight's method is CORS's; a path of no operation is no path of the contract.
    const preflight = inputOf({ method: 'OPTIONS', url: '/api/auth/auth' })
    expect(route(contract, preflight, rules).refused).toBe(undefined)
    const nowhere = inputOf({ method: 'DELETE', url: '/api/nothing-here' })
    expect(route(contract, nowhere, rules).refused).toBe(undefined)
    // A contract without the rule: the method is no route, as before (404).
    expect(route(contract, deleteSignIn, { unsupportedMethods: null }).refused).toBe(undefined)
  })
})

describe('2. chooseStore', () => {
  it("puts the request on its session's store outside production, on the default store in it", () => {
    const parts = partsOf()
    const request = requestOf(parts, {
      url: '/api/environments/env-1',
      headers: { 'x-stub-session': 'pipeline-a' },
    })
    expect(request.session).toBe('pipeline-a')
    expect(request.store).toBe(parts.ctx.registry.storeFor('pipeline-a'))
    expect(request.store).not.toBe(parts.ctx.registry.defaultStore)
    expect(request.operationId).toBe('getEnvironment')
    expect(request.params).toEqual({ id: 'env-1' })

    const production = partsOf(PRODUCTION)
    const sent = requestOf(production, { url: '/api/health', headers: { 'x-stub-session': 'a' } })
    expect(sent.session).toBeNull()
    expect(sent.store).toBe(production.ctx.registry.defaultStore)
  })
})

describe('3. applyFaults', () => {
  it('answers Prefer: reset by dropping the connection, and logs it', async () => {
    const log = capturedLog()
    const parts = partsOf({ log })
    expect(await applyFaults(parts, requestOf(parts, { url: '/api/health' }), 'reset')).toBe(
      'reset',
    )
    expect(log.lines).toEqual(['info Prefer: reset, dropping the connection'])
  })

  it("forces a documented status with the contract's example, explains an undocumented one", async () => {
    const parts = partsOf()
    const forced = await applyFaults(parts, requestOf(parts, { url: '/api/health' }), 'code=503')
    expect(forced).toMatchObject({ status: 503 })
    const request = requestOf(parts, { url: '/api/health' })
    const explained = await applyFaults(parts, request, 'code=418')
    expect(explained).toMatchObject({ status: 400 })
    expect(request.contractExempt).toBe(true)
    expect(await applyFaults(parts, request, 'handling=lenient')).toBeUndefined()
  })
})

describe('4. limitClient', () => {
  it("refuses a client over the operation's per-client window with the contract's 429", () => {
    const parts = partsOf()
    const entry = entryOf(parts, 'requestPasswordReset')
    const request = requestOf(parts, { method: 'POST', url: '/api/auth/reset-password' })
    for (let call = 0; call < 10; call++) limitClient(request, entry)
    const refused = thrown(() => limitClient(request, entry))
    expect(refused.status).toBe(429)
    expect(refused.headers?.['retry-after']).toMatch(/^\d+$/)
    // Another client has its own window.
    const other = requestOf(parts, { method: 'POST', url: '/api/auth/reset-password', ip: '::2' })
    expect(() => limitClient(other, entry)).not.toThrow()
  })

  it('does nothing when rate limits are off', () => {
    const parts = partsOf({ rateLimits: 'off' })
    const entry = entryOf(parts, 'requestPasswordReset')
    const request = requestOf(parts, { method: 'POST', url: '/api/auth/reset-password' })
    for (let call = 0; call < 20; call++) limitClient(request, entry)
    expect(entry.limitedByClient).toBe(false)
  })
})

describe('5. readBody', () => {
  it('parses a JSON body into the request; refuses another media type or what the transport could not read', () => {
    const parts = partsOf()
    const given = { method: 'POST', url: '/api/contact', ...jsonBody({ a: 1 }) }
    const request = requestOf(parts, given)
    readBody(parts.ctx, request, inputOf(given))
    expect(request.body).toEqual({ a: 1 })

    const text = {
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'text/plain' },
      body: 'a',
    }
    expect(thrown(() => readBody(parts.ctx, requestOf(parts, text), inputOf(text))).status).toBe(
      415,
    )
    const tooLarge = { method: 'POST', url: '/api/contact', problem: 'body-too-large' as const }
    expect(
      thrown(() => readBody(parts.ctx, requestOf(parts, tooLarge), inputOf(tooLarge))).status,
    ).toBe(413)
  })
})

describe('answerOffContract', () => {
  it('answers a development control outside production, and 404 for anything else', async () => {
    const parts = partsOf()
    const session = await answerOffContract(
      parts,
      requestOf(parts, { url: '/__dev/session' }),
      '/__dev/session',
    )
    expect(session).toMatchObject({ status: 200, json: { session: null } })
    const missing = await answerOffContract(
      parts,
      requestOf(parts, { url: '/api/nothing' }),
      '/api/nothing',
    )
    expect(missing).toMatchObject({ status: 404, json: { code: 'NOT_FOUND' } })

    const production = partsOf(PRODUCTION)
    const hidden = await answerOffContract(
      production,
      requestOf(production, { url: '/__dev/session' }),
      '/__dev/session',
    )
    expect(hidden.status).toBe(404)
  })
})

describe('6. authenticate', () => {
  it('gives a public operation no promise, refuses a protected one without a valid bearer token', async () => {
    const parts = partsOf()
    const health = requestOf(parts, { url: '/api/health' })
    expect(authenticate(parts.ctx, health, entryOf(parts, 'getHealth'))).toBeUndefined()

    const profile = entryOf(parts, 'getProfile')
    await expect(
      authenticate(parts.ctx, requestOf(parts, { url: '/api/profile' }), profile),
    ).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' })
    const forged = requestOf(parts, {
      url: '/api/profile',
      headers: { authorization: 'Bearer not.a.token' },
    })
    await expect(authenticate(parts.ctx, forged, profile)).rejects.toMatchObject({
      status: 401,
      code: 'TOKEN_INVALID',
    })
    expect(forged.account).toBeNull()
  })
})

describe('7. checkShape', () => {
  it("refuses a body that breaks the contract with the contract's 400 naming the field", () => {
    const parts = partsOf()
    const entry = entryOf(parts, 'submitContact')
    const request = requestOf(parts, { method: 'POST', url: '/api/contact' })
    request.body = { ...CONTACT_SUBMISSION }
    expect(() => checkShape(contract, request, entry)).not.toThrow()
    request.body = { ...CONTACT_SUBMISSION, email: 42 }
    const refused = thrown(() => checkShape(contract, request, entry))
    expect(refused.status).toBe(400)
    expect(Object.keys(refused.fields ?? {})).toContain('email')
  })
})

describe('8. limit', () => {
  it('counts the per-e-mail window by the address in the body, whatever its case', () => {
    const parts = partsOf()
    const entry = entryOf(parts, 'requestPasswordReset')
    const request = requestOf(parts, { method: 'POST', url: '/api/auth/reset-password' })
    for (const email of ['a@example.com', ' A@example.com', 'a@EXAMPLE.com']) {
      request.body = { email }
      limit(request, entry)
    }
    request.body = { email: 'a@example.com' }
    expect(thrown(() => limit(request, entry)).status).toBe(429)
    request.body = { email: 'b@example.com' }
    expect(() => limit(request, entry)).not.toThrow()
  })
})

describe('9. runHandler', () => {
  it("gives the handler's answer as a CoreAnswer", async () => {
    const parts = partsOf()
    const answer = await runHandler(
      requestOf(parts, { url: '/api/health' }),
      entryOf(parts, 'getHealth'),
    )
    expect(answer.status).toBe(200)
    expect(answer.headers).toEqual({})
    expect(answer.json).toMatchObject({ status: 'ok' })
  })
})

describe('toErrorAnswer', () => {
  it("answers a thrown ApiError as it is and anything else as the operation's 500, logged", () => {
    const log = capturedLog()
    const parts = partsOf({ log })
    const request = requestOf(parts, { url: '/api/health' })
    const gone = toErrorAnswer(parts, request, new ApiError(404, 'NOT_FOUND', 'gone'))
    expect(gone).toMatchObject({ status: 404, json: { code: 'NOT_FOUND', message: 'gone' } })
    expect(log.lines).toEqual([])
    expect(toErrorAnswer(parts, request, new Error('boom'))).toMatchObject({
      status: 500,
      json: { code: 'INTERNAL_ERROR' },
    })
    expect(log.lines).toEqual(['error unexpected error'])
  })
})

describe('10. serialise', () => {
  it('writes JSON with its content type, names the session and operation, and drops the body of HEAD', () => {
    const parts = partsOf()
    const request = requestOf(parts, { url: '/api/health', headers: { 'x-stub-session': 's-1' } })
    expect(serialise(request, jsonAnswer(200, { a: 1 }))).toEqual({
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"a":1}',
      session: 's-1',
      operationId: 'getHealth',
    })
    const head = requestOf(parts, { method: 'HEAD', url: '/api/health' })
    expect(serialise(head, jsonAnswer(200, { a: 1 })).body).toBeUndefined()
    const page = serialise(requestOf(parts, { url: '/__dev/page' }), {
      status: 200,
      headers: { 'content-type': 'text/html' },
      text: '<p>',
      page: true,
    })
    expect(page).toEqual({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: '<p>',
      page: true,
      session: null,
    })
  })
})

describe('11. judge', () => {
  it('turns an answer the contract does not allow into a 500 outside production, passes it in production', () => {
    const parts = partsOf()
    const request = requestOf(parts, { url: '/api/health' })
    const drift = serialise(request, jsonAnswer(200, { drift: true }))
    const judged = judge(parts, request, drift)
    expect(judged.status).toBe(500)
    expect(judged.body).toContain('getHealth (200) does not match the contract')

    const production = partsOf(PRODUCTION)
    const unchecked = requestOf(production, { url: '/api/health' })
    const answer = serialise(unchecked, jsonAnswer(200, { drift: true }))
    expect(judge(production, unchecked, answer)).toBe(answer)
  })
})

describe('12. persist', () => {
  function persisted(save: () => Promise<void>) {
    const log = capturedLog()
    const saves: string[] = []
    const parts = partsOf({
      log,
      persistence: {
        where: 'memory',
        load: async () => ({ status: 'missing' }),
        save: async () => {
          saves.push('saved')
          await save()
        },
        flush: async () => undefined,
      },
    })
    return { parts, saves, log }
  }

  it('keeps the default store after an unsafe request only', async () => {
    const { parts, saves } = persisted(async () => undefined)
    const post = requestOf(parts, { method: 'POST', url: '/api/contact' })
    const answer = serialise(post, jsonAnswer(201, { id: 'x' }))
    expect(await persist(parts, post, answer)).toBe(answer)
    expect(saves).toEqual(['saved'])
    const get = requestOf(parts, { url: '/api/health' })
    persist(parts, get, serialise(get, jsonAnswer(200, {})))
    const session = requestOf(parts, {
      method: 'POST',
      url: '/api/contact',
      headers: { 'x-stub-session': 'apart' },
    })
    persist(parts, session, serialise(session, jsonAnswer(201, {})))
    expect(saves).toEqual(['saved'])
  })

  it("answers a change it could not keep with the operation's 500, and logs it", async () => {
    const { parts, log } = persisted(async () => {
      throw new Error('disk full')
    })
    const post = requestOf(parts, { method: 'POST', url: '/api/contact' })
    const answer = await persist(parts, post, serialise(post, jsonAnswer(201, { id: 'x' })))
    expect(answer.status).toBe(500)
    expect(JSON.parse(answer.body ?? '')).toMatchObject({ code: 'INTERNAL_ERROR' })
    expect(log.lines).toEqual(['error could not save the stub state'])
  })
})

describe('handle', () => {
  it('runs the hooks in the order of the steps, and none for a URL it refuses', async () => {
    const seen: string[] = []
    const parts = partsOf({
      hooks: {
        onRequest: (request) => {
          seen.push(`onRequest body=${String(request.body)}`)
          return undefined
        },
        onBody: (request) => {
          seen.push(`onBody body=${JSON.stringify(request.body)}`)
        },
        onHandler: () => {
          seen.push('onHandler')
        },
        onAnswer: (_request, answer) => {
          seen.push(`onAnswer ${answer.status}`)
          return undefined
        },
      },
    })
    const answer = await handle(
      parts,
      inputOf({ method: 'POST', url: '/api/contact', ...jsonBody(CONTACT_SUBMISSION) }),
    )
    expect(answer.status).toBe(201)
    expect(seen).toEqual([
      'onRequest body=undefined',
      `onBody body=${JSON.stringify(CONTACT_SUBMISSION)}`,
      'onHandler',
      'onAnswer 201',
    ])
    seen.length = 0
    const refused = await handle(parts, inputOf({ url: '/api/environments/%E0%A4%A' }))
    expect(refused.status).toBe(400)
    expect(seen).toEqual([])
  })

  it("answers what a hook throws as the operation's error, the handler never run", async () => {
    const parts = partsOf({
      hooks: {
        onHandler: () => {
          throw validationError({ body: 'planted' })
        },
      },
    })
    const answer = await handle(
      parts,
      inputOf({ method: 'POST', url: '/api/contact', ...jsonBody(CONTACT_SUBMISSION) }),
    )
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body ?? '')).toMatchObject({ errors: { body: 'planted' } })
    expect(answer.operationId).toBe('submitContact')
    expect(parts.ctx.registry.defaultStore.contacts).toHaveLength(0)
  })
})
