import { CONTRACT_RULES } from '@devenv/openapi/facts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  countsTowardsDevEnvironmentQuota,
  DEV_ENVIRONMENT_QUOTA,
  DEV_ENVIRONMENT_STATUSES,
  isDevEnvironmentQuotaReached,
} from './dev-environments'
import { LOGIN_LOCK_RULE } from './login-lock'
import {
  NEW_PASSWORD_POLICIES,
  newPasswordRuleError,
  PASSWORD_LONG_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULE_POINTS,
  PASSWORD_STRENGTH_THRESHOLD,
  type PasswordPolicy,
  passwordStrength,
  RESET_PASSWORD_CHECKS,
  type StrengthPolicy,
} from './password'

// The domain's rules are the contract's (`x-password-policy`, `x-quota`), read from the generated
// facts: a number changed in openapi.yaml changes the site's forms and the stub's judge alike.

const policyOf = (operationId: string): PasswordPolicy | undefined =>
  CONTRACT_RULES.passwordFields.find((field) => field.operationId === operationId)?.policy

describe("the domain's constants are the contract's rules", () => {
  it('takes each new-password policy from the operation that applies it', () => {
    expect(NEW_PASSWORD_POLICIES).toEqual({
      registration: policyOf('register'),
      change: policyOf('changePassword'),
      reset: policyOf('setPassword'),
    })
  })

  it("states the strength scale's numbers as the registration policy does", () => {
    const registration = policyOf('register')
    // The scale's numbers; which character meets which rule is the reading's (password.ts).
    const { characters: _reading, ...scale } = registration?.strength ?? {}
    expect({
      minLength: PASSWORD_MIN_LENGTH,
      longLength: PASSWORD_LONG_LENGTH,
      minimum: PASSWORD_STRENGTH_THRESHOLD,
      pointsPerRule: PASSWORD_RULE_POINTS,
    }).toEqual({ minLength: registration?.minLength, ...scale })
  })

  it("lists the reset checklist as the length and then the set-password policy's requirements", () => {
    expect(RESET_PASSWORD_CHECKS).toEqual([
      'minLength',
      ...(policyOf('setPassword')?.require ?? []),
    ])
  })

  it('counts environments against the createEnvironment quota, leaving out its uncounted statuses', () => {
    const quota = CONTRACT_RULES.quotas.createEnvironment
    expect(DEV_ENVIRONMENT_QUOTA).toBe(quota.limit)
    const uncounted = DEV_ENVIRONMENT_STATUSES.filter(
      (status) => !countsTowardsDevEnvironmentQuota(status),
    )
    expect(uncounted).toEqual(quota.uncounted)
  })

  it("locks sign-in by the contract's lock: its failures and its period", () => {
    const lock = CONTRACT_RULES.rateLimits.signIn.find((rule) => rule.kind === 'lock')
    expect(LOGIN_LOCK_RULE).toEqual({
      attempts: lock?.limit,
      lockMs: (lock?.periodSeconds ?? 0) * 1000,
    })
  })
})

describe('the judges follow the policy they are given', () => {
  // Strength 60 on a scale of 25 points a rule, with 16 characters for a long password.
  const stricter: StrengthPolicy = {
    minLength: 10,
    strength: { minimum: 60, pointsPerRule: 25, longLength: 16 },
    refuseCommon: true,
  }

  it('scores with the given points per rule and long length', () => {
    // 10 characters, lower case and a digit: three rules of the stricter scale, not long.
    expect(passwordStrength('abcdefgh12', stricter).score).toBe(75)
    expect(passwordStrength('abcdefghijklmn12', stricter).score).toBe(100)
    // The contract's scale: three rules (8 characters, lower case, a digit) of 20 points.
    expect(passwordStrength('abcdefgh12').score).toBe(60)
  })

  it("labels a score Fair from the given minimum, not the contract's", () => {
    expect(passwordStrength('abcdefghij', stricter)).toEqual({ score: 50, label: 'Weak' })
    expect(passwordStrength('abcdefgh').label).toBe('Fair')
  })

  it('refuses a password under the given minimum length or strength', () => {
    expect(newPasswordRuleError('abcdEF1!', 'registration', stricter)).toBe(
      'validation.passwordTooShort',
    )
    expect(newPasswordRuleError('abcdefghij', 'registration', stricter)).toBe(
      'validation.passwordTooWeak',
    )
    expect(newPasswordRuleError('abcdefghij', 'registration')).toBeNull()
    expect(newPasswordRuleError('abcdefgh12', 'change', stricter)).toBeNull()
  })

  it('refuses a reset password that misses an item the given policy requires', () => {
    const special: PasswordPolicy = { minLength: 8, require: ['special'], refuseCommon: true }
    expect(newPasswordRuleError('Abcdefg1', 'reset')).toBeNull()
    expect(newPasswordRuleError('Abcdefg1', 'reset', special)).toBe('validation.passwordResetRules')
    expect(newPasswordRuleError('abcdefg!', 'reset', special)).toBeNull()
  })

  it('reaches the quota at the limit given, leaving out the statuses it does not count', () => {
    const three = { limit: 3, uncounted: ['deleting', 'failed'] }
    const environments = [
      { status: 'running' as const },
      { status: 'stopped' as const },
      { status: 'failed' as const },
      { status: 'deleting' as const },
    ]
    expect(isDevEnvironmentQuotaReached(environments, three)).toBe(false)
    expect(isDevEnvironmentQuotaReached([...environments, { status: 'running' }], three)).toBe(true)
    expect(isDevEnvironmentQuotaReached(environments)).toBe(false)
  })
})

describe('facts other than this contract gives', () => {
  type Rules = typeof CONTRACT_RULES
  /** A domain module loaded afresh against changed facts, as a stale or broken build gives them. */
  async function loadAgainst<Module>(
    change: (rules: Rules) => unknown,
    load: () => Promise<Module>,
  ): Promise<Module> {
    vi.resetModules()
    vi.doMock('@devenv/openapi/facts', async (importOriginal) => {
      const facts = await importOriginal<typeof import('@devenv/openapi/facts')>()
      return { ...facts, CONTRACT_RULES: change(facts.CONTRACT_RULES) }
    })
    return load()
  }

  afterEach(() => {
    vi.doUnmock('@devenv/openapi/facts')
    vi.resetModules()
  })

  it('refuses to load without a password policy for an operation that sets one, naming it', async () => {
    const load = loadAgainst(
      (rules) => ({
        ...rules,
        passwordFields: rules.passwordFields.filter(
          (field) => field.operationId !== 'changePassword',
        ),
      }),
      () => import('./password'),
    )
    await expect(load).rejects.toThrow('The contract states no password policy for changePassword')
  })

  it('refuses to load without a lock on sign-in', async () => {
    const load = loadAgainst(
      (rules) => ({
        ...rules,
        rateLimits: {
          ...rules.rateLimits,
          signIn: rules.rateLimits.signIn.filter((rule) => rule.kind !== 'lock'),
        },
      }),
      () => import('./login-lock'),
    )
    await expect(load).rejects.toThrow(
      'The contract states no login lock on signIn (x-rate-limits)',
    )
  })

  it("takes the lock wherever the contract lists it among sign-in's limits", async () => {
    const { LOGIN_LOCK_RULE: lockRule } = await loadAgainst(
      (rules) => ({
        ...rules,
        rateLimits: { ...rules.rateLimits, signIn: [...rules.rateLimits.signIn].reverse() },
      }),
      () => import('./login-lock'),
    )
    expect(lockRule).toEqual(LOGIN_LOCK_RULE)
  })
})
