import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  createSchemaValidator,
  findOperations,
  isJsonObject,
  listOperations,
  loadOpenApiDocument,
  OPENAPI_DOCUMENT_PATH,
  resolveReference,
} from './index'

const document = loadOpenApiDocument()
const validator = createSchemaValidator(document)

const signIn = { email: 'nino.beridze@example.com', password: 'Tbilisi-Sunrise-2025' }
const environment = {
  id: 'fa19cd7d-4dbd-4409-a14a-eb6c400f8d77',
  name: 'ml-notebooks',
  template: 'python-3.12',
  size: 'starter',
  resources: { vcpu: 2, ramGb: 8, ssdGb: 50 },
  region: 'eu-central',
  status: 'running',
  url: 'https://ml-notebooks-fa19cd7d.eu-central.devenv.example',
  createdAt: '2025-07-02T08:15:40Z',
}

/** The first request example of an operation, to vary in the tests below. */
function firstRequestExample(operationId: string): Record<string, unknown> {
  const found = findOperations(document).find((each) => each.operation.operationId === operationId)
  const body = found
    ? resolveReference(document, { value: found.operation.requestBody, pointer: found.pointer })
        .value
    : undefined
  const media =
    isJsonObject(body) && isJsonObject(body.content) ? body.content['application/json'] : undefined
  const examples = isJsonObject(media) && isJsonObject(media.examples) ? media.examples : {}
  const first = Object.values(examples)[0]
  const value = isJsonObject(first)
    ? resolveReference(document, { value: first, pointer: '#' }).value
    : undefined
  if (!isJsonObject(value) || !isJsonObject(value.value))
    throw new Error(`no example for ${operationId}`)
  return value.value
}

describe('loadOpenApiDocument', () => {
  it('reads openapi.yaml from the package folder', () => {
    expect(OPENAPI_DOCUMENT_PATH.endsWith('/openapi/openapi.yaml')).toBe(true)
    expect(existsSync(OPENAPI_DOCUMENT_PATH)).toBe(true)
    expect(document.openapi).toBe('3.1.0')
    expect(document.info.version).toBe('1.3.0')
  })

  it('refuses a file that is not an OpenAPI document', () => {
    expect(() =>
      loadOpenApiDocument(fileURLToPath(new URL('../package.json', import.meta.url))),
    ).toThrow(/not an OpenAPI document/)
  })
})

