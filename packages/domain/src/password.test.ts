import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  isResetPasswordValid,
  meetsResetPasswordRules,
  newPasswordRuleError,
  passwordLength,
  passwordStrength,
  passwordStrengthBreakdown,
  passwordStrengthLabel,
  resetPasswordChecks,
  resetPasswordsMismatch,
} from './password'

describe('password length rules', () => {
  it('counts 8 characters as long enough and 7 as not', () => {
    expect(passwordStrengthBreakdown('abcdefg').minLength).toBe(false)
    expect(passwordStrengthBreakdown('abcdefgh').minLength).toBe(true)
  })

  it('counts 12 characters as long and 11 as not', () => {
    expect(passwordStrengthBreakdown('abcdefghijk').longLength).toBe(false)
    expect(passwordStrengthBreakdown('abcdefghijkl').longLength).toBe(true)
  })

  it('counts characters, not UTF-16 units, so 7 emoji are still too short', () => {
    const sevenEmoji = '😀'.repeat(7)
    expect(sevenEmoji.length).toBe(14)
    expect(passwordLength(sevenEmoji)).toBe(7)
    expect(passwordStrengthBreakdown(sevenEmoji).minLength).toBe(false)
  })
})

describe('password character classes', () => {
  const classes = (password: string) => {
    const { lowercase, uppercase, digit, special } = passwordStrengthBreakdown(password)
    return { lowercase, uppercase, digit, special }
  }
  const none = { lowercase: false, uppercase: false, digit: false, special: false }

  it('recognises each class on its own', () => {
    expect(classes('a')).toEqual({ ...none, lowercase: true })
    expect(classes('A')).toEqual({ ...none, uppercase: true })
    expect(classes('7')).toEqual({ ...none, digit: true })
    expect(classes('!')).toEqual({ ...none, special: true })
    expect(classes('')).toEqual(none)
  })

  it('does not count whitespace as a special character', () => {
    expect(classes(' \t\n')).toEqual(none)
  })

  it('counts punctuation, symbols and emoji as special', () => {
    for (const character of ['-', '_', '@', '€', '§', '😀', '²']) {
      expect(classes(character).special, character).toBe(true)
    }
  })

  it('uses Unicode case: accented Latin and Georgian Mkhedruli are lowercase, Mtavruli uppercase', () => {
    expect(classes('é')).toEqual({ ...none, lowercase: true })
    expect(classes('É')).toEqual({ ...none, uppercase: true })
    expect(classes('ა')).toEqual({ ...none, lowercase: true })
    expect(classes('Ა')).toEqual({ ...none, uppercase: true })
  })

  it('counts caseless letters as neither lower, upper nor special', () => {
    expect(classes('中文')).toEqual(none)
  })

  it('treats a combining accent as part of its letter, not as a special character', () => {
    expect(classes('e\u0301')).toEqual({ ...none, lowercase: true })
  })

  it('counts decimal digits of other scripts as digits', () => {
    expect(classes('٣')).toEqual({ ...none, digit: true })
  })
})

describe('passwordStrength', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abcdefg', 20, 'Weak'],
    ['abcdefgh', 40, 'Fair'],
    ['Abcdefgh', 60, 'Medium'],
    ['Abcdefg1', 80, 'Strong'],
    ['Abcdefg1!', 100, 'Strong'],
    ['Abcdefghij1!', 100, 'Strong'],
    ['        ', 20, 'Weak'],
    ['abcdefghijkl', 60, 'Medium'],
  ])('scores %j as %i (%s)', (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label })
  })

  it.each([
    [0, 'Weak'],
    [20, 'Weak'],
    [39, 'Weak'],
    [40, 'Fair'],
    [59, 'Fair'],
    [60, 'Medium'],
    [79, 'Medium'],
    [80, 'Strong'],
    [100, 'Strong'],
  ])('labels a score of %i as %s', (score, label) => {
    expect(passwordStrengthLabel(score)).toBe(label)
  })

  it('is always a multiple of 20 between 0 and 100', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (password) => {
        const { score } = passwordStrength(password)
        expect(score % 20).toBe(0)
        expect(score).toBeGreaterThanOrEqual(0)
        expect(score).toBeLessThanOrEqual(100)
      }),
    )
  })

  it('never drops when a character is appended, and rises when it brings a new class', () => {
    const classCharacter = fc.constantFrom('a', 'z', 'A', 'Z', '0', '9', '!', '#', 'ß', 'Ж', '٣')
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), classCharacter, (base, added) => {
        const before = passwordStrength(base).score
        const after = passwordStrength(base + added).score
        expect(after).toBeGreaterThanOrEqual(before)
        const rulesBefore = passwordStrengthBreakdown(base)
        const rulesAfter = passwordStrengthBreakdown(base + added)
        const newClass = (['lowercase', 'uppercase', 'digit', 'special'] as const).some(
          (rule) => rulesAfter[rule] && !rulesBefore[rule],
        )
        if (newClass) expect(after).toBeGreaterThanOrEqual(Math.min(100, before + 20))
      }),
    )
  })
})

