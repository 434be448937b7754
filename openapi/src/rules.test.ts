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
      strength: { minimum: 40, pointsPerRule: 20, longLength: 12 },
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
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  }, 60_000)
})
