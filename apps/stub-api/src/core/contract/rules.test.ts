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
})
