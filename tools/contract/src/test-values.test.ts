import {
  commonPasswordRuleError,
  type PasswordCheck,
  passwordPolicyProblem,
  passwordScore,
} from '@devenv/domain'
import { COMMON_PASSWORDS } from '@devenv/domain/common-passwords'
import type { PasswordPolicy } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import {
  commonPasswordKeeping,
  isToolkitTestValue,
  passwordKeptBy,
  passwordMissing,
  passwordTooShort,
  weakPasswordOf,
} from './test-values'

const isCommon = (password: string) => commonPasswordRuleError(password, COMMON_PASSWORDS) !== null
/** The domain's judgement of a password, its common-password rule included. */
const judged = (password: string | undefined, policy: PasswordPolicy) =>
  passwordPolicyProblem(String(password), policy, isCommon)

const scale = (
  minimum: number,
  minLength = 8,
  longLength = 12,
  characters?: 'unicode-categories',
): PasswordPolicy => ({
  minLength,
  strength: { minimum, pointsPerRule: 20, longLength, ...(characters ? { characters } : {}) },
  refuseCommon: true,
})
const stated = (minimum: number, minLength = 8, longLength = 12) =>
  scale(minimum, minLength, longLength, 'unicode-categories')
const checklist: PasswordPolicy = {
  minLength: 8,
  require: ['uppercase', 'lowercase', 'digit'],
  refuseCommon: true,
}
const ITEMS: PasswordCheck[] = ['uppercase', 'lowercase', 'digit', 'special']

describe("the toolkit's weak passwords, made from the contract's policy", () => {
  it.each([40, 60, 80, 100])(
    'under minimum strength %i, by the stated reading: the highest score under it, refused for its strength alone',
    (minimum) => {
      const policy = stated(minimum)
      const weak = weakPasswordOf(policy)
      expect(weak).toMatchObject({
        refusedBy: 'strength',
        score: minimum - 20,
        minimum,
        reading: 'stated',
      })
      expect(judged(weak.password, policy)).toEqual({
        rule: 'strength',
        minimum,
        score: minimum - 20,
      })
      // A server keeping a minimum one rule lower accepts it: only the contract's number refuses it.
      expect(passwordPolicyProblem(String(weak.password), stated(minimum - 20))).toBeNull()
    },
  )

  it('sends caseless letters only where the contract states its character reading', () => {
    expect(weakPasswordOf(stated(40)).password).toMatch(/^\p{Script=Han}{8}$/u)
    for (const minimum of [60, 80, 100]) {
      const { password } = weakPasswordOf(scale(minimum))
      expect(password).toMatch(/^[!-~]+$/)
      expect(password).not.toMatch(/\p{Script=Han}/u)
    }
  })

  it.each([60, 80, 100])(
    'under minimum strength %i with no stated reading: ASCII, whose score every reading agrees on',
    (minimum) => {
      const policy = scale(minimum)
      const weak = weakPasswordOf(policy)
      expect(weak).toMatchObject({
        refusedBy: 'strength',
        score: minimum - 20,
        minimum,
        reading: 'agreed',
      })
      expect(judged(weak.password, policy)).toEqual({
        rule: 'strength',
        minimum,
        score: minimum - 20,
      })
    },
  )

  it('says the contract states no reading where no ASCII password is under the minimum', () => {
    const weak = weakPasswordOf(scale(40))
    expect(weak.password).toBeUndefined()
    expect(weak).toMatchObject({
      reason: expect.stringMatching(
        /^the contract does not state which characters count for which rule .*scores 40 or more, not under the minimum 40$/,
      ),
    })
  })

  it('says why there is none where every password of minLength meets the minimum', () => {
    const weak = weakPasswordOf(stated(40, 12, 12))
    expect(weak.password).toBeUndefined()
    expect(weak).toMatchObject({ reason: expect.stringContaining('minimum strength is 40') })
    expect(weakPasswordOf(checklist)).toMatchObject({
      reason: expect.stringContaining('no strength scale'),
    })
  })
})

