import { passwordPolicyProblem, passwordScore } from '@devenv/domain'
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

/** A weak password of a policy: what it sends, and what the policy refuses it for. */
export type WeakPassword =
  | { password: string; refusedBy: 'strength'; score: number; minimum: number }
  | { password: string; refusedBy: 'require'; missing: PasswordCheck[] }
  | { password: undefined; reason: string }

/**
 * The password a policy refuses that comes nearest to passing: as long as `minLength` asks, and on
 * the strength scale the highest score under `minimum` (so a server that keeps a lower minimum
 * accepts it), else missing a checklist item. Never a common or trivial one: the refusal must be
 * for its strength or its checklist, nothing else. Undefined with the reason when the policy
 * refuses no password of its length that way.
 */
export function weakPasswordOf(policy: PasswordPolicy): WeakPassword {
  const { strength } = policy
  if (strength) {
    // The scale's rules a password of minLength meets whatever it is made of.
    const lengthRules = policy.minLength >= strength.longLength ? 2 : 1
    const under = Math.ceil(strength.minimum / strength.pointsPerRule) - 1
    if (under >= lengthRules) {
      // Checklist items first: a password missing one would be refused for that too.
      const required = policy.require ?? []
      const order = [...required, ...RULE_ORDER.filter((rule) => !required.includes(rule))]
      const added = order.slice(0, under - lengthRules)
      // The long-length rule is the last to add: after the four kinds of character.
      const long = under - lengthRules > order.length
      const characters = added.map((rule) => RULE_CHARACTERS[rule]).join('')
      const length = long ? strength.longLength : policy.minLength
      const password = `${ideographs(Math.max(0, length - characters.length))}${characters}`
      const problem = passwordPolicyProblem(password, policy)
      if (problem?.rule === 'strength')
        return { password, refusedBy: 'strength', score: problem.score, minimum: problem.minimum }
    }
  }
  const password = ideographs(policy.minLength)
  const problem = passwordPolicyProblem(password, policy)
  if (problem?.rule === 'require')
    return { password, refusedBy: 'require', missing: problem.missing }
  return {
    password: undefined,
    reason: strength
      ? `every password of ${policy.minLength} characters scores ${passwordScore(password, policy)} or more, and the policy's minimum strength is ${strength.minimum}: no password is weak only by its strength`
      : 'the policy has no strength scale and no checklist: no password of its length is weak',
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
  // A weak password: a run of the toolkit's ideographs, from the first, then its rule characters.
  const match = /^(\p{Script=Han}+)[q7Z#]{0,4}$/u.exec(value)
  const run = match?.[1]
  return run !== undefined && run === ideographs(Array.from(run).length)
}
