import {
  type CommonPasswordList,
  commonPasswordRuleError,
  passwordPolicyProblem,
  passwordScore,
} from '@devenv/domain'
import type { PasswordCheck, PasswordPolicy } from '@devenv/openapi'

/**
 * Values the toolkit itself makes up to send, never anybody's secret: reports show them as they
 * were sent, even in fields named like secrets, so that a reproducer repeats the very request (a
 * weak password refused is the point of its check, and `$PASSWORD` would send another). Passwords
 * are made from the contract's policy, whatever its numbers.
 */

// CJK ideographs are letters of no case, digit or symbol: a run of them meets the scale's length
// rules alone. Spaced 37 code points apart, so no two are neighbours a server could call a
// sequence, and none repeats, so none is a trivial pattern or a listed common password.
const IDEOGRAPH_STEP = 37
const FIRST_IDEOGRAPH = 0x4e00
const LAST_IDEOGRAPH = 0x9fff
const MAX_IDEOGRAPHS = Math.floor((LAST_IDEOGRAPH - FIRST_IDEOGRAPH) / IDEOGRAPH_STEP) + 1

function ideographs(count: number): string {
  return Array.from({ length: Math.min(count, MAX_IDEOGRAPHS) }, (_, index) =>
    String.fromCodePoint(FIRST_IDEOGRAPH + index * IDEOGRAPH_STEP),
  ).join('')
}

/** One character that meets each checklist rule and no other, in the order a weak password adds them. */
const RULE_CHARACTERS: Readonly<Record<PasswordCheck, string>> = {
  lowercase: 'q',
  digit: '7',
  uppercase: 'Z',
  special: '#',
}
const RULE_ORDER: readonly PasswordCheck[] = ['lowercase', 'digit', 'uppercase', 'special']

// ASCII characters are what every reading of the rules agrees on: a lower-case letter is one
// whether a server reads Unicode categories, `[a-z]` or case mapping. Walked 7 apart (7 shares no
// factor with 26 or 10), so no two neighbours make a run and no short unit repeats.
const ASCII_CHARACTERS: Readonly<Record<PasswordCheck, string>> = {
  lowercase: 'abcdefghijklmnopqrstuvwxyz',
  uppercase: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  digit: '0123456789',
  special: '#%+=@^~!?*',
}
const ASCII_STEP = 7

/** `length` ASCII characters taking turns among `checks`, so the password meets those and no other. */
function asciiOf(checks: readonly PasswordCheck[], length: number): string {
  return Array.from({ length }, (_, index) => {
    const check = checks[index % checks.length] as PasswordCheck
    const characters = ASCII_CHARACTERS[check]
    const turn = Math.floor(index / checks.length)
    return characters[(turn * ASCII_STEP) % characters.length]
  }).join('')
}

/** How a checklist item reads in a check's title. */
export const CHECK_WORDS: Readonly<Record<PasswordCheck, string>> = {
  uppercase: 'an upper-case letter',
  lowercase: 'a lower-case letter',
  digit: 'a digit',
  special: 'a special character',
}

// The values the makers below handed out in this process: a report shows them as sent.
const madeHere = new Set<string>()
function made<Made extends { password: string }>(value: Made): Made {
  madeHere.add(value.password)
  return value
}

/** Whether the contract states which character meets which rule (`strength.characters`). */
export function statesCharacterReading(policy: PasswordPolicy): boolean {
  return policy.strength?.characters === 'unicode-categories'
}

/** A password a policy refuses for one reason, or why no such password exists. */
export type MadePassword = { password: string } | { password: undefined; reason: string }

/** A weak password of a policy: what it sends, its score, and whether the contract fixes it. */
export type WeakPassword =
  | {
      password: string
      refusedBy: 'strength'
      score: number
      minimum: number
      /** `stated`: the score holds by the contract's character reading; `agreed`: by any reading. */
      reading: 'stated' | 'agreed'
    }
  | { password: undefined; reason: string }

