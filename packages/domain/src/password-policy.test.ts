import { describe, expect, it } from 'vitest'
import { type PasswordPolicy, passwordPolicyProblem, passwordScore } from './password'

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
