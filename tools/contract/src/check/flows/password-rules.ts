import type { CommonPasswordList } from '@devenv/domain'
import { en, translate } from '@devenv/domain/messages'
import type { PasswordPolicy, RuleId } from '@devenv/openapi'
import { registration } from '../../accounts'
import { passwordFieldOf, rulesOf } from '../../contract-rules'
import type { OperationCall } from '../../http'
import type { Suite } from '../../report'
import {
  CHECK_WORDS,
  commonPasswordKeeping,
  passwordMissing,
  passwordTooShort,
  weakPasswordOf,
} from '../../test-values'
import type { RunContext } from '../context'
import type { SuiteRecorder } from '../recorder'
import {
  fieldErrorIs,
  isolated,
  type PolicyPart,
  passwordOf,
  policyRule,
  recorderOf,
  runEmail,
} from './support'

/** A catalogue sentence as a field message of the contract (no closing period). */
const fieldSentence = (code: Parameters<typeof translate>[1]) =>
  translate(en, code).replace(/\.$/, '')

const TOO_WEAK = fieldSentence('validation.passwordTooWeak')
const TOO_SHORT = fieldSentence('validation.passwordTooShort')
const NOT_RESET_RULES = fieldSentence('validation.passwordResetRules')

/** The kinds of a policy's parts: each checklist item is a `require`. */
type PartKind = 'minLength' | 'strength' | 'require' | 'refuseCommon'

/**
 * Where a new password is chosen, and how a check sends one there without an account: the
 * registration of a new address, or a reset link and a change that the contract says judge the
 * password before the link or the old password. `messages` are the field messages each operation's
 * description states; a part it states none for is checked for the field's name alone.
 */
type ChoosingPlace = {
  operationId: string
  fieldName: string
  /** What the check sends, and when (a phrase after "with a password ..."). */
  title: (weakness: string) => string
  /** The request; `label` tells apart the addresses of one operation's checks. */
  request: (password: string, label: string) => OperationCall
  /** The parts the contract says are judged before anything of an account (all when absent). */
  judgedFirst?: readonly PartKind[]
  messages: Partial<Record<PartKind, string>>
  /** The prose rules (rule-register.yaml) a refusal of each kind proves besides the policy's. */
  prose: Partial<Record<PartKind, readonly RuleId[]>>
}

function choosingPlaces(context: RunContext): ChoosingPlace[] {
  const email = runEmail(context, 'weak')
  return [
    {
      operationId: 'register',
      fieldName: 'password',
      title: (weakness) => `register with a password ${weakness}: 400 naming password`,
      // An address per check: a server that wrongly takes one password would answer the next 409.
      request: (password, label) => registration(runEmail(context, `weak-${label}`), password),
      // "a password under strength 40, or a common one [...] (under 8 characters: ...)"
      messages: { minLength: TOO_SHORT, strength: TOO_WEAK, refuseCommon: TOO_WEAK },
      prose: {
        minLength: ['registration.short-password-message'],
        strength: ['registration.weak-password-message'],
        refuseCommon: ['registration.weak-password-message'],
      },
    },
    {
      operationId: 'setPassword',
      fieldName: 'password',
      title: (weakness) =>
        `set a password ${weakness}: 400 naming password, before the link is judged`,
      request: (password) => ({ body: { username: email, hash: 'ab'.repeat(32), password } }),
      // A password under 8 characters breaks the schema's minLength too, whose message the
      // contract leaves to the server: only the checklist's and a common password's are stated.
      messages: { require: NOT_RESET_RULES, refuseCommon: TOO_WEAK },
      prose: {
        minLength: ['set-password.checklist-checked-before-the-link'],
        require: [
          'set-password.checklist-message',
          'set-password.checklist-checked-before-the-link',
        ],
        refuseCommon: ['set-password.common-password-checked-before-the-link'],
      },
    },
    {
      operationId: 'changePassword',
      fieldName: 'newPassword',
      title: (weakness) =>
        `change to a password ${weakness}: 400 naming newPassword, before the old one is checked`,
      request: (password) => ({
        body: { username: email, oldPassword: passwordOf(context), newPassword: password },
      }),
      // "A `newPassword` under strength 40, or a common one, [...] before the old password is
      // checked": a short one is the password flow's, sent with the account's old password.
      judgedFirst: ['strength', 'require', 'refuseCommon'],
      messages: { strength: TOO_WEAK, refuseCommon: TOO_WEAK },
      prose: {
        strength: ['change-password.weak-password-checked-before-the-old'],
        refuseCommon: ['change-password.weak-password-checked-before-the-old'],
      },
    },
  ]
}

