import {
  createContract,
  createPrecompiledValidator,
  isJsonObject,
  loadPortableContract,
  OPENAPI_DOCUMENT,
  type OpenApiDocument,
} from '@devenv/openapi/portable'
import { afterEach, describe, expect, it } from 'vitest'
import { register } from '../operations/auth-test-support'
import { startTestStub, type TestStub, USER } from '../test-support'
import { stubRulesOf } from './rules'

// The stub keeps the rules its contract states: a copy of the contract with other numbers makes a
// stub that keeps those, with no change to its code.

const NO_OVERRIDES = { tokenValidSeconds: null, resetLinkMinutes: null }

/** The contract with `change` made to a copy of its document (the x- rules only: same schemas). */
function contractWith(change: (document: OpenApiDocument) => void) {
  const document = structuredClone(OPENAPI_DOCUMENT) as OpenApiDocument
  change(document)
  return createContract(document, { validator: createPrecompiledValidator() })
}

function objectAt(value: unknown, ...keys: string[]): Record<string, unknown> {
  let at = value
  for (const key of keys) at = isJsonObject(at) ? at[key] : undefined
  if (!isJsonObject(at)) throw new Error(`no object at ${keys.join('/')}`)
  return at
}

const environment = (name: string) => ({
  name,
  template: 'node-20',
  size: 'starter',
  region: 'eu-central',
})

let stub: TestStub | undefined
afterEach(async () => {
  await stub?.close()
  stub = undefined
})

