import { en, translate } from '@devenv/domain/messages'
import { isJsonObject } from '@devenv/openapi'
import { registration } from '../../accounts'
import { passwordFieldOf } from '../../contract-rules'
import type { Answer, OperationCall } from '../../http'
import type { Suite } from '../../report'
import { weakPasswordOf } from '../../test-values'
import type { RunContext } from '../context'
import type { SuiteRecorder } from '../recorder'
import {
  type Flow,
  field,
  flowAccount,
  isolated,
  NO_ACCOUNT,
  passwordOf,
  recorderOf,
  runEmail,
} from './support'

/** The toolkit's other good password: a refused registration's, a changed account's. */
export const OTHER_PASSWORD = 'Contract-Run-Pass-9'

/** A catalogue sentence as a field message of the contract (no closing period). */
const fieldSentence = (code: Parameters<typeof translate>[1]) =>
  translate(en, code).replace(/\.$/, '')

/** A wrong old password is refused and changes nothing; the right one changes it. */
async function passwordFlow(run: RunContext): Promise<Suite> {
  const context = isolated(run, 'password')
  const flow = recorderOf(context, 'password change: a wrong old password changes nothing')
  const account = await flowAccount(flow, context, 'password', context.credentials)
  if (!account) {
    flow.skip('change the password with a wrong and the right old password', NO_ACCOUNT)
    return flow.suite
  }
  const { email, password } = account.credentials
  const other = passwordOf(context, OTHER_PASSWORD)
  const next = password === other ? `${other}-next` : other
  const change = (oldPassword: string, newPassword: string) => ({
    body: { username: email, oldPassword, newPassword },
  })
  const signIn = (attempt: string) => ({ body: { email, password: attempt } })
  await flow.request(
    'a wrong old password: 401',
    'changePassword',
    change(`${password}-wrong`, next),
    {
      status: 401,
    },
  )
  await flow.request(
    'after the refusal the old password still signs in: 200',
    'signIn',
    signIn(password),
    { status: 200 },
    true,
  )
  await flow.request(
    "the refused change's new password does not sign in: 401",
    'signIn',
    signIn(next),
    {
      status: 401,
    },
  )
  const changed = await flow.request(
    'the right old password: 200',
    'changePassword',
    change(password, next),
    { status: 200 },
    true,
  )
  await flow.request(
    'the new password signs in: 200',
    'signIn',
    signIn(next),
    { status: 200 },
    true,
  )
  await flow.request('the old password no longer signs in: 401', 'signIn', signIn(password), {
    status: 401,
  })
  // A given account gets its password back, even when a later step failed.
  if (changed && !account.fresh) {
    if (flow.stopped) await flow.raw('changePassword', change(next, password))
    else
      await flow.request(
        'change the password back: 200',
        'changePassword',
        change(next, password),
        {
          status: 200,
        },
      )
  }
  return flow.suite
}

// Weak where each rule applies: 8 caseless letters score 20 of 100; 'password' lacks the checklist.
const TOO_WEAK = fieldSentence('validation.passwordTooWeak')
const NOT_RESET_RULES = fieldSentence('validation.passwordResetRules')

/** A failure text unless the 400 names `name` with the contract's message. */
const fieldErrorIs = (name: string, message: string) => (answer: Answer) => {
  const errors = field(answer, 'errors')
  const given = isJsonObject(errors) ? errors[name] : undefined
  return given === message
    ? undefined
    : `errors.${name} is ${JSON.stringify(given)}, not "${message}"`
}

/**
 * Sends the password the contract's policy of `operationId`'s `fieldName` refuses that comes
 * nearest to passing, and expects 400 naming the field: a server that keeps a laxer number than
 * the contract's accepts it. Skipped, with the reason, where the contract makes no such password.
 */
async function refuseWeakPassword(
  flow: SuiteRecorder,
  context: RunContext,
  refusal: {
    operationId: string
    fieldName: string
    /** What the check sends where it is chosen, and when (a phrase after "with a password ..."). */
    title: (weakness: string) => string
    request: (password: string) => OperationCall
  },
): Promise<void> {
  const { operationId, fieldName } = refusal
  const found = passwordFieldOf(context.contract, operationId, fieldName)
  if (!found) {
    flow.skip(
      refusal.title('the policy refuses'),
      `the contract states no x-password-policy for ${operationId}'s ${fieldName}`,
    )
    return
  }
  const weak = weakPasswordOf(found.policy)
  if (weak.password === undefined) {
    flow.skip(refusal.title('the policy refuses'), `${found.schema}: ${weak.reason}`)
    return
  }
  const [weakness, message] =
    weak.refusedBy === 'strength'
      ? [`under strength ${weak.minimum} (it scores ${weak.score})`, TOO_WEAK]
      : [`without ${weak.missing.join(', ')} (the checklist)`, NOT_RESET_RULES]
  await flow.request(
    refusal.title(weakness),
    operationId,
    refusal.request(weak.password),
    { status: 400, also: fieldErrorIs(fieldName, message) },
    false,
  )
}

/**
 * Each rule for a new password is the server's, not only the site's form: 400 with its message,
 * for the password the contract's policy refuses. The three refusals are independent: one that
 * cannot be sent (a full window) skips only itself.
 */
async function passwordRulesFlow(run: RunContext): Promise<Suite> {
  const context = isolated(run, 'password-rules')
  const flow = recorderOf(
    context,
    'password rules: a weak new password is refused where it is chosen',
  )
  const email = runEmail(context, 'weak')
  await refuseWeakPassword(flow, context, {
    operationId: 'register',
    fieldName: 'password',
    title: (weakness) => `register with a password ${weakness}: 400 naming password`,
    request: (password) => registration(email, password),
  })
  await refuseWeakPassword(flow, context, {
    operationId: 'setPassword',
    fieldName: 'password',
    title: (weakness) =>
      `set a password ${weakness}: 400 naming password, before the link is judged`,
    request: (password) => ({ body: { username: email, hash: 'ab'.repeat(32), password } }),
  })
  await refuseWeakPassword(flow, context, {
    operationId: 'changePassword',
    fieldName: 'newPassword',
    title: (weakness) =>
      `change to a password ${weakness}: 400 naming newPassword, before the old one is checked`,
    request: (password) => ({
      body: { username: email, oldPassword: passwordOf(context), newPassword: password },
    }),
  })
  return flow.suite
}

export const PASSWORD_FLOWS: Flow[] = [
  { id: 'password', run: passwordFlow },
  { id: 'password-rules', run: passwordRulesFlow },
]
