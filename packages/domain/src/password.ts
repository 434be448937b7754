import { CONTRACT_RULES } from '@devenv/openapi/facts'
import type { MessageCode, MessageCodeSubset } from './messages/en'

/**
 * Where a new password is chosen, and so which rule it must meet: registration needs strength 40+
 * (PWD-2), and so does a password change, for which no rule of its own is stated; a reset link
 * needs the reset page's checklist (RESET-5: 8 characters, upper and lower case, a digit).
 */
export type NewPasswordRule = 'registration' | 'change' | 'reset'

/** A checklist item of a policy (the contract's `PasswordCheck`). */
export type PasswordCheck = 'uppercase' | 'lowercase' | 'digit' | 'special'

/**
 * Which character meets which rule (the contract's `strength.characters`): `unicode-categories`,
 * Unicode general categories, is the only reading the contract defines.
 */
export type PasswordCharacters = 'unicode-categories'

/** The strength scale: six rules of `pointsPerRule` each, capped at 100; `minimum` to pass. */
export type PasswordStrengthScale = {
  readonly minimum: number
  readonly pointsPerRule: number
  readonly longLength: number
  readonly characters?: PasswordCharacters
}

/** A new password's rule as the contract states it (`x-password-policy`). */
export type PasswordPolicy = {
  readonly minLength: number
  readonly strength?: PasswordStrengthScale
  readonly require?: readonly PasswordCheck[]
  readonly refuseCommon: boolean
}

/** The contract's operation that applies each rule (the contract keys its policies by operation). */
export const NEW_PASSWORD_RULE_OPERATIONS = {
  registration: 'register',
  change: 'changePassword',
  reset: 'setPassword',
} as const satisfies Record<NewPasswordRule, string>

type ContractPasswordField = (typeof CONTRACT_RULES.passwordFields)[number]
type ContractPolicyOf<Operation extends string> = Extract<
  ContractPasswordField,
  { operationId: Operation }
>['policy']

function contractPolicy<Operation extends ContractPasswordField['operationId']>(
  operationId: Operation,
): ContractPolicyOf<Operation> {
  const field = CONTRACT_RULES.passwordFields.find((each) => each.operationId === operationId)
  // The facts are generated from the contract: a missing policy is a stale or broken build.
  if (!field) throw new Error(`The contract states no password policy for ${operationId}`)
  return field.policy as ContractPolicyOf<Operation>
}

/** Each rule's policy, as the contract states it; the stub may judge by another contract's. */
export const NEW_PASSWORD_POLICIES = {
  registration: contractPolicy(NEW_PASSWORD_RULE_OPERATIONS.registration),
  change: contractPolicy(NEW_PASSWORD_RULE_OPERATIONS.change),
  reset: contractPolicy(NEW_PASSWORD_RULE_OPERATIONS.reset),
} as const satisfies Record<NewPasswordRule, PasswordPolicy>

const REGISTRATION_POLICY = NEW_PASSWORD_POLICIES.registration

export const PASSWORD_MIN_LENGTH: number = REGISTRATION_POLICY.minLength
/** The registration scale's, the one the strength bar shows. */
export const PASSWORD_STRENGTH_SCALE: PasswordStrengthScale = REGISTRATION_POLICY.strength
export const PASSWORD_LONG_LENGTH: number = PASSWORD_STRENGTH_SCALE.longLength
export const PASSWORD_STRENGTH_THRESHOLD: number = PASSWORD_STRENGTH_SCALE.minimum
export const PASSWORD_RULE_POINTS: number = PASSWORD_STRENGTH_SCALE.pointsPerRule
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

type PasswordChecks = Readonly<Record<PasswordCheck, (password: string) => boolean>>

/** Each reading of characters the contract defines, as the four character rules it makes. */
const CHARACTER_READINGS: Readonly<Record<PasswordCharacters, PasswordChecks>> = {
  'unicode-categories': {
    uppercase: (password) => UPPERCASE.test(password),
    lowercase: (password) => LOWERCASE.test(password),
    digit: (password) => DIGIT.test(password),
    special: (password) => SPECIAL.test(password),
  },
}

/**
 * The character rules of a policy, for its scale and its checklist alike. A policy that names no
 * reading (the reset checklist has no scale to name it on) is read by Unicode categories, the
 * one reading the contract defines.
 */
export function passwordChecksOf(policy: PasswordPolicy): PasswordChecks {
  return CHARACTER_READINGS[policy.strength?.characters ?? 'unicode-categories']
}

/** A policy judged on the strength scale (registration and change). */
export type StrengthPolicy = PasswordPolicy & { readonly strength: PasswordStrengthScale }

export function passwordStrengthBreakdown(
  password: string,
  policy: StrengthPolicy = REGISTRATION_POLICY,
): PasswordStrengthBreakdown {
  const length = passwordLength(password)
  const checks = passwordChecksOf(policy)
  return {
    minLength: length >= policy.minLength,
    longLength: length >= policy.strength.longLength,
    lowercase: checks.lowercase(password),
    uppercase: checks.uppercase(password),
    digit: checks.digit(password),
    special: checks.special(password),
  }
}

/** Fair from the scale's minimum; the 60 and 80 bands are the strength bar's own (PWD-1). */
export function passwordStrengthLabel(
  score: number,
  minimum = PASSWORD_STRENGTH_THRESHOLD,
): PasswordStrengthLabel {
  if (score >= 80) return 'Strong'
  if (score >= 60) return 'Medium'
  if (score >= minimum) return 'Fair'
  return 'Weak'
}