describe("the stub's rules are its contract's", () => {
  it('reads every rule it applies from the contract it is given', () => {
    const rules = stubRulesOf(loadPortableContract(), NO_OVERRIDES)
    const document = OPENAPI_DOCUMENT as OpenApiDocument
    expect(rules.bodyLimitBytes).toBe(objectAt(document, 'x-body-limit').maxBytes)
    expect(rules.lifetimes).toEqual(objectAt(document, 'x-lifetimes'))
    expect(rules.environmentQuota).toMatchObject(
      objectAt(document, 'paths', '/environments', 'post', 'x-quota'),
    )
    expect(rules.unsupportedMethods).toEqual(objectAt(document, 'x-unsupported-methods'))
    expect(rules.environmentUnique).toEqual(
      objectAt(document, 'paths', '/environments', 'post', 'x-unique'),
    )
    expect(rules.dateBounds.map(({ operationId, field }) => `${operationId}.${field}`)).toEqual([
      'requestDemo.preferredDate',
    ])
    expect(rules.chatModel).toEqual({
      field: 'model',
      from: objectAt(document, 'components', 'schemas', 'ChatRequest', 'properties', 'model')[
        'x-values-from'
      ],
    })
  })

  it('takes a lifetime from the settings only when they override it (20-second tokens)', () => {
    const rules = stubRulesOf(loadPortableContract(), {
      tokenValidSeconds: 20,
      resetLinkMinutes: 5,
    })
    expect(rules.lifetimes).toMatchObject({ accessToken: 20, resetLink: 300 })
    expect(rules.lifetimes.refreshToken).toBe(
      objectAt(OPENAPI_DOCUMENT, 'x-lifetimes').refreshToken,
    )
  })

  it('refuses to start from a contract that does not state a rule it applies', () => {
    const bare = contractWith((document) => {
      delete document['x-body-limit']
    })
    expect(() => stubRulesOf(bare, NO_OVERRIDES)).toThrow(/x-body-limit/)
  })

  it('refuses the 4th environment when the contract says 3', async () => {
    const contract = contractWith((document) => {
      objectAt(document, 'paths', '/environments', 'post', 'x-quota').limit = 3
    })
    stub = await startTestStub({ contract })
    const token = (await stub.signIn(USER.email, USER.password)).access_token
    for (const name of ['env-a', 'env-b', 'env-c']) {
      const created = await stub.call({ url: '/api/environments', token, body: environment(name) })
      expect(created.statusCode, name).toBe(201)
    }
    const fourth = await stub.call({ url: '/api/environments', token, body: environment('env-d') })
    expect(fourth.statusCode).toBe(403)
    expect(fourth.json()).toEqual({
      message: 'You already have 3 environments. Delete one to create another.',
      code: 'ENVIRONMENT_QUOTA_EXCEEDED',
    })
  })

  it("issues tokens of the contract's lifetime, and refuses a body over its limit", async () => {
    const contract = contractWith((document) => {
      objectAt(document, 'x-lifetimes').accessToken = 120
      objectAt(document, 'x-body-limit').maxBytes = 256
    })
    stub = await startTestStub({ contract })
    expect((await stub.signIn(USER.email, USER.password)).token_valid_seconds).toBe(120)
    const large = await stub.call({
      url: '/api/auth/auth',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: USER.email, password: 'x'.repeat(300) }),
    })
    expect(large.statusCode).toBe(413)
  })

  it('locks sign-in after 3 wrong passwords when the contract says 3', async () => {
    const contract = contractWith((document) => {
      const limits = objectAt(document, 'paths', '/auth/auth', 'post')['x-rate-limits']
      const lock = (Array.isArray(limits) ? limits : []).find(
        (rule) => isJsonObject(rule) && rule.kind === 'lock',
      )
      if (!isJsonObject(lock)) throw new Error('sign-in states no lock')
      lock.limit = 3
    })
    stub = await startTestStub({ contract })
    const wrong = { email: USER.email, password: 'not-the-password' }
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await stub.call({ url: '/api/auth/auth', body: wrong })).statusCode).toBe(401)
    }
    const locked = await stub.call({ url: '/api/auth/auth', body: wrong })
    expect(locked.statusCode).toBe(429)
    expect(locked.json().code).toBe('LOGIN_LOCKED')
  })

  it('refuses at registration a password under strength 60 when the contract says 60', async () => {
    const contract = contractWith((document) => {
      const policy = objectAt(document, 'components', 'schemas', 'NewPassword', 'x-password-policy')
      objectAt(policy, 'strength').minimum = 60
    })
    stub = await startTestStub({ contract })
    // 8+ characters, lower case and a digit: 60 on the contract's scale of 20 points.
    expect((await register(stub, 'sixty@example.com', 'pinewoods7')).statusCode).toBe(201)
    // 8+ characters and lower case: 40, enough under the contract of today, not under this one.
    const weak = await register(stub, 'forty@example.com', 'pinewoods')
    expect(weak.statusCode).toBe(400)
    expect(weak.json().errors).toEqual({
      password: 'Password is too weak. Please use a stronger password',
    })
  })
  it("answers a name taken with the status and code of the contract's x-unique", async () => {
    // 403 and the quota's code: another pair the contract documents for createEnvironment.
    const contract = contractWith((document) => {
      const unique = objectAt(document, 'paths', '/environments', 'post', 'x-unique')
      unique.status = 403
      unique.code = 'ENVIRONMENT_QUOTA_EXCEEDED'
    })
    stub = await startTestStub({ contract })
    const token = (await stub.signIn(USER.email, USER.password)).access_token
    const first = await stub.call({ url: '/api/environments', token, body: environment('twin') })
    expect(first.statusCode).toBe(201)
    const second = await stub.call({ url: '/api/environments', token, body: environment('twin') })
    expect(second.statusCode).toBe(403)
    expect(second.json()).toEqual({
      message: 'An environment named twin already exists',
      code: 'ENVIRONMENT_QUOTA_EXCEEDED',
    })
  })

  it('accepts a past preferred date when the contract states no x-date-bound', async () => {
    const yesterday = '2026-03-01'
    const demo = {
      name: 'Nino Beridze',
      email: 'nino.beridze@example.com',
      company: 'Beridze Consulting',
      preferredDate: yesterday,
    }
    stub = await startTestStub()
    const bounded = await stub.call({ url: '/api/demo/request', body: demo })
    expect(bounded.statusCode).toBe(400)
    expect(Object.keys(bounded.json().errors)).toEqual(['preferredDate'])
    await stub.close()
    const contract = contractWith((document) => {
      const properties = objectAt(document, 'components', 'schemas', 'DemoRequest', 'properties')
      delete objectAt(properties, 'preferredDate')['x-date-bound']
    })
    stub = await startTestStub({ contract })
    expect((await stub.call({ url: '/api/demo/request', body: demo })).statusCode).toBe(201)
  })

  it("looks a chat's model up by the key of the contract's x-values-from", async () => {
    // Keyed on `name`, the ids listModels answers are no longer values of `model`.
    const contract = contractWith((document) => {
      const model = objectAt(
        document,
        'components',
        'schemas',
        'ChatRequest',
        'properties',
        'model',
      )
      objectAt(model, 'x-values-from').key = 'name'
    })
    stub = await startTestStub({ contract })
    const token = (await stub.signIn(USER.email, USER.password)).access_token
    const chat = await stub.call({
      url: '/api/ai/chat',
      token,
      body: { model: 'qwen2.5-coder-7b', messages: [{ role: 'user', content: 'Hello' }] },
    })
    expect(chat.statusCode).toBe(400)
    expect(chat.json().errors).toEqual({
      model:
        'Unknown model: use one of Qwen2.5 Coder 7B, Llama 3.1 8B Instruct, Mistral 7B Instruct',
    })
  })
})
