import type { MessageCode, MessageCodeSubset } from './messages/en'

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_LONG_LENGTH = 12
export const PASSWORD_STRENGTH_THRESHOLD = 40
export const PASSWORD_RULE_POINTS = 20
export const PASSWORD_MAX_SCORE = 100

/** The scoring rules, in the order the strength bar shows them. */
export const PASSWORD_STRENGTH_RULES = [
  'minLength',
  'longLength',
  'lowercase',
  'uppercase',
  'digit',
  'special',
] as const
export type PasswordStrengthRule = (typeof PASSWORD_STRENGTH_RULES)[number]
export type PasswordStrengthBreakdown = Readonly<Record<PasswordStrengthRule, boolean>>

export type PasswordStrengthLabel = 'Weak' | 'Fair' | 'Medium' | 'Strong'
export type PasswordStrength = { score: number; label: PasswordStrengthLabel }

export const PASSWORD_STRENGTH_LABEL_CODES = {
  Weak: 'password.strength.weak',
  Fair: 'password.strength.fair',
  Medium: 'password.strength.medium',
  Strong: 'password.strength.strong',
} as const satisfies Record<PasswordStrengthLabel, MessageCode>

// Unicode case, so every cased script counts alike; caseless letters (CJK...) are neither.
const LOWERCASE = /\p{Ll}/u
const UPPERCASE = /[\p{Lu}\p{Lt}]/u
const DIGIT = /\p{Nd}/u
// Special: any character that is not a letter, a combining mark, a decimal digit or whitespace.
const SPECIAL = /[^\p{L}\p{M}\p{Nd}\s]/u

/** Length in characters (code points), so an emoji counts once, not as two UTF-16 units. */
export function passwordLength(password: string): number {
  return Array.from(password).length
}

export function passwordStrengthBreakdown(password: string): PasswordStrengthBreakdown {
  const length = passwordLength(password)
  return {
    minLength: length >= PASSWORD_MIN_LENGTH,
    longLength: length >= PASSWORD_LONG_LENGTH,
    lowercase: LOWERCASE.test(password),
    uppercase: UPPERCASE.test(password),
    digit: DIGIT.test(password),
    special: SPECIAL.test(password),
  }
}

export function passwordStrengthLabel(score: number): PasswordStrengthLabel {
  if (score >= 80) return 'Strong'
  if (score >= 60) return 'Medium'
  if (score >= PASSWORD_STRENGTH_THRESHOLD) return 'Fair'
  return 'Weak'
}

export function passwordStrength(password: string): PasswordStrength {
  const breakdown = passwordStrengthBreakdown(password)
  const met = PASSWORD_STRENGTH_RULES.filter((rule) => breakdown[rule]).length
  // Six rules of 20 could make 120; PWD-1 caps the score at 100: the sixth rule only fills a gap.
  const score = Math.min(PASSWORD_MAX_SCORE, met * PASSWORD_RULE_POINTS)
  return { score, label: passwordStrengthLabel(score) }
}

export function isPasswordStrongEnough(password: string): boolean {
  return passwordStrength(password).score >= PASSWORD_STRENGTH_THRESHOLD
}

/** The reset page's live checklist, in the order it is shown. */
export const RESET_PASSWORD_CHECKS = ['minLength', 'uppercase', 'lowercase', 'digit'] as const
export type ResetPasswordCheck = (typeof RESET_PASSWORD_CHECKS)[number]
export type ResetPasswordChecks = Readonly<Record<ResetPasswordCheck, boolean>>

export const RESET_PASSWORD_CHECK_CODES = {
  minLength: 'reset.check.minLength',
  uppercase: 'reset.check.uppercase',
  lowercase: 'reset.check.lowercase',
  digit: 'reset.check.digit',
} as const satisfies Record<ResetPasswordCheck, MessageCode>

export function resetPasswordChecks(password: string): ResetPasswordChecks {
  const breakdown = passwordStrengthBreakdown(password)
  return {
    minLength: breakdown.minLength,
    uppercase: breakdown.uppercase,
    lowercase: breakdown.lowercase,
    digit: breakdown.digit,
  }
}

/** True when every checklist item holds; the page hides the checklist then. */
export function meetsResetPasswordRules(password: string): boolean {
  const checks = resetPasswordChecks(password)
  return RESET_PASSWORD_CHECKS.every((check) => checks[check])
}

/** 'Passwords do not match' shows only once both fields are filled. */
export function resetPasswordsMismatch(password: string, confirmation: string): boolean {
  return password !== '' && confirmation !== '' && password !== confirmation
}