/**
 * The password a policy refuses for its strength alone that comes nearest to passing: as long as
 * `minLength` asks, and on the strength scale the highest score under `minimum` (so a server that
 * keeps a lower minimum accepts it). Caseless letters (CJK ideographs) only where the contract
 * states its character reading, which says they meet no rule; else ASCII, whose score every
 * reading agrees on. Never a common or trivial one: the refusal must be for its strength. Undefined
 * with the reason when the policy has no scale, or no password of its length is under it.
 */
export function weakPasswordOf(policy: PasswordPolicy): WeakPassword {
  const { strength } = policy
  if (!strength)
    return {
      password: undefined,
      reason: 'the policy has no strength scale: nothing is weak by it',
    }
  const stated = statesCharacterReading(policy)
  // The scale's rules a password of minLength meets whatever it is made of; an ASCII one meets
  // one kind of character besides.
  const lengthRules = policy.minLength >= strength.longLength ? 2 : 1
  const floor = stated ? lengthRules : lengthRules + 1
  const under = Math.ceil(strength.minimum / strength.pointsPerRule) - 1
  if (under >= floor) {
    // Checklist items first: a password missing one would be refused for that too.
    const required = policy.require ?? []
    const order = [...required, ...RULE_ORDER.filter((rule) => !required.includes(rule))]
    const added = order.slice(0, under - lengthRules)
    // The long-length rule is the last to add: after the four kinds of character.
    const long = under - lengthRules > order.length
    const length = long ? strength.longLength : policy.minLength
    const password = stated
      ? `${ideographs(Math.max(0, length - added.length))}${added.map((rule) => RULE_CHARACTERS[rule]).join('')}`
      : asciiOf(added, length)
    const problem = passwordPolicyProblem(password, policy)
    if (problem?.rule === 'strength')
      return made<Extract<WeakPassword, { refusedBy: 'strength' }>>({
        password,
        refusedBy: 'strength',
        score: problem.score,
        minimum: problem.minimum,
        reading: stated ? 'stated' : 'agreed',
      })
  }
  const lowest = floor * strength.pointsPerRule
  return {
    password: undefined,
    reason: stated
      ? `every password of ${policy.minLength} characters scores ${lowest} or more, and the policy's minimum strength is ${strength.minimum}: no password is weak only by its strength`
      : `the contract does not state which characters count for which rule (no strength.characters): only ASCII scores alike by every reading, and every ASCII password of ${policy.minLength} characters scores ${lowest} or more, not under the minimum ${strength.minimum}`,
  }
}

/** The longest a password need be to score all a policy's scale gives: its length rules met. */
const fullLength = (policy: PasswordPolicy) =>
  Math.max(policy.minLength, policy.strength?.longLength ?? 0)

/**
 * A password one character shorter than the policy's `minLength`, of every kind of character
 * (ASCII), so that only its length breaks the policy.
 */
export function passwordTooShort(policy: PasswordPolicy): MadePassword {
  if (policy.minLength < 1)
    return { password: undefined, reason: 'the policy asks for no length: nothing is too short' }
  const password = asciiOf(RULE_ORDER, policy.minLength - 1)
  return passwordPolicyProblem(password, policy)?.rule === 'minLength'
    ? made({ password })
    : { password: undefined, reason: `a password of ${policy.minLength - 1} characters is kept` }
}

/**
 * A password that keeps every other part of the policy (its length, its strength, the other
 * checklist items) and misses `item` alone: ASCII of the other three kinds, as long as the scale
 * rewards. Undefined with the reason when the policy does not require `item`, or when without it
 * no password reaches the policy's strength (it would be refused for that first).
 */
