import type { PasswordCheck, PasswordPolicy } from './extensions'

/**
 * The contract's judgement of a password against an `x-password-policy` (the document's "Rules as
 * data"), pure and without a list of common passwords: a tool that holds a server to the contract
 * needs the same answer as the server for every policy a contract may state, not only today's.
 */

/** The strength scale's six rules, in the order the contract names them. */
export const STRENGTH_RULES = [
  'minLength',
  'longLength',
  'lowercase',
  'uppercase',
  'digit',
  'special',
] as const
export type StrengthRule = (typeof STRENGTH_RULES)[number]

/** The scale's cap: six rules of 20 would make 120. */
export const MAX_STRENGTH_SCORE = 100

// Unicode classes, so every cased script counts alike; caseless letters (CJK) are neither case.
const CHECKS: Readonly<Record<PasswordCheck, RegExp>> = {
  lowercase: /\p{Ll}/u,
  uppercase: /[\p{Lu}\p{Lt}]/u,
  digit: /\p{Nd}/u,
  // Any character that is not a letter, a combining mark, a decimal digit or whitespace.
  special: /[^\p{L}\p{M}\p{Nd}\s]/u,
}

/** Length in characters (code points): an emoji counts once. */
export function passwordLength(password: string): number {
  return Array.from(password).length
}

export function meetsPasswordCheck(password: string, check: PasswordCheck): boolean {
  return CHECKS[check].test(password)
}

/**
 * Which of the scale's rules a password meets. The first rule is the policy's `minLength` (the
 * contract's "at least 8 characters" is that number today).
 */
export function strengthRulesMet(
  password: string,
  policy: Pick<PasswordPolicy, 'minLength'> & { strength: { longLength: number } },
): Record<StrengthRule, boolean> {
  const length = passwordLength(password)
  return {
    minLength: length >= policy.minLength,
    longLength: length >= policy.strength.longLength,
    lowercase: meetsPasswordCheck(password, 'lowercase'),
    uppercase: meetsPasswordCheck(password, 'uppercase'),
    digit: meetsPasswordCheck(password, 'digit'),
    special: meetsPasswordCheck(password, 'special'),
  }
}

/** The scale's score of a password: `pointsPerRule` per rule met, capped; null without a scale. */
export function passwordScore(password: string, policy: PasswordPolicy): number | null {
  const { strength } = policy
  if (!strength) return null
  const met = Object.values(strengthRulesMet(password, { ...policy, strength })).filter(Boolean)
  return Math.min(MAX_STRENGTH_SCORE, met.length * strength.pointsPerRule)
}

/** Why a policy refuses a password, the first rule it breaks; null when the policy keeps it. */
export type PasswordPolicyProblem =
  | { rule: 'minLength'; minLength: number; length: number }
  | { rule: 'strength'; minimum: number; score: number }
  | { rule: 'require'; missing: PasswordCheck[] }
  | { rule: 'common' }

/**
 * Judges `password` by `policy`: its length, its strength, its checklist, then (when the policy
 * refuses common passwords and a judge of them is given) its commonness. Without `isCommon` the
 * common rule is not judged: the list is the caller's (the domain keeps one).
 */
export function passwordPolicyProblem(
  password: string,
  policy: PasswordPolicy,
  isCommon?: (password: string) => boolean,
): PasswordPolicyProblem | null {
  const length = passwordLength(password)
  if (length < policy.minLength) return { rule: 'minLength', minLength: policy.minLength, length }
  const score = passwordScore(password, policy)
  if (score !== null && policy.strength && score < policy.strength.minimum)
    return { rule: 'strength', minimum: policy.strength.minimum, score }
  const missing = (policy.require ?? []).filter((check) => !meetsPasswordCheck(password, check))
  if (missing.length > 0) return { rule: 'require', missing }
  if (policy.refuseCommon && isCommon?.(password)) return { rule: 'common' }
  return null
}