describe('createSchemaValidator', () => {
  it('accepts a complete sign-in body and rejects one without password', () => {
    expect(validator.validateRequestBody('signIn', signIn).valid).toBe(true)
    const result = validator.validateRequestBody('signIn', { email: signIn.email })
    expect(result.valid).toBe(false)
    expect(result.errors).toContainEqual(
      expect.objectContaining({ keyword: 'required', params: { missingProperty: 'password' } }),
    )
  })

  it('rejects a sign-in with an e-mail that is not an address', () => {
    const result = validator.validateComponent('SignInRequest', { ...signIn, email: 'nino' })
    expect(result.errors).toContainEqual(
      expect.objectContaining({ keyword: 'format', instancePath: '/email' }),
    )
  })

  it('rejects a missing required body and accepts a missing optional one', () => {
    expect(validator.validateRequestBody('signIn', undefined).valid).toBe(false)
    expect(validator.validateRequestBody('signOut', undefined).valid).toBe(true)
    expect(validator.validateRequestBody('signOut', {}).valid).toBe(true)
  })

  it('rejects a body on a call that takes none', () => {
    expect(validator.validateRequestBody('getProfile', { any: 'thing' }).valid).toBe(false)
    expect(validator.validateRequestBody('getProfile', undefined).valid).toBe(true)
  })

  it.each(
    listOperations(document)
      .filter((operation) => operation.hasRequestBody)
      .map((operation) => [operation.operationId] as const),
  )('%s rejects unknown fields in its body', (operationId) => {
    const example = firstRequestExample(operationId)
    expect(validator.validateRequestBody(operationId, example).valid).toBe(true)
    const result = validator.validateRequestBody(operationId, { ...example, nickname: 'nino' })
    expect(result.valid).toBe(false)
    expect(result.errors).toContainEqual(
      expect.objectContaining({
        keyword: 'additionalProperties',
        params: { additionalProperty: 'nickname' },
      }),
    )
  })

  it('applies the password lengths: 8 to 128 on sign-up, any non-empty on sign-in', () => {
    const registration = { username: 'a@example.com', userType: 'PERSONAL' }
    expect(
      validator.validateRequestBody('register', { ...registration, password: 'Short1' }).valid,
    ).toBe(false)
    expect(
      validator.validateRequestBody('register', { ...registration, password: 'x'.repeat(129) })
        .valid,
    ).toBe(false)
    expect(
      validator.validateRequestBody('register', { ...registration, password: 'Abcdefg1' }).valid,
    ).toBe(true)
    expect(validator.validateRequestBody('signIn', { ...signIn, password: 'x' }).valid).toBe(true)
    expect(validator.validateRequestBody('signIn', { ...signIn, password: '' }).valid).toBe(false)
  })

  it('accepts reset hashes of 40 to 64 hexadecimal characters only', () => {
    const body = { username: 'a@example.com', password: 'Narikala-Fortress-42' }
    expect(
      validator.validateRequestBody('setPassword', { ...body, hash: 'a'.repeat(64) }).valid,
    ).toBe(true)
    expect(
      validator.validateRequestBody('setPassword', { ...body, hash: 'F'.repeat(40) }).valid,
    ).toBe(true)
    expect(
      validator.validateRequestBody('setPassword', { ...body, hash: 'a'.repeat(39) }).valid,
    ).toBe(false)
    expect(
      validator.validateRequestBody('setPassword', { ...body, hash: 'g'.repeat(64) }).valid,
    ).toBe(false)
  })

  it('requires environment names to be lowercase DNS-like labels', () => {
    const body = { template: 'node-20', size: 'starter', region: 'us-east' }
    for (const name of ['web', 'checkout-api', 'a1-b2']) {
      expect(
        validator.validateRequestBody('createEnvironment', { ...body, name }).valid,
        name,
      ).toBe(true)
    }
    for (const name of ['ab', 'Web-app', '1st-env', 'trailing-', 'x'.repeat(41)]) {
      expect(
        validator.validateRequestBody('createEnvironment', { ...body, name }).valid,
        name,
      ).toBe(false)
    }
  })

  it('limits a chat to 1..50 messages of known roles', () => {
    const message = { role: 'user', content: 'Hello' }
    expect(validator.validateRequestBody('chatCompletion', { messages: [] }).valid).toBe(false)
    expect(
      validator.validateRequestBody('chatCompletion', { messages: Array(50).fill(message) }).valid,
    ).toBe(true)
    expect(
      validator.validateRequestBody('chatCompletion', { messages: Array(51).fill(message) }).valid,
    ).toBe(false)
    expect(
      validator.validateRequestBody('chatCompletion', {
        messages: [{ role: 'tool', content: 'x' }],
      }).valid,
    ).toBe(false)
  })

  it('accepts extra string details on a security event, but nothing else', () => {
    const event = firstRequestExample('logSecurityEvent')
    expect(
      validator.validateRequestBody('logSecurityEvent', { ...event, details: { section: 'faq' } })
        .valid,
    ).toBe(true)
    expect(
      validator.validateRequestBody('logSecurityEvent', { ...event, details: { count: 3 } }).valid,
    ).toBe(false)
  })

  it('validates answer bodies by status, with url null unless running', () => {
    expect(validator.validateResponse('getEnvironment', 200, environment).valid).toBe(true)
    expect(
      validator.validateResponse('getEnvironment', '200', { ...environment, url: null }).valid,
    ).toBe(true)
    expect(
      validator.validateResponse('getEnvironment', 200, { ...environment, status: 'paused' }).valid,
    ).toBe(false)
    expect(
      validator.validateResponse('getEnvironment', 200, { ...environment, owner: 'x' }).valid,
    ).toBe(false)
  })

  it('validates shared error answers through their components', () => {
    const notFound = { message: 'Environment not found', code: 'NOT_FOUND' }
    expect(validator.validateResponse('deleteEnvironment', 404, notFound).valid).toBe(true)
    expect(validator.validateResponse('deleteEnvironment', 404, { code: 'NOT_FOUND' }).valid).toBe(
      false,
    )
    expect(
      validator.validateResponse('register', 400, {
        message: 'Validation errors',
        errors: { username: 'Invalid' },
      }).valid,
    ).toBe(true)
    expect(
      validator.validateResponse('register', 400, { message: 'Validation errors', errors: {} })
        .valid,
    ).toBe(false)
  })

  it('keeps set-password answers in the { status, message } shape', () => {
    expect(
      validator.validateResponse('setPassword', 200, { status: true, message: 'Done' }).valid,
    ).toBe(true)
    expect(
      validator.validateResponse('setPassword', 200, { status: false, message: 'No' }).valid,
    ).toBe(false)
    expect(
      validator.validateResponse('setPassword', 401, { status: false, message: 'Expired' }).valid,
    ).toBe(true)
    expect(validator.validateResponse('setPassword', 500, { message: 'Oops' }).valid).toBe(false)
  })

  it('expects no body on 204 answers and reports undocumented statuses', () => {
    expect(validator.validateResponse('signOut', 204, undefined).valid).toBe(true)
    expect(validator.validateResponse('signOut', 204, { ok: true }).valid).toBe(false)
    const undocumented = validator.validateResponse('getHealth', 418, {})
    expect(undocumented.valid).toBe(false)
    expect(undocumented.errors[0]?.keyword).toBe('status')
  })

  it('throws for an unknown operation or schema', () => {
    expect(() => validator.validateRequestBody('fetchEverything', {})).toThrow(/fetchEverything/)
    expect(() => validator.validateComponent('NoSuchSchema', {})).toThrow(/NoSuchSchema/)
  })
})