export function isResetPasswordValid(password: string, confirmation: string): boolean {
  return meetsResetPasswordRules(password) && password === confirmation
}

/**
 * Where a new password is chosen, and so which rule it must meet: registration needs strength 40+
 * (PWD-2), and so does a password change, for which no rule of its own is stated; a reset link
 * needs the reset page's checklist (RESET-5: 8 characters, upper and lower case, a digit).
 */
export type NewPasswordRule = 'registration' | 'change' | 'reset'

export type StrongPasswordError = MessageCodeSubset<
  'validation.passwordTooShort' | 'validation.passwordTooWeak'
>
export type ResetPasswordError = MessageCodeSubset<'validation.passwordResetRules'>
export type NewPasswordError = StrongPasswordError | ResetPasswordError

/** The one judge of a new password, for the site's forms and the server alike; null when it may be used. */
export function newPasswordRuleError(password: string, rule: 'reset'): ResetPasswordError | null
export function newPasswordRuleError(
  password: string,
  rule: 'registration' | 'change',
): StrongPasswordError | null
export function newPasswordRuleError(
  password: string,
  rule: NewPasswordRule,
): NewPasswordError | null
export function newPasswordRuleError(
  password: string,
  rule: NewPasswordRule,
): NewPasswordError | null {
  if (rule === 'reset') {
    return meetsResetPasswordRules(password) ? null : 'validation.passwordResetRules'
  }
  if (passwordLength(password) < PASSWORD_MIN_LENGTH) return 'validation.passwordTooShort'
  return isPasswordStrongEnough(password) ? null : 'validation.passwordTooWeak'
}

/** A list of common passwords, in lower case: the domain's own (`common-passwords.ts`) or a stand-in. */
export type CommonPasswordList = { has(password: string): boolean }

/** No list at all: only the trivial patterns are refused (the site, until the list has loaded). */
export const NO_COMMON_PASSWORDS: CommonPasswordList = { has: () => false }

// Runs a trivial password walks forward or backward: the alphabet, the digits (0 after 9, as on
// the number row, round again) and the rows of a QWERTY keyboard.
const SEQUENCES = [
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890123456789',
  '`1234567890-=',
  'qwertyuiop[]\\',
  "asdfghjkl;'",
  'zxcvbnm,./',
]
const REVERSED_SEQUENCES = SEQUENCES.map((sequence) => Array.from(sequence).reverse().join(''))
/** A unit this short repeated to the whole length is trivial (`aaaaaaaa`, `abababab`, `abcdabcd`). */
const TRIVIAL_REPEAT_UNIT = 4

function isRepeatedUnit(characters: readonly string[]): boolean {
  for (let unit = 1; unit <= TRIVIAL_REPEAT_UNIT && unit < characters.length; unit++) {
    if (characters.every((character, index) => character === characters[index % unit])) return true
  }
  return false
}

/**
 * A password made of one short unit repeated, or one run along the alphabet, the digits or a
 * keyboard row, either way; compared in lower case, so `AAAAAAAA` and `QWERTYUI` are trivial too.
 */
export function isTrivialPassword(password: string): boolean {
  const lower = password.toLowerCase()
  const characters = Array.from(lower)
  if (characters.length < 2) return false
  if (isRepeatedUnit(characters)) return true
  return [...SEQUENCES, ...REVERSED_SEQUENCES].some((sequence) => sequence.includes(lower))
}

export type CommonPasswordError = MessageCodeSubset<'validation.passwordTooWeak'>

/**
 * ASVS 2.1.7, a rule of its own beside the strength scale (which stays PWD-1's): a new password
 * that is on the common-password list (without case) or trivial is too weak, whatever it scores.
 * The list is a parameter so that the rule costs nothing where the list is not loaded.
 */
export function commonPasswordRuleError(
  password: string,
  commonPasswords: CommonPasswordList,
): CommonPasswordError | null {
  if (isTrivialPassword(password) || commonPasswords.has(password.toLowerCase())) {
    return 'validation.passwordTooWeak'
  }
  return null
}

/**
 * What the strength bar shows: the scale's score and label, or, for a password the common-password
 * rule refuses, Weak with the bar kept in Weak's band (the scale itself is untouched).
 */
export function shownPasswordStrength(
  password: string,
  commonPasswords: CommonPasswordList,
): PasswordStrength {
  const strength = passwordStrength(password)
  if (commonPasswordRuleError(password, commonPasswords) === null) return strength
  const weakBandTop = PASSWORD_STRENGTH_THRESHOLD - PASSWORD_RULE_POINTS
  return { score: Math.min(strength.score, weakBandTop), label: 'Weak' }
}
