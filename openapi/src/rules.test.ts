import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { loadOpenApiDocument } from './document-file'
import { ContractRuleError, ruleShapeProblem } from './extensions'
import { listOperations } from './operations'
import { readContractRules } from './rules'

const document = loadOpenApiDocument()

function copyWith(change: (copy: typeof document) => void): typeof document {
  const copy = structuredClone(document)
  change(copy)
  return copy
}

describe('the rules a server keeps, read from the contract', () => {
  const rules = readContractRules(document)

  it('reads each password field with its policy: strength at registration and on a change, the checklist on a reset', () => {
    expect(
      rules.passwordFields.map(
        ({ operationId, field, schema }) => `${operationId}.${field} ${schema}`,
      ),
    ).toEqual([
      'register.password NewPassword',
      'changePassword.newPassword NewPassword',
      'setPassword.password ResetPassword',
    ])
    expect(rules.passwordFields[0]?.policy).toEqual({
      minLength: 8,
      strength: {
        minimum: 40,
        pointsPerRule: 20,
        longLength: 12,
        characters: 'unicode-categories',
      },
      refuseCommon: true,
    })
    expect(rules.passwordFields[2]?.policy.require).toEqual(['uppercase', 'lowercase', 'digit'])
  })

  it('reads the quota, the lifecycle, the body limit, the lifetimes, the unsupported methods and the e-mail pattern', () => {
    expect(rules.quotas.createEnvironment).toMatchObject({
      limit: 5,
      uncounted: ['deleting'],
      status: 403,
    })
    expect(rules.lifecycles.EnvironmentStatus?.created).toBe('provisioning')
    expect(rules.bodyLimit).toEqual({ maxBytes: 1_048_576 })
    expect(rules.lifetimes).toEqual({
      accessToken: 900,
      refreshToken: 604_800,
      activationLink: 86_400,
      resetLink: 3600,
    })
    expect(rules.unsupportedMethods).toEqual({ status: 405, header: 'Allow' })
    const email = new RegExp(rules.emailPattern ?? '(?!)')
    expect(['ada@example.com', 'A.B+tag@mail.example.co'].map((each) => email.test(each))).toEqual([
      true,
      true,
    ])
    expect(
      ['v@io', 'no-at.example', 'a@-x.example', 'ü@example.com'].map((each) => email.test(each)),
    ).toEqual([false, false, false, false])
  })

  it('reads the name kept unique per user, the earliest preferred date, the model list and the effects of an answer', () => {
    expect(rules.uniques).toEqual({
      createEnvironment: {
        field: 'name',
        per: 'user',
        status: 409,
        code: 'ENVIRONMENT_NAME_TAKEN',
      },
    })
    expect(rules.dateBounds).toEqual([
      {
        operationId: 'requestDemo',
        field: 'preferredDate',
        bound: { notBefore: 'today', timeZone: 'UTC' },
      },
    ])
    expect(rules.valuesFrom).toEqual([
      {
        operationId: 'chatCompletion',
        field: 'model',
        from: { operationId: 'listModels', list: 'items', key: 'id' },
      },
    ])
    expect(rules.effects).toEqual({
      signIn: [{ status: 200, resets: 'login-lock' }],
      legacySignIn: [{ status: 200, resets: 'login-lock' }],
      signOut: [{ status: 204, revokes: 'session' }],
      setPassword: [{ status: 200, revokes: 'account-sessions' }],
    })
    // "Existing sessions stay signed in" after a change: no effect there.
    expect(rules.effects.changePassword).toBeUndefined()
  })

  it('reads which character meets which password rule on the strength scale', () => {
    const strength = rules.passwordFields
      .filter(({ policy }) => policy.strength)
      .map(({ operationId, policy }) => `${operationId} ${policy.strength?.characters}`)
    expect(strength).toEqual(['register unicode-categories', 'changePassword unicode-categories'])
  })

  it('follows a number changed in a copy of the contract', () => {
    const changed = readContractRules(
      copyWith((copy) => {
        const environments = (
          copy.paths['/environments'] as { post: Record<string, { limit: number }> }
        ).post
        ;(environments['x-quota'] as { limit: number }).limit = 3
      }),
    )
    expect(changed.quotas.createEnvironment?.limit).toBe(3)
  })

  it('names the pointer and the problem of an extension that breaks its shape', () => {
    const broken = copyWith((copy) => {
      copy['x-lifetimes'] = {
        accessToken: '15 minutes',
        refreshToken: 1,
        activationLink: 1,
        resetLink: 1,
      }
    })
    expect(() => readContractRules(broken)).toThrow(ContractRuleError)
    expect(() => readContractRules(broken)).toThrow(
      '#/x-lifetimes: x-lifetimes.accessToken must be an integer',
    )
    const badLimit = copyWith((copy) => {
      ;(copy.paths['/auth/auth'] as { post: Record<string, unknown> }).post['x-rate-limits'] = [
        { kind: 'lock', scope: 'ip', limit: 5, periodSeconds: 900 },
      ]
    })
    expect(() => listOperations(badLimit)).toThrow(
      '#/paths/~1auth~1auth/post/x-rate-limits: x-rate-limits[0].scope must be one of "client", "email", "user"',
    )
  })

  it('refuses each new rule that breaks its shape or names what is not there, with its pointer', () => {
    const environments = (copy: typeof document) =>
      (copy.paths['/environments'] as { post: Record<string, unknown> }).post
    const schemas = (copy: typeof document) =>
      copy.components?.schemas as Record<
        string,
        { properties: Record<string, Record<string, unknown>> }
      >
    const cases: Array<[string, (copy: typeof document) => void, string]> = [
      [
        'a unique status outside 4xx',
        (copy) => {
          environments(copy)['x-unique'] = { field: 'name', per: 'user', status: 200, code: 'X' }
        },
        '#/paths/~1environments/post/x-unique: x-unique.status must be at least 400',
      ],
      [
        'a unique field the body does not have',
        (copy) => {
          environments(copy)['x-unique'] = { field: 'title', per: 'user', status: 409, code: 'X' }
        },
        '#/paths/~1environments/post/x-unique: x-unique.field "title" is not a field of the request body',
      ],
      [
        'a date bound in another time zone',
        (copy) => {
          const date = schemas(copy).DemoRequest?.properties.preferredDate ?? {}
          date['x-date-bound'] = { notBefore: 'today', timeZone: 'Europe/Berlin' }
        },
        '#/components/schemas/DemoRequest/properties/preferredDate/x-date-bound: x-date-bound.timeZone must be "UTC"',
      ],
      [
        'a date bound on a field that is not a date',
        (copy) => {
          const name = schemas(copy).DemoRequest?.properties.name ?? {}
          name['x-date-bound'] = { notBefore: 'today', timeZone: 'UTC' }
        },
        '#/components/schemas/DemoRequest/properties/name/x-date-bound: x-date-bound belongs on a string of format date',
      ],
      [
        'values from an operation the document does not have',
        (copy) => {
          const model = schemas(copy).ChatRequest?.properties.model ?? {}
          model['x-values-from'] = { operationId: 'listEngines', list: 'items', key: 'id' }
        },
        '#/components/schemas/ChatRequest/properties/model/x-values-from: x-values-from.operationId "listEngines" is not an operation of the document',
      ],
      [
        'values from a list the answer does not have',
        (copy) => {
          const model = schemas(copy).ChatRequest?.properties.model ?? {}
          model['x-values-from'] = { operationId: 'listModels', list: 'models', key: 'id' }
        },
        '#/components/schemas/ChatRequest/properties/model/x-values-from: x-values-from.list "models" is not a list in the 200 answer of listModels',
      ],
      [
        'values keyed on a field the items do not have',
        (copy) => {
          const model = schemas(copy).ChatRequest?.properties.model ?? {}
          model['x-values-from'] = { operationId: 'listModels', list: 'items', key: 'slug' }
        },
        '#/components/schemas/ChatRequest/properties/model/x-values-from: x-values-from.key "slug" is not a field of the items of listModels\'s items',
      ],
      [
        'an effect that neither revokes nor resets',
        (copy) => {
          ;(copy.paths['/auth/logout'] as { post: Record<string, unknown> }).post['x-effects'] = [
            { status: 204 },
          ]
        },
        '#/paths/~1auth~1logout/post/x-effects: x-effects[0].revokes is required or x-effects[0].resets is required',
      ],
      [
        'an effect that revokes what is not a session',
        (copy) => {
          ;(copy.paths['/auth/logout'] as { post: Record<string, unknown> }).post['x-effects'] = [
            { status: 204, revokes: 'everything' },
          ]
        },
        '#/paths/~1auth~1logout/post/x-effects: x-effects[0].revokes must be one of "session", "account-sessions"',
      ],
      [
        'a reading of characters the contract does not define',
        (copy) => {
          const policy = (
            schemas(copy).NewPassword as unknown as Record<
              string,
              { strength: Record<string, unknown> }
            >
          )['x-password-policy']
          if (policy) policy.strength.characters = 'ascii'
        },
        '#/components/schemas/NewPassword/x-password-policy: x-password-policy.strength.characters must be one of "unicode-categories"',
      ],
    ]
    for (const [label, change, problem] of cases) {
      const broken = copyWith(change)
      expect(() => readContractRules(broken), label).toThrow(ContractRuleError)
      expect(() => readContractRules(broken), label).toThrow(problem)
    }
  })

  it('checks each shape the definitions give', () => {
    expect(
      ruleShapeProblem('x-password-policy', {
        minLength: 8,
        refuseCommon: true,
        require: ['digit', 'digit'],
      }),
    ).toBe('x-password-policy.require must not repeat an item')
    expect(ruleShapeProblem('x-password-policy', { minLength: 8 })).toBe(
      'x-password-policy.refuseCommon is required',
    )
    expect(ruleShapeProblem('x-quota', { scope: 'user', limit: 0, status: 403, code: 'X' })).toBe(
      'x-quota.limit must be at least 1',
    )
    expect(ruleShapeProblem('x-unsupported-methods', { status: 404, header: 'Allow' })).toBe(
      'x-unsupported-methods.status must be 405',
    )
    expect(ruleShapeProblem('x-body-limit', { maxBytes: 10, unit: 'MiB' })).toBe(
      'x-body-limit.unit is not a known field',
    )
    expect(ruleShapeProblem('x-lifecycle', { created: 'provisioning', transitions: [] })).toBeNull()
  })
})