describe('reset password checklist', () => {
  it('reports each check separately', () => {
    expect(resetPasswordChecks('')).toEqual({
      minLength: false,
      uppercase: false,
      lowercase: false,
      digit: false,
    })
    expect(resetPasswordChecks('abcdefgh')).toEqual({
      minLength: true,
      uppercase: false,
      lowercase: true,
      digit: false,
    })
    expect(resetPasswordChecks('ABC1')).toEqual({
      minLength: false,
      uppercase: true,
      lowercase: false,
      digit: true,
    })
  })

  it('needs all four checks, but no special character', () => {
    expect(meetsResetPasswordRules('Abcdefg1')).toBe(true)
    expect(meetsResetPasswordRules('Abcdef1')).toBe(false)
    expect(meetsResetPasswordRules('abcdefg1')).toBe(false)
    expect(meetsResetPasswordRules('ABCDEFG1')).toBe(false)
    expect(meetsResetPasswordRules('Abcdefgh')).toBe(false)
  })

  it('is valid only when the rules hold and the confirmation is equal', () => {
    expect(isResetPasswordValid('Abcdefg1', 'Abcdefg1')).toBe(true)
    expect(isResetPasswordValid('Abcdefg1', 'Abcdefg2')).toBe(false)
    expect(isResetPasswordValid('Abcdefg1', '')).toBe(false)
    expect(isResetPasswordValid('abcdefg1', 'abcdefg1')).toBe(false)
  })

  it('shows a mismatch only when both fields are filled and differ', () => {
    expect(resetPasswordsMismatch('Abcdefg1', '')).toBe(false)
    expect(resetPasswordsMismatch('', 'Abcdefg1')).toBe(false)
    expect(resetPasswordsMismatch('Abcdefg1', 'Abcdefg1')).toBe(false)
    expect(resetPasswordsMismatch('Abcdefg1', 'Abcdefg')).toBe(true)
  })
})

describe('newPasswordRuleError (the one rule of the site and the server)', () => {
  it('needs strength 40+ at registration and on a change, with the required messages (PWD-2, AUTH-7)', () => {
    for (const rule of ['registration', 'change'] as const) {
      expect(newPasswordRuleError('Short1!', rule)).toBe('validation.passwordTooShort')
      // Eight characters and nothing else: caseless letters and spaces score 20 of 100.
      expect(newPasswordRuleError('密码密码密码密码', rule)).toBe('validation.passwordTooWeak')
      expect(newPasswordRuleError('        ', rule)).toBe('validation.passwordTooWeak')
      // Eight characters and a lower-case letter score exactly 40: Fair, as PWD-1 scores it.
      expect(newPasswordRuleError('aaaaaaaa', rule)).toBeNull()
      expect(newPasswordRuleError('Tbilisi-Sunrise-2025', rule)).toBeNull()
    }
  })

  it("needs the reset page's checklist on a reset link", () => {
    for (const weak of ['aaaaaaaa', '12345678', 'password', 'PASSWORD1', 'Password', 'Pass1']) {
      expect(newPasswordRuleError(weak, 'reset'), weak).toBe('validation.passwordResetRules')
    }
    expect(newPasswordRuleError('Narikala-Fortress-42', 'reset')).toBeNull()
  })
})