export function passwordMissing(policy: PasswordPolicy, item: PasswordCheck): MadePassword {
  if (!(policy.require ?? []).includes(item))
    return { password: undefined, reason: `the policy does not require ${CHECK_WORDS[item]}` }
  const password = asciiOf(
    RULE_ORDER.filter((check) => check !== item),
    fullLength(policy),
  )
  const problem = passwordPolicyProblem(password, policy)
  if (problem?.rule === 'require' && problem.missing.join() === item) return made({ password })
  return {
    password: undefined,
    reason:
      problem?.rule === 'strength'
        ? `without ${CHECK_WORDS[item]} a password scores at most ${problem.score}, under the policy's minimum strength ${problem.minimum}: it is refused for its strength first`
        : `no password keeps the rest of the policy without ${CHECK_WORDS[item]}`,
  }
}

/** A common password, and whether it is on the list (else one of the trivial patterns). */
export type CommonPassword =
  | { password: string; listed: boolean }
  | { password: undefined; reason: string }

const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`
const ASCII = /^[!-~]+$/

/**
 * A password the policy refuses only for being common: one that keeps its length, scores over its
 * minimum strength and has every checklist item, so that a server must refuse it by its list or
 * patterns and by nothing else. From the domain's list, in its order, each entry capitalised
 * (compared without case, the contract says) and as it is; ASCII only, whose score every reading
 * agrees on. Else a short unit of every kind repeated, a trivial pattern. Undefined with the
 * reason when the policy does not refuse common passwords, or none keeps the rest of it.
 */
export function commonPasswordKeeping(
  policy: PasswordPolicy,
  commonPasswords: CommonPasswordList & Iterable<string>,
): CommonPassword {
  if (!policy.refuseCommon)
    return { password: undefined, reason: 'the policy does not refuse common passwords' }
  const isCommon = (password: string) => commonPasswordRuleError(password, commonPasswords) !== null
  const onlyCommon = (password: string) =>
    passwordPolicyProblem(password, policy, isCommon)?.rule === 'common'
  // Over the minimum, not at it: a server one point stricter still keeps it but for its commonness.
  const overMinimum = (password: string) =>
    !policy.strength || (passwordScore(password, policy) ?? 0) > policy.strength.minimum
  let atMinimum: string | undefined
  for (const entry of commonPasswords) {
    if (!ASCII.test(entry)) continue
    for (const password of new Set([capitalised(entry), entry])) {
      if (!onlyCommon(password)) continue
      if (overMinimum(password)) return made({ password, listed: true })
      atMinimum ??= password
    }
  }
  if (atMinimum !== undefined) return made({ password: atMinimum, listed: true })
  const unit = asciiOf(RULE_ORDER, RULE_ORDER.length)
  const length = fullLength(policy)
  const pattern = unit.repeat(Math.ceil(length / unit.length)).slice(0, length)
  if (onlyCommon(pattern)) return made({ password: pattern, listed: false })
  return {
    password: undefined,
    reason: 'no common password keeps the rest of the policy: none is refused only for that',
  }
}

/**
 * `text` (which has every kind of character) made long enough for every policy given: as long as
 * each one's `minLength` and its scale's `longLength`, so it scores the most a scale gives. Throws
 * when a policy still refuses it (a minimum no password can reach): the run cannot register.
 */
export function passwordKeptBy(policies: readonly PasswordPolicy[], text: string): string {
  const length = Math.max(
    0,
    ...policies.map((policy) => Math.max(policy.minLength, policy.strength?.longLength ?? 0)),
  )
  let password = text
  for (let index = 0; Array.from(password).length < length; index++)
    password += PADDING[index % PADDING.length]
  for (const policy of policies) {
    const problem = passwordPolicyProblem(password, policy)
    if (problem)
      throw new Error(
        `no password keeps the contract's password policy (${JSON.stringify(policy)}): ${problem.rule}`,
      )
  }
  return password
}

const PADDING = '-kept-by-the-policy'

/** True for a value of the toolkit's own that a report may show in a secret field. */
export function isToolkitTestValue(value: string): boolean {
  return madeHere.has(value)
}
