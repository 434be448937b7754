import { type PasswordPolicy, passwordPolicyProblem, passwordScore } from '@devenv/domain'
import { describe, expect, it } from 'vitest'
import { isToolkitTestValue, passwordKeptBy, weakPasswordOf } from './test-values'

const scale = (minimum: number, minLength = 8, longLength = 12): PasswordPolicy => ({
  minLength,
  strength: { minimum, pointsPerRule: 20, longLength },
  refuseCommon: true,
})
const checklist: PasswordPolicy = {
  minLength: 8,
  require: ['uppercase', 'lowercase', 'digit'],
  refuseCommon: true,
}

describe("the toolkit's passwords, made from the contract's policy", () => {
  it.each([40, 60, 80, 100])(
    'under minimum strength %i: the highest score under it, at minLength, refused for its strength alone',
    (minimum) => {
      const policy = scale(minimum)
      const weak = weakPasswordOf(policy)
      expect(weak).toMatchObject({ refusedBy: 'strength', score: minimum - 20, minimum })
      expect(passwordScore(String(weak.password), policy)).toBe(minimum - 20)
      // A server keeping a minimum one rule lower accepts it: only the contract's number refuses it.
      expect(passwordPolicyProblem(String(weak.password), scale(minimum - 20))).toBeNull()
    },
  )

  it('misses the checklist where the policy has no scale', () => {
    expect(weakPasswordOf(checklist)).toMatchObject({
      refusedBy: 'require',
      missing: ['uppercase', 'lowercase', 'digit'],
    })
  })

  it('says why there is none where every password of minLength meets the minimum', () => {
    const weak = weakPasswordOf(scale(40, 12, 12))
    expect(weak.password).toBeUndefined()
    expect(weak).toMatchObject({ reason: expect.stringContaining('minimum strength is 40') })
  })

  it('keeps a good password whatever the numbers: long enough for every policy, of every kind', () => {
    const policies = [scale(100, 24, 30), checklist]
    const password = passwordKeptBy(policies, 'Contract-Run-Pass-1')
    expect(password.startsWith('Contract-Run-Pass-1')).toBe(true)
    for (const policy of policies) expect(passwordPolicyProblem(password, policy)).toBeNull()
    expect(passwordKeptBy([scale(40)], 'Contract-Run-Pass-1')).toBe('Contract-Run-Pass-1')
  })

  it('shows its weak passwords in reports as sent, and nobody else’s', () => {
    for (const minimum of [40, 60, 100]) {
      const { password } = weakPasswordOf(scale(minimum))
      expect(isToolkitTestValue(String(password))).toBe(true)
    }
    expect(isToolkitTestValue(String(weakPasswordOf(checklist).password))).toBe(true)
    expect(isToolkitTestValue('密码密码密码密码')).toBe(false)
    expect(isToolkitTestValue('Contract-Run-Pass-1')).toBe(false)
  })
})