export function passwordStrength(
  password: string,
  policy: StrengthPolicy = REGISTRATION_POLICY,
): PasswordStrength {
  const breakdown = passwordStrengthBreakdown(password, policy)
  const met = PASSWORD_STRENGTH_RULES.filter((rule) => breakdown[rule]).length
  // Six rules of 20 could make 120; PWD-1 caps the score at 100: the sixth rule only fills a gap.
  const score = Math.min(PASSWORD_MAX_SCORE, met * policy.strength.pointsPerRule)
  return { score, label: passwordStrengthLabel(score, policy.strength.minimum) }
}

/** The scale's score of a password under a policy; null for a policy without a scale. */
export function passwordScore(password: string, policy: PasswordPolicy): number | null {
  const { strength } = policy
  return strength ? passwordStrength(password, { ...policy, strength }).score : null
}

/** Why a policy refuses a password, the first rule it breaks; null when the policy keeps it. */
export type PasswordPolicyProblem =
  | { rule: 'minLength'; minLength: number; length: number }
  | { rule: 'strength'; minimum: number; score: number }
  | { rule: 'require'; missing: PasswordCheck[] }
  | { rule: 'common' }

/**
 * Judges a password by any policy a contract states (the stub's, a copy's, the toolkit's target's):
 * its length, its strength, its checklist, then, when the policy refuses common passwords and a
 * judge of them is given, its commonness (the list is the caller's: `common-passwords.ts`).
 */
export function passwordPolicyProblem(
  password: string,
  policy: PasswordPolicy,
  isCommon?: (password: string) => boolean,
): PasswordPolicyProblem | null {
  const length = passwordLength(password)
  if (length < policy.minLength) return { rule: 'minLength', minLength: policy.minLength, length }
  const { strength } = policy
  if (strength) {
    const { score } = passwordStrength(password, { ...policy, strength })
    if (score < strength.minimum) return { rule: 'strength', minimum: strength.minimum, score }
  }
  const checks = passwordChecksOf(policy)
  const missing = (policy.require ?? []).filter((check) => !checks[check](password))
  if (missing.length > 0) return { rule: 'require', missing }
  if (policy.refuseCommon && isCommon?.(password)) return { rule: 'common' }
  return null
}

/**
 * Whether a password keeps a policy's length, strength and checklist; its common-password rule
 * needs a list and is `commonPasswordRuleError`'s.
 */
export function meetsPasswordPolicy(password: string, policy: PasswordPolicy): boolean {
  return passwordPolicyProblem(password, policy) === null
}

const RESET_POLICY = NEW_PASSWORD_POLICIES.reset

/** The reset page's live checklist, in the order it is shown: the length, then what the contract requires. */
export const RESET_PASSWORD_CHECKS = ['minLength', ...RESET_POLICY.require] as const
export type ResetPasswordCheck = (typeof RESET_PASSWORD_CHECKS)[number]
export type ResetPasswordChecks = Readonly<Record<ResetPasswordCheck, boolean>>

// An item the contract adds to the checklist fails to compile here until it has its words.
export const RESET_PASSWORD_CHECK_CODES = {
  minLength: 'reset.check.minLength',
  uppercase: 'reset.check.uppercase',
  lowercase: 'reset.check.lowercase',
  digit: 'reset.check.digit',
} as const satisfies Record<ResetPasswordCheck, MessageCode>

export function resetPasswordChecks(password: string): ResetPasswordChecks {
  const checks = {} as Record<ResetPasswordCheck, boolean>
  for (const check of RESET_PASSWORD_CHECKS) {
    checks[check] =
      check === 'minLength'
        ? passwordLength(password) >= RESET_POLICY.minLength
        : passwordChecksOf(RESET_POLICY)[check](password)
  }
  return checks
}

/** True when every checklist item holds; the page hides the checklist then. */
export function meetsResetPasswordRules(password: string): boolean {
  return meetsPasswordPolicy(password, RESET_POLICY)
}

/** 'Passwords do not match' shows only once both fields are filled. */
export function resetPasswordsMismatch(password: string, confirmation: string): boolean {
  return password !== '' && confirmation !== '' && password !== confirmation
}

export function isResetPasswordValid(password: string, confirmation: string): boolean {
  return meetsResetPasswordRules(password) && password === confirmation
}

export type StrongPasswordError = MessageCodeSubset<
  'validation.passwordTooShort' | 'validation.passwordTooWeak'
>
export type ResetPasswordError = MessageCodeSubset<'validation.passwordResetRules'>
export type NewPasswordError = StrongPasswordError | ResetPasswordError

/**
 * The one judge of a new password, for the site's forms and the server alike; null when it may be
 * used. The policy is the contract's for the rule unless one is given (a stub built from another
 * contract).
 */
export function newPasswordRuleError(
  password: string,
  rule: 'reset',
  policy?: PasswordPolicy,
): ResetPasswordError | null
export function newPasswordRuleError(
  password: string,
  rule: 'registration' | 'change',
  policy?: PasswordPolicy,
): StrongPasswordError | null
export function newPasswordRuleError(
  password: string,
  rule: NewPasswordRule,
  policy?: PasswordPolicy,
): NewPasswordError | null
export function newPasswordRuleError(
  password: string,
  rule: NewPasswordRule,
  policy: PasswordPolicy = NEW_PASSWORD_POLICIES[rule],
): NewPasswordError | null {
  // The reset page shows one message for its whole checklist (RESET-5).
  if (rule === 'reset') {
    return meetsPasswordPolicy(password, policy) ? null : 'validation.passwordResetRules'
  }
  if (passwordLength(password) < policy.minLength) return 'validation.passwordTooShort'
  return meetsPasswordPolicy(password, policy) ? null : 'validation.passwordTooWeak'
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
