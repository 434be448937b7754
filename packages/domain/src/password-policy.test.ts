import { describe, expect, it } from 'vitest'
import {
  NEW_PASSWORD_POLICIES,
  type PasswordPolicy,
  passwordChecksOf,
  passwordPolicyProblem,
  passwordScore,
  passwordStrengthBreakdown,
} from './password'

const strength = (minimum: number): PasswordPolicy => ({
  minLength: 8,
  strength: { minimum, pointsPerRule: 20, longLength: 12 },
  refuseCommon: true,
})
const checklist: PasswordPolicy = {
  minLength: 8,
  require: ['uppercase', 'lowercase', 'digit'],
  refuseCommon: true,
}

describe('a password judged by any policy a contract states', () => {
  it('scores pointsPerRule for each rule of the scale it meets, capped at 100', () => {
    // Eight caseless characters meet the length rule alone.
    expect(passwordScore('密码强度不够安全', strength(40))).toBe(20)
    expect(passwordScore('密码强度不够安全a', strength(40))).toBe(40)
    expect(passwordScore('Abcdefgh1234!', strength(40))).toBe(100)
    expect(passwordScore('Abcdefgh1234!', { ...strength(40), strength: undefined })).toBeNull()
  })

  it('refuses a short password before judging its strength', () => {
    expect(passwordPolicyProblem('Ab1!', strength(40))).toEqual({
      rule: 'minLength',
      minLength: 8,
      length: 4,
    })
  })

  it("follows the policy's minimum: a password of 40 passes at 40 and is refused at 60", () => {
    expect(passwordScore('kartulisoft', strength(60))).toBe(40)
    expect(passwordPolicyProblem('kartulisoft', strength(40))).toBeNull()
    expect(passwordPolicyProblem('kartulisoft', strength(60))).toEqual({
      rule: 'strength',
      minimum: 60,
      score: 40,
    })
  })

  it('names every checklist item a password misses', () => {
    expect(passwordPolicyProblem('password', checklist)).toEqual({
      rule: 'require',
      missing: ['uppercase', 'digit'],
    })
    expect(passwordPolicyProblem('Passw0rd-kept', checklist)).toBeNull()
  })

  it('refuses a common password only where the policy says so and a judge of them is given', () => {
    const common = (password: string) => password === 'Passw0rd-kept'
    expect(passwordPolicyProblem('Passw0rd-kept', checklist, common)).toEqual({ rule: 'common' })
    expect(
      passwordPolicyProblem('Passw0rd-kept', { ...checklist, refuseCommon: false }, common),
    ).toBeNull()
    expect(passwordPolicyProblem('Passw0rd-kept', checklist)).toBeNull()
  })
})

describe("which character meets which rule: the contract's `characters`", () => {
  const unicode = {
    minLength: 8,
    strength: { minimum: 40, pointsPerRule: 20, longLength: 12, characters: 'unicode-categories' },
    require: ['uppercase', 'lowercase', 'digit', 'special'],
    refuseCommon: false,
  } as const satisfies PasswordPolicy

  it('is Unicode categories on the registration and change scales, as the contract states', () => {
    expect(NEW_PASSWORD_POLICIES.registration.strength.characters).toBe('unicode-categories')
    expect(NEW_PASSWORD_POLICIES.change.strength.characters).toBe('unicode-categories')
  })

  it('counts a CJK ideograph (a letter of no case) for none of the four character rules', () => {
    const checks = passwordChecksOf(unicode)
    const met = (character: string) =>
      (['lowercase', 'uppercase', 'digit', 'special'] as const).filter((rule) =>
        checks[rule](character),
      )
    expect(met('中')).toEqual([])
    // Not "anything but a cased letter or a digit": an ideograph is no special character.
    expect(passwordStrengthBreakdown('中文密码强度不够', unicode)).toMatchObject({
      lowercase: false,
      uppercase: false,
      digit: false,
      special: false,
    })
    expect(
      passwordPolicyProblem('中文密码强度不够安全', { ...unicode, strength: undefined }),
    ).toEqual({
      rule: 'require',
      missing: ['uppercase', 'lowercase', 'digit', 'special'],
    })
    // Title case (Lt) is upper case, a digit of another script (Nd) is a digit, a symbol is special.
    expect(['ǅ', '٣', '€', 'ß'].map(met)).toEqual([
      ['uppercase'],
      ['digit'],
      ['special'],
      ['lowercase'],
    ])
  })
})