describe('passwords that break one part of a policy and keep the rest', () => {
  it.each(['uppercase', 'lowercase', 'digit'] as const)(
    'misses %s alone: the judge finds that item missing and nothing else',
    (item) => {
      const made = passwordMissing(checklist, item)
      expect(judged(made.password, checklist)).toEqual({ rule: 'require', missing: [item] })
    },
  )

  it('misses each item alone under a scale too, scoring over its minimum', () => {
    const policy: PasswordPolicy = { ...stated(60), require: ITEMS }
    for (const item of ITEMS) {
      const made = passwordMissing(policy, item)
      expect(judged(made.password, policy)).toEqual({ rule: 'require', missing: [item] })
      expect(passwordScore(String(made.password), policy)).toBeGreaterThan(60)
    }
  })

  it('says why where a missing item costs the strength first, or is not required', () => {
    // Six rules of 17 reach 100, five do not: a password without a digit cannot.
    const strict: PasswordPolicy = {
      minLength: 8,
      strength: { minimum: 100, pointsPerRule: 17, longLength: 12 },
      require: ['digit'],
      refuseCommon: true,
    }
    expect(passwordMissing(strict, 'digit')).toMatchObject({
      password: undefined,
      reason: expect.stringContaining('refused for its strength first'),
    })
    expect(passwordMissing(checklist, 'special')).toMatchObject({
      password: undefined,
      reason: 'the policy does not require a special character',
    })
  })

  it.each([
    ['a scale', stated(40)],
    ['a checklist', checklist],
  ])('is one character short under %s, and only its length breaks the policy', (_, policy) => {
    const made = passwordTooShort(policy)
    expect(judged(made.password, policy)).toEqual({ rule: 'minLength', minLength: 8, length: 7 })
  })

  it.each([
    ['registration', stated(40)],
    ['a stricter scale', stated(80, 10, 14)],
    ['the reset checklist', checklist],
    ['every item', { ...checklist, require: ITEMS }],
  ])(
    'is common under %s from the list, and the policy refuses it for nothing else',
    (_, policy) => {
      const made = commonPasswordKeeping(policy, COMMON_PASSWORDS)
      expect(made).toMatchObject({ listed: true })
      expect(made.password).toMatch(/^[!-~]+$/)
      expect(judged(made.password, policy)).toEqual({ rule: 'common' })
      // Without the common-password rule the policy keeps it: every other part holds.
      expect(passwordPolicyProblem(String(made.password), policy)).toBeNull()
      const score = passwordScore(String(made.password), policy)
      if (policy.strength) expect(score).toBeGreaterThan(policy.strength.minimum)
    },
  )

  it('falls back to a trivial pattern where no listed password is long enough', () => {
    const policy: PasswordPolicy = { ...stated(100, 40, 40), require: ITEMS }
    const made = commonPasswordKeeping(policy, COMMON_PASSWORDS)
    expect(made).toMatchObject({ listed: false })
    expect(judged(made.password, policy)).toEqual({ rule: 'common' })
    expect(passwordPolicyProblem(String(made.password), policy)).toBeNull()
  })

  it('says why where the policy does not refuse common passwords', () => {
    expect(commonPasswordKeeping({ ...checklist, refuseCommon: false }, COMMON_PASSWORDS)).toEqual({
      password: undefined,
      reason: 'the policy does not refuse common passwords',
    })
  })

  it('makes none of its refused passwords common, so each is refused for its own part', () => {
    const policies = [stated(60), scale(60), scale(80), checklist]
    for (const policy of policies) {
      expect(isCommon(String(weakPasswordOf(policy).password))).toBe(false)
      expect(isCommon(String(passwordTooShort(policy).password))).toBe(false)
    }
    for (const item of ITEMS)
      expect(
        isCommon(String(passwordMissing({ ...checklist, require: ITEMS }, item).password)),
      ).toBe(false)
  })
})

describe("the toolkit's good and shown passwords", () => {
  it('keeps a good password whatever the numbers: long enough for every policy, of every kind', () => {
    const policies = [scale(100, 24, 30), checklist]
    const password = passwordKeptBy(policies, 'Contract-Run-Pass-1')
    expect(password.startsWith('Contract-Run-Pass-1')).toBe(true)
    for (const policy of policies) expect(passwordPolicyProblem(password, policy)).toBeNull()
    expect(passwordKeptBy([scale(40)], 'Contract-Run-Pass-1')).toBe('Contract-Run-Pass-1')
  })

  it('shows the passwords it made in reports as sent, and nobody else’s', () => {
    const made = [
      weakPasswordOf(stated(40)).password,
      weakPasswordOf(scale(60)).password,
      passwordTooShort(checklist).password,
      passwordMissing(checklist, 'digit').password,
      commonPasswordKeeping(checklist, COMMON_PASSWORDS).password,
    ]
    for (const password of made) expect(isToolkitTestValue(String(password))).toBe(true)
    expect(isToolkitTestValue('密码密码密码密码')).toBe(false)
    expect(isToolkitTestValue('Contract-Run-Pass-1')).toBe(false)
  })
})