/** One part of a policy refused: the password that breaks it alone, or why there is none. */
type Refusal = {
  part: PolicyPart
  /** Which of the operation's messages the refusal carries. */
  kind: PartKind
  weakness: string
  made: { password: string } | { password: undefined; reason: string }
}

/** Each part the field's policy states, with the password that breaks only that part. */
function refusalsOf(
  policy: PasswordPolicy,
  commonPasswords: CommonPasswordList & Iterable<string>,
): Refusal[] {
  const refusals: Refusal[] = [
    {
      part: 'minLength',
      kind: 'minLength',
      weakness: `of ${policy.minLength - 1} characters (minLength ${policy.minLength})`,
      made: passwordTooShort(policy),
    },
  ]
  if (policy.strength) {
    const weak = weakPasswordOf(policy)
    // The score is the contract's only where it states which characters count, or ASCII is sent.
    const score =
      weak.password === undefined
        ? ''
        : weak.reading === 'stated'
          ? ` (it scores ${weak.score} by the contract's character reading)`
          : ` (it scores ${weak.score})`
    refusals.push({
      part: 'strength',
      kind: 'strength',
      weakness: `under strength ${policy.strength.minimum}${score}`,
      made: weak,
    })
  }
  for (const item of policy.require ?? [])
    refusals.push({
      part: `require.${item}`,
      kind: 'require',
      weakness: `without ${CHECK_WORDS[item]}, the rest of its policy kept`,
      made: passwordMissing(policy, item),
    })
  if (policy.refuseCommon)
    refusals.push({
      part: 'refuseCommon',
      kind: 'refuseCommon',
      weakness: 'that is common, the rest of its policy kept',
      made: commonPasswordKeeping(policy, commonPasswords),
    })
  return refusals
}

/**
 * Sends, for each part of the policy of `place`'s field, the password that breaks that part alone
 * and keeps the rest, and expects 400 naming the field: a server that skips one rule, or keeps a
 * laxer number, accepts it. A part no password breaks alone is skipped with the reason; each check
 * stands alone, so one that cannot be sent (a full window) skips only itself.
 */
async function refuseEachPart(
  flow: SuiteRecorder,
  context: RunContext,
  place: ChoosingPlace,
  commonPasswords: CommonPasswordList & Iterable<string>,
): Promise<void> {
  const { operationId, fieldName } = place
  const found = passwordFieldOf(context.contract, operationId, fieldName)
  if (!found) {
    flow.skip(
      place.title('the policy refuses'),
      `the contract states no x-password-policy for ${operationId}'s ${fieldName}`,
    )
    return
  }
  for (const { part, kind, weakness, made } of refusalsOf(found.policy, commonPasswords)) {
    if (place.judgedFirst && !place.judgedFirst.includes(kind)) continue
    const title = place.title(weakness)
    if (made.password === undefined) {
      // The schema's name last: "NewPassword: ..." would read as a secret field to the reports.
      flow.skip(title, `${made.reason} (x-password-policy of ${found.schema})`)
      continue
    }
    await flow.request(
      title,
      operationId,
      place.request(made.password, part.replace(/\W/g, '-').toLowerCase()),
      {
        status: 400,
        also: fieldErrorIs(fieldName, place.messages[kind]),
        rules: [policyRule(found, part), ...(place.prose[kind] ?? [])],
      },
      false,
    )
  }
}

/**
 * Each rule for a new password is the server's, not only the site's form: 400 naming the field,
 * with its message where the contract states it, for a password that breaks one part of the
 * field's policy and keeps every other.
 */
export async function passwordRulesFlow(run: RunContext): Promise<Suite> {
  const context = isolated(run, 'password-rules')
  const flow = recorderOf(
    context,
    'password rules: a weak new password is refused where it is chosen',
  )
  // The list is large: loaded by the flows that judge a password by it, not by every command.
  const { COMMON_PASSWORDS } = await import('@devenv/domain/common-passwords')
  const known = choosingPlaces(context)
  for (const place of known) await refuseEachPart(flow, context, place, COMMON_PASSWORDS)
  // A policy on a field the toolkit does not know where to send is named, not passed over.
  for (const found of rulesOf(context.contract).passwordFields)
    if (
      !known.some(
        (place) => place.operationId === found.operationId && place.fieldName === found.field,
      )
    )
      flow.skip(
        `${found.operationId} with a password its policy refuses: 400 naming ${found.field}`,
        `the toolkit knows no request of ${found.operationId} that judges ${found.field} without an account`,
      )
  return flow.suite
}
