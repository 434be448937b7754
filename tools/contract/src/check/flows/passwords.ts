import { commonPasswordRuleError, passwordPolicyProblem } from '@devenv/domain'
import { passwordFieldOf } from '../../contract-rules'
import type { OperationCall } from '../../http'
import type { Suite } from '../../report'
import { passwordTooShort } from '../../test-values'
import type { RunContext } from '../context'
import type { SuiteRecorder } from '../recorder'
import { passwordRulesFlow } from './password-rules'
import {
  type Flow,
  field,
  fieldErrorIs,
  flowAccount,
  isolated,
  NO_ACCOUNT,
  passwordOf,
  policyRule,
  recorderOf,
} from './support'

/** The toolkit's other good password: a refused registration's, a changed account's. */
export const OTHER_PASSWORD = 'Contract-Run-Pass-9'

/**
 * Why the account's password cannot show the rule that a new password differs from the old one:
 * it breaks changePassword's policy itself, so a refusal would not be for its sameness. Undefined
 * when the policy keeps it (or the contract states none).
 */
async function keptButForSameness(
  context: RunContext,
  password: string,
): Promise<string | undefined> {
  const found = passwordFieldOf(context.contract, 'changePassword', 'newPassword')
  if (!found) return undefined
  const { COMMON_PASSWORDS } = await import('@devenv/domain/common-passwords')
  const problem = passwordPolicyProblem(
    password,
    found.policy,
    (each) => commonPasswordRuleError(each, COMMON_PASSWORDS) !== null,
  )
  return problem
    ? `the account's password breaks ${found.schema}'s x-password-policy itself (${problem.rule}): a refusal would not be for its sameness`
    : undefined
}

/**
 * A newPassword under changePassword's minLength, sent with the account's right old password: the
 * contract says a weak or common one is judged before the old password, not a short one, so
 * without an account a 401 could be either. Where the server takes it, the account gets its
 * password back.
 */
async function refuseShortOnAccount(
  flow: SuiteRecorder,
  context: RunContext,
  password: string,
  change: (oldPassword: string, newPassword: string) => OperationCall,
): Promise<void> {
  const found = passwordFieldOf(context.contract, 'changePassword', 'newPassword')
  if (!found) return
  const { minLength } = found.policy
  const title = `a new password of ${minLength - 1} characters (minLength ${minLength}): 400 naming newPassword`
  const short = passwordTooShort(found.policy)
  if (short.password === undefined) {
    flow.skip(title, `${short.reason} (x-password-policy of ${found.schema})`)
    return
  }
  await flow.request(
    title,
    'changePassword',
    change(password, short.password),
    {
      status: 400,
      also: fieldErrorIs('newPassword', undefined),
      rules: [policyRule(found, 'minLength')],
    },
    false,
  )
  // Sent and not refused (a check kept for later runs sent nothing): the short one may be set.
  if (flow.suite.checks.at(-1)?.status === 'failed')
    await flow.raw('changePassword', change(short.password, password))
}

/**
 * A wrong old password is refused and changes nothing, and so is a new password equal to the old
 * one or shorter than the policy's minLength; the right one changes it.
 */
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
  const sameTitle = 'a new password equal to the old one: 400 naming newPassword'
  const notSame = await keptButForSameness(context, password)
  if (notSame) flow.skip(sameTitle, notSame)
  else
    await flow.request(
      sameTitle,
      'changePassword',
      change(password, password),
      {
        status: 400,
        also: fieldErrorIs('newPassword', undefined),
        rules: ['change-password.new-differs-from-old'],
      },
      false,
    )
  await refuseShortOnAccount(flow, context, password, change)
  const before = await flow.request(
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
  // The session signed in before the change is still signed in: its tokens are taken.
  const stayed = ['change-password.sessions-stay-signed-in']
  await flow.request(
    "after the change the earlier session's access token is taken: 200",
    'getProfile',
    { token: String(field(before, 'access_token')) },
    { status: 200, rules: stayed },
  )
  await flow.request(
    "after the change the earlier session's refresh token renews it: 200",
    'refreshToken',
    { body: { refreshToken: String(field(before, 'refresh_token')) } },
    { status: 200, rules: stayed },
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

export const PASSWORD_FLOWS: Flow[] = [
  { id: 'password', run: passwordFlow },
  { id: 'password-rules', run: passwordRulesFlow },
]
