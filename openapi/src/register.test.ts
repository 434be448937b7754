import { describe, expect, it } from 'vitest'
import { loadOpenApiDocument } from './document-file'
import type { ContractRules } from './extensions'
import { listOperations } from './operations'
import {
  contractRuleIds,
  DATA_RULE_ID,
  dataRuleIds,
  normaliseProse,
  PROSE_RULE_ID,
  parseRuleRegister,
  proseOf,
  RuleRegisterError,
  ruleIsOf,
  ruleRegister,
} from './register'
import { readContractRules } from './rules'

const document = loadOpenApiDocument()
const register = ruleRegister()

describe('the register of the contract prose rules', () => {
  it('quotes each rule word for word from the contract (whitespace aside)', () => {
    const prose = proseOf(document)
    const misquoted = register
      .filter((rule) => !prose.includes(normaliseProse(rule.sentence)))
      .map((rule) => rule.id)
    expect(misquoted, 'register rules whose sentence is not in openapi.yaml').toEqual([])
  })

  it('gives each rule one lower-case <area>.<rule> id, never an upper-case requirement id', () => {
    const ids = register.map((rule) => rule.id)
    expect(ids.filter((id) => !PROSE_RULE_ID.test(id))).toEqual([])
    expect(ids.filter((id) => /[A-Z]/.test(id))).toEqual([])
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('binds only operations the contract has', () => {
    const known = new Set(listOperations(document).map((operation) => operation.operationId))
    const unknown = register.flatMap((rule) =>
      rule.operations
        .filter((operationId) => !known.has(operationId))
        .map((each) => `${rule.id}: ${each}`),
    )
    expect(unknown).toEqual([])
  })

  it('holds the rules other checks cite by id, with their sentences', () => {
    const byId = new Map(register.map((rule) => [rule.id, rule]))
    expect(byId.get('sign-in.token-valid-seconds-is-access-lifetime')?.sentence).toContain(
      '`token_valid_seconds` (lifetime of the access token',
    )
    expect(byId.get('change-password.new-differs-from-old')).toMatchObject({
      operations: ['changePassword'],
      sentence: 'differ from the old one',
    })
  })

  it('says why for every gap, and leaves a rule a request can show without one', () => {
    const gaps = register.filter((rule) => rule.gap !== undefined)
    expect(gaps.every((rule) => (rule.gap ?? '').length > 20)).toBe(true)
    // A rule a request shows is never excused as a gap.
    expect(register.find((rule) => rule.id === 'sign-out.idempotent')?.gap).toBeUndefined()
  })

  it('refuses an upper-case id, an id given twice and an unknown field, naming the entry', () => {
    const entry = (id: string) => `  - id: ${id}\n    operations: []\n    sentence: "x"\n`
    expect(() => parseRuleRegister(`rules:\n${entry('AUTH-5')}`)).toThrow(RuleRegisterError)
    expect(() => parseRuleRegister(`rules:\n${entry('api.a')}${entry('api.a')}`)).toThrow(
      'api.a is registered twice',
    )
    expect(() => parseRuleRegister(`rules:\n${entry('api.a')}    because: "no"\n`)).toThrow(
      'rules[0].because is not a known field',
    )
    expect(() => parseRuleRegister(`rules:\n${entry('api.a')}    branch: alike\n`)).toThrow(
      'api.a: branch, when given, is <choice>.<option> in lower case',
    )
    expect(
      parseRuleRegister(`rules:\n${entry('api.a')}    branch: account-answers.alike\n`)[0]?.branch,
    ).toBe('account-answers.alike')
  })

  it("holds both options of the contract's open choice of account answers, each with its rules", () => {
    const options = new Set(register.flatMap((rule) => (rule.branch ? [rule.branch] : [])))
    expect([...options].sort()).toEqual(['account-answers.alike', 'account-answers.distinct'])
  })
})

describe('the ids of the rules stated as data', () => {
  const ids = dataRuleIds(readContractRules(document))

  it('splits each extension of the contract into its separately testable rules', () => {
    expect(ids).toEqual(
      expect.arrayContaining([
        'x-rate-limits:signIn:lock',
        'x-rate-limits:signIn:window.client',
        'x-rate-limits:refreshToken:window.client',
        'x-password-policy:register.password:minLength',
        'x-password-policy:register.password:strength',
        'x-password-policy:register.password:refuseCommon',
        'x-password-policy:setPassword.password:require.digit',
        'x-password-policy:setPassword.password:require.uppercase',
        'x-quota:createEnvironment',
        'x-unique:createEnvironment',
        'x-date-bound:requestDemo.preferredDate',
        'x-values-from:chatCompletion.model',
        'x-effects:setPassword:revokes.account-sessions',
        'x-effects:signIn:resets.login-lock',
        'x-lifecycle:EnvironmentStatus',
        'x-body-limit',
        'x-lifetimes:accessToken',
        'x-lifetimes:refreshToken',
        'x-lifetimes:activationLink',
        'x-lifetimes:resetLink',
        'x-unsupported-methods',
      ]),
    )
    expect(ids.filter((id) => !DATA_RULE_ID.test(id))).toEqual([])
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('names each part of a policy only when the policy has it', () => {
    const rules: ContractRules = {
      rateLimits: { signIn: [{ kind: 'window', scope: 'email', limit: 3, periodSeconds: 60 }] },
      passwordFields: [
        {
          operationId: 'setPassword',
          field: 'password',
          schema: 'ResetPassword',
          policy: { minLength: 8, require: ['digit'], refuseCommon: false },
        },
      ],
      quotas: {},
      uniques: {},
      dateBounds: [],
      valuesFrom: [],
      effects: { signIn: [{ status: 200, resets: 'login-lock' }] },
      lifecycles: {},
      bodyLimit: null,
      lifetimes: null,
      unsupportedMethods: null,
      emailPattern: null,
    }
    expect(dataRuleIds(rules)).toEqual([
      'x-rate-limits:signIn:window.email',
      'x-password-policy:setPassword.password:minLength',
      'x-password-policy:setPassword.password:require.digit',
      'x-effects:signIn:resets.login-lock',
    ])
  })

  it('matches an id to its extension, and no other extension that begins alike', () => {
    expect(ruleIsOf('x-lifetimes:accessToken', 'x-lifetimes')).toBe(true)
    expect(ruleIsOf('x-body-limit', 'x-body-limit')).toBe(true)
    expect(ruleIsOf('x-lifecycle:EnvironmentStatus', 'x-lifetimes')).toBe(false)
  })
})

describe('the rules of a contract', () => {
  it('are its data rules and the prose rules of the register, each with its gap', () => {
    const rules = contractRuleIds(document, register)
    const ids = rules.map((rule) => rule.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toContain('x-quota:createEnvironment')
    expect(ids).toContain('change-password.new-differs-from-old')
    expect(rules.find((rule) => rule.id === 'x-quota:createEnvironment')).toMatchObject({
      extension: 'x-quota',
      operations: ['createEnvironment'],
    })
    expect(rules.find((rule) => rule.id === 'demo.sales-confirms-by-email')?.gap).toBeTruthy()
  })

  it('leave out a prose rule whose sentence another version of the contract no longer says', () => {
    const copy = structuredClone(document)
    const operation = copy.paths?.['/auth/change-password']?.post as { description: string }
    operation.description = operation.description.replace('differ from the old one', 'be new')
    const ids = contractRuleIds(copy, register).map((rule) => rule.id)
    expect(ids).not.toContain('change-password.new-differs-from-old')
    expect(ids).toContain('change-password.sessions-stay-signed-in')
  })
})
