import { describe, expect, it } from 'vitest'
import { COMMON_PASSWORDS } from './common-passwords'
import {
  commonPasswordRuleError,
  isTrivialPassword,
  NO_COMMON_PASSWORDS,
  newPasswordRuleError,
  passwordStrength,
  shownPasswordStrength,
} from './password'

// The review's three: each scores exactly 40 on PWD-1's scale and was accepted (ASVS 2.1.7).
const REVIEWED = ['password', '12345678', 'aaaaaaaa'] as const

describe('the common-password rule (ASVS 2.1.7), beside the strength scale', () => {
  it('refuses the three passwords of the review, which the scale still scores 40 (Fair)', () => {
    for (const password of REVIEWED) {
      expect(passwordStrength(password), password).toEqual({ score: 40, label: 'Fair' })
      expect(newPasswordRuleError(password, 'registration'), password).toBeNull()
      expect(commonPasswordRuleError(password, COMMON_PASSWORDS), password).toBe(
        'validation.passwordTooWeak',
      )
    }
  })

  it('refuses listed passwords whatever their case, and ones the scale rates Strong', () => {
    for (const password of ['Password1', 'PASSWORD', 'iloveyou', 'Sunshine1', 'Qwerty123']) {
      expect(commonPasswordRuleError(password, COMMON_PASSWORDS), password).toBe(
        'validation.passwordTooWeak',
      )
    }
    expect(passwordStrength('Password1').label).toBe('Strong')
  })

  it('refuses repeated and sequential passwords without any list', () => {
    for (const password of [
      'aaaaaaaa',
      'AAAAAAAAAAAA',
      '11111111',
      'abababab',
      'abcabcabc',
      '!!!!!!!!',
      '12345678',
      '87654321',
      '1234567890',
      '67890123',
      'abcdefgh',
      'hgfedcba',
      'ABCDEFGHIJKL',
      'qwertyui',
      'QWERTYUIOP',
      'asdfghjk',
      'zxcvbnm,',
      'poiuytre',
    ]) {
      expect(isTrivialPassword(password), password).toBe(true)
      expect(commonPasswordRuleError(password, NO_COMMON_PASSWORDS), password).toBe(
        'validation.passwordTooWeak',
      )
    }
  })

  it('counts a unit of up to four characters repeated as trivial, not one of five', () => {
    expect(isTrivialPassword('q1w2q1w2')).toBe(true)
    expect(isTrivialPassword('q1w2eq1w2e')).toBe(false)
  })

  it('needs two characters for a repeat or a run: one alone is neither', () => {
    for (const single of ['', 'a', '7']) expect(isTrivialPassword(single), single).toBe(false)
    for (const pair of ['ab', '21', 'aa']) expect(isTrivialPassword(pair), pair).toBe(true)
    // Two characters that are neither the same nor neighbours on a row.
    expect(isTrivialPassword('q7')).toBe(false)
  })

  it('follows the number row past 0 to - and =, and from ` before 1', () => {
    expect(isTrivialPassword('567890-=')).toBe(true)
    expect(isTrivialPassword('`1234567')).toBe(true)
  })

  it('without the list, refuses only the trivial patterns', () => {
    expect(NO_COMMON_PASSWORDS.has('password')).toBe(false)
    expect(commonPasswordRuleError('password', NO_COMMON_PASSWORDS)).toBeNull()
  })

  it('accepts good passwords, the list loaded or not', () => {
    for (const password of [
      'Tbilisi-Sunrise-2025',
      'Narikala-Fortress-42',
      'correct horse battery staple',
      'Abcdefg1!',
      'abcdefgi',
      'aaaaaaab',
      'xk7#Lq9v',
    ]) {
      expect(isTrivialPassword(password), password).toBe(false)
      expect(commonPasswordRuleError(password, COMMON_PASSWORDS), password).toBeNull()
      expect(commonPasswordRuleError(password, NO_COMMON_PASSWORDS), password).toBeNull()
    }
  })

  it('keeps only the passwords long enough to be chosen, in lower case', () => {
    const list = COMMON_PASSWORDS as ReadonlySet<string>
    expect(list.size).toBeGreaterThan(10_000)
    for (const password of list) {
      expect(Array.from(password).length).toBeGreaterThanOrEqual(8)
      expect(password).toBe(password.toLowerCase())
    }
  })
})

describe('shownPasswordStrength (the strength bar)', () => {
  it("shows Weak, in Weak's band, for a password the rule refuses, whatever the scale says", () => {
    for (const password of [...REVIEWED, 'Password1']) {
      expect(shownPasswordStrength(password, COMMON_PASSWORDS), password).toEqual({
        score: 20,
        label: 'Weak',
      })
    }
    expect(shownPasswordStrength('qwertyui', NO_COMMON_PASSWORDS)).toEqual({
      score: 20,
      label: 'Weak',
    })
  })

  it('shows the scale as it is for any other password', () => {
    for (const password of ['', 'xq', 'kxqzvwmp', 'Tbilisi-Sunrise-2025', 'Abcdefg1!']) {
      expect(shownPasswordStrength(password, COMMON_PASSWORDS), password).toEqual(
        passwordStrength(password),
      )
    }
  })
})