describe("the contract's lint holds each extension to its shape and place", () => {
  it('refuses a malformed extension and a misplaced one, naming them', () => {
    const folder = mkdtempSync(join(import.meta.dirname, '..', '.lint-'))
    try {
      const bad = copyWith((copy) => {
        copy['x-body-limit'] = { maxBytes: '1 MiB' }
        copy['x-quota'] = { scope: 'user', limit: 5, status: 403, code: 'X' }
        const schemas = copy.components?.schemas as Record<
          string,
          { properties: Record<string, Record<string, unknown>> }
        >
        const demo = schemas.DemoRequest
        if (!demo) throw new Error('the contract has no DemoRequest')
        demo.properties.name = {
          ...demo.properties.name,
          'x-date-bound': { notBefore: 'today', timeZone: 'UTC' },
        }
        ;(copy.paths['/auth/logout'] as { post: Record<string, unknown> }).post['x-effects'] = [
          { status: 204 },
        ]
      })
      const file = join(folder, 'bad.yaml')
      writeFileSync(file, stringify(bad))
      let output = ''
      try {
        execFileSync(
          'redocly',
          [
            'lint',
            file,
            '--format=stylish',
            '--config',
            join(import.meta.dirname, '..', 'redocly.yaml'),
          ],
          {
            encoding: 'utf8',
            stdio: 'pipe',
          },
        )
      } catch (error) {
        output = String((error as { stdout: string }).stdout)
      }
      expect(output).toContain('`x-body-limit`.maxBytes must be integer.')
      expect(output).toContain('`x-quota` belongs on an operation, not on the document.')
      expect(output).toContain('`x-date-bound` belongs on a schema of `format: date`.')
      expect(output).toContain('`x-effects`.0 must match a schema in anyOf.')
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  }, 60_000)
})
