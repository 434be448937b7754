import { describe, expect, it } from 'vitest'
import {
  findOperations,
  isJsonObject,
  listOperations,
  loadOpenApiDocument,
  type OperationSummary,
  resolveReference,
} from './index'

const document = loadOpenApiDocument()
const operations = listOperations(document)
const rows = operations.map((operation) => [operation.operationId, operation] as const)

const TAGS = ['auth', 'profile', 'environments', 'ai', 'contact', 'telemetry', 'health']

const OPERATIONS: Record<string, string> = {
  signIn: 'POST /auth/auth',
  register: 'POST /auth/registration',
  signOut: 'POST /auth/logout',
  refreshToken: 'POST /auth/token/refresh',
  getProfile: 'GET /user/profile',
  updateProfile: 'PUT /user/profile',
  changePassword: 'POST /auth/change-password',
  requestPasswordReset: 'POST /auth/reset-password',
  setPassword: 'POST /auth/set-password',
  activateAccount: 'POST /auth/activate',
  resendActivation: 'POST /auth/activate/resend',
  legacySignIn: 'POST /auth/login',
  legacyVerifyToken: 'GET /auth/verify',
  legacyRefreshToken: 'POST /auth/refresh',
  listEnvironments: 'GET /environments',
  createEnvironment: 'POST /environments',
  getEnvironment: 'GET /environments/{id}',
  deleteEnvironment: 'DELETE /environments/{id}',
  chatCompletion: 'POST /ai/chat',
  listModels: 'GET /ai/models',
  submitContact: 'POST /contact',
  requestDemo: 'POST /demo/request',
  logSecurityEvent: 'POST /security/log',
  logError: 'POST /errors/log',
  getHealth: 'GET /health',
}

const PROTECTED = [
  'getProfile',
  'updateProfile',
  'legacyVerifyToken',
  'listEnvironments',
  'createEnvironment',
  'getEnvironment',
  'deleteEnvironment',
  'chatCompletion',
  'listModels',
]

const DEPRECATED = ['legacySignIn', 'legacyVerifyToken', 'legacyRefreshToken']

const rawOperation = (operationId: string) => {
  const found = findOperations(document).find((each) => each.operation.operationId === operationId)
  if (!found) throw new Error(`missing ${operationId}`)
  return found.operation
}

const description = (operation: OperationSummary) => {
  const text = rawOperation(operation.operationId).description
  return typeof text === 'string' ? text : ''
}

describe('operations of the contract', () => {
  it('holds exactly the calls the product makes (API-4, API-6), each once, with verb-like unique operationIds', () => {
    const ids = operations.map((operation) => operation.operationId)
    expect(new Set(ids).size).toBe(ids.length)
    expect(
      Object.fromEntries(
        operations.map((operation) => [
          operation.operationId,
          `${operation.method.toUpperCase()} ${operation.path}`,
        ]),
      ),
    ).toEqual(OPERATIONS)
  })

  it('declares the seven tags with descriptions and uses each of them', () => {
    const tags = Array.isArray(document.tags) ? document.tags.filter(isJsonObject) : []
    expect(tags.map((tag) => tag.name)).toEqual(TAGS)
    for (const tag of tags) expect(typeof tag.description).toBe('string')
    expect(new Set(operations.flatMap((operation) => operation.tags))).toEqual(new Set(TAGS))
  })

  it.each(rows)('%s has one known tag, a summary and a description', (_id, operation) => {
    expect(operation.tags).toHaveLength(1)
    expect(TAGS).toContain(operation.tags[0])
    expect(operation.summary?.length).toBeGreaterThan(0)
    expect(description(operation).length).toBeGreaterThan(40)
  })

  it.each(rows)(
    '%s documents a success, a server error and its client errors',
    (_id, operation) => {
      const statuses = operation.statuses
      expect(statuses.some((status) => /^2\d\d$/.test(status))).toBe(true)
      expect(statuses.some((status) => /^5\d\d$/.test(status))).toBe(true)
      if (operation.hasRequestBody)
        expect(statuses).toEqual(expect.arrayContaining(['400', '413', '415']))
      if (operation.requiresAuth) expect(statuses).toContain('401')
      if (operation.path.includes('{'))
        expect(statuses).toEqual(expect.arrayContaining(['400', '404']))
    },
  )

  it.each(rows)('%s answers 429 exactly when it declares rate limits', (_id, operation) => {
    expect(operation.statuses.includes('429')).toBe(operation.rateLimits.length > 0)
  })

  it.each(rows.filter(([, operation]) => operation.rateLimits.length > 0))(
    '%s states its rate-limit numbers in its description',
    (_id, operation) => {
      const text = description(operation)
      for (const limit of operation.rateLimits) {
        expect(text).toContain(String(limit.limit))
        expect(text).toContain(
          limit.periodSeconds === 60 ? 'minute' : `${limit.periodSeconds / 60} minutes`,
        )
      }
    },
  )

  it('sends a Retry-After header with every 429 and 503', () => {
    let checked = 0
    for (const { operation, pointer } of findOperations(document)) {
      const responses = isJsonObject(operation.responses) ? operation.responses : {}
      for (const status of ['429', '503']) {
        if (!(status in responses)) continue
        const response = resolveReference(document, {
          value: responses[status],
          pointer: `${pointer}/responses/${status}`,
        }).value
        const headers = isJsonObject(response) ? response.headers : undefined
        expect(isJsonObject(headers) && 'Retry-After' in headers, `${pointer} ${status}`).toBe(true)
        checked += 1
      }
    }
    expect(checked).toBeGreaterThan(0)
  })

  it('requires the bearer token exactly on the protected calls', () => {
    expect(
      operations
        .filter((operation) => operation.requiresAuth)
        .map((operation) => operation.operationId),
    ).toEqual(PROTECTED)
    for (const operation of operations) {
      expect(operation.securitySchemes).toEqual(operation.requiresAuth ? ['bearerAuth'] : [])
      // Explicit on every operation, so no call depends on the document-wide default.
      expect(Array.isArray(rawOperation(operation.operationId).security)).toBe(true)
    }
  })

  it('keeps the bearer token off every /auth/ call except the deprecated verify', () => {
    const authCalls = operations.filter((operation) => operation.path.includes('/auth/'))
    expect(authCalls.length).toBe(12)
    for (const operation of authCalls) {
      expect(operation.requiresAuth).toBe(operation.operationId === 'legacyVerifyToken')
    }
  })

  it('defines bearerAuth as an HTTP bearer JWT scheme', () => {
    const schemes = isJsonObject(document.components)
      ? document.components.securitySchemes
      : undefined
    expect(isJsonObject(schemes) && schemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    })
  })

  it('marks exactly the older wrapper calls deprecated', () => {
    expect(
      operations
        .filter((operation) => operation.deprecated)
        .map((operation) => operation.operationId),
    ).toEqual(DEPRECATED)
  })

  it('serves every path under the /api base with an optional /v1 segment', () => {
    expect(document.servers).toEqual([
      expect.objectContaining({
        url: '{origin}/api{version}',
        variables: {
          origin: expect.objectContaining({ default: 'http://127.0.0.1:4010' }),
          version: expect.objectContaining({ default: '', enum: ['', '/v1'] }),
        },
      }),
    ])
  })
})
