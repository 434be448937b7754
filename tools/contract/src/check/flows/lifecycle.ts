import { registration } from '../../accounts'
import { effectOf } from '../../contract-rules'
import type { Suite } from '../../report'
import { mailedLink, type RunContext } from '../context'
import { SuiteRecorder } from '../recorder'
import {
  type Account,
  codeIs,
  field,
  NO_MAILBOX,
  passwordOf,
  signInStep,
  type TokenPair,
} from './support'

const NEW_PASSWORD = 'Contract-Run-Pass-2'

/** The prose rule a revoked session's access token breaks when it is still taken. */
const REVOKED_SESSION = 'api.revoked-session-access-token-answers-401'

/**
 * Registers a unique account and activates it through the mailbox (the stub's, or a mail
 * catcher's). Without a mailbox the activation steps are skipped and the given credentials (if
 * any) are used instead.
 */
export async function accountLifecycle(
  context: RunContext,
): Promise<{ suite: Suite; account: Account | undefined }> {
  const flow = new SuiteRecorder(
    'account: register, activate, sign in, refresh, reuse, sign out',
    'flow',
    context.contract,
    context.target,
  )
  const email = `contract-${context.runId}@example.com`
  const registered = await flow.request(
    'register a unique e-mail: 201',
    'register',
    registration(email, passwordOf(context)),
    { status: 201 },
    true,
  )
  let account: Account | undefined = context.credentials
    ? { credentials: context.credentials, fresh: false }
    : undefined
  if (!context.mailbox) {
    flow.skip('the activation e-mail arrives', NO_MAILBOX)
    flow.skip('activate with the e-mailed token: 200', NO_MAILBOX)
  } else if (registered) {
    const token = (await mailedLink(context, email, 'activate'))?.activate
    if (
      flow.verdict(
        'the activation e-mail arrives with /?activate=<token>',
        token ? undefined : 'no activation e-mail in the mailbox',
      )
    ) {
      await flow.request(
        'activate with the e-mailed token: 200',
        'activateAccount',
        { body: { token } },
        { status: 200 },
        true,
      )
      await flow.request(
        'the same token again: 400 ACTIVATION_TOKEN_USED',
        'activateAccount',
        { body: { token } },
        {
          status: 400,
          also: codeIs('ACTIVATION_TOKEN_USED'),
          rules: ['activation.token-single-use'],
        },
      )
      if (!flow.stopped)
        account = { credentials: { email, password: passwordOf(context) }, fresh: true }
    }
  }
  if (!account) {
    flow.skip(
      'sign in, refresh, reuse and sign-out',
      'no activated account: needs the mailbox or --email/--password',
    )
    return { suite: flow.suite, account }
  }
  const credentials = account.credentials
  const signIn = () =>
    flow.request(
      'sign in: 200 with a token pair',
      'signIn',
      { body: credentials },
      { status: 200 },
      true,
    )
  const first = await signIn()
  const accessToken = String(field(first, 'access_token'))
  const refreshToken = String(field(first, 'refresh_token'))
  await flow.request(
    'read the profile with the access token: 200, same e-mail',
    'getProfile',
    { token: accessToken },
    {
      status: 200,
      also: (answer) =>
        String(field(answer, 'email')).toLowerCase() === credentials.email.toLowerCase()
          ? undefined
          : `profile e-mail is ${String(field(answer, 'email'))}`,
    },
    true,
  )
  const rotated = await flow.request(
    'refresh: 200 with a new refresh token',
    'refreshToken',
    { body: { refreshToken } },
    {
      status: 200,
      also: (answer) =>
        field(answer, 'refresh_token') !== refreshToken
          ? undefined
          : 'the refresh token did not rotate',
      rules: ['refresh.rotates-the-pair'],
    },
    true,
  )
  const rotatedAccess = String(field(rotated, 'access_token'))
  const rotatedRefresh = String(field(rotated, 'refresh_token'))
  await flow.request(
    'the old refresh token again: 401 REFRESH_TOKEN_REUSED',
    'refreshToken',
    { body: { refreshToken } },
    {
      status: 401,
      also: codeIs('REFRESH_TOKEN_REUSED'),
      rules: ['refresh.reuse-answers-refresh-token-reused'],
    },
  )
  await flow.request(
    'reuse revoked the family: the rotated refresh token is refused (401)',
    'refreshToken',
    { body: { refreshToken: rotatedRefresh } },
    { status: 401, rules: ['refresh.reuse-revokes-the-session'] },
  )
  await flow.request(
    'reuse revoked the family: the rotated access token is refused (401)',
    'getProfile',
    { token: rotatedAccess },
    { status: 401, rules: ['refresh.reuse-revokes-the-session', REVOKED_SESSION] },
  )
  const second = await flow.request(
    'sign in again: 200',
    'signIn',
    { body: credentials },
    { status: 200 },
    true,
  )
  const secondAccess = String(field(second, 'access_token'))
  const secondRefresh = String(field(second, 'refresh_token'))
  await flow.request(
    'sign out with the refresh token: 204',
    'signOut',
    { body: { refreshToken: secondRefresh } },
    { status: 204 },
    true,
  )
  await flow.request(
    'after sign-out the access token is refused (401)',
    'getProfile',
    { token: secondAccess },
    { status: 401, rules: ['x-effects:signOut:revokes.session', REVOKED_SESSION] },
  )
  await flow.request(
    'after sign-out the refresh token is refused (401)',
    'refreshToken',
    { body: { refreshToken: secondRefresh } },
    { status: 401, rules: ['x-effects:signOut:revokes.session'] },
  )
  return { suite: flow.suite, account: flow.stopped ? undefined : account }
}

/**
 * A reset link works once: 200 then 400; the new password signs in. Where setPassword's x-effects
 * say a reset revokes the account's sessions, sessions signed in before it are all refused after
 * it: each access token (401 on a bearer call) and each refresh token (401 on refresh).
 */
export async function resetLinkSingleUse(
  context: RunContext,
  account: Account | undefined,
): Promise<Suite> {
  const flow = new SuiteRecorder(
    'password reset link is single use',
    'flow',
    context.contract,
    context.target,
  )
  if (!context.mailbox || !account?.fresh) {
    flow.skip(
      'request, use, reuse a reset link',
      context.mailbox ? 'no fresh account (the account flow failed)' : NO_MAILBOX,
    )
    return flow.suite
  }
  const { email } = account.credentials
  const revokes = effectOf(context.contract, 'setPassword', 200)?.revokes
  // Two sessions: a server that revokes only the newest (or only one) still fails the other.
  const earlier: TokenPair[] = []
  if (revokes === 'account-sessions')
    for (const session of [1, 2]) {
      const tokens = await signInStep(
        flow,
        `before the reset: sign in, session ${session}: 200`,
        account.credentials,
      )
      if (!tokens) return flow.suite
      earlier.push(tokens)
    }
  await flow.request(
    'request a reset link: 200',
    'requestPasswordReset',
    { body: { username: email } },
    { status: 200 },
    true,
  )
  const mail = await mailedLink(context, email, 'hash')
  const hash = mail?.hash
  if (
    !flow.verdict(
      'the reset e-mail arrives with a 64-hex hash',
      hash && /^[0-9a-f]{64}$/i.test(hash) && mail?.user
        ? undefined
        : 'no reset e-mail with user and hash',
    )
  )
    return flow.suite
  const body = { username: mail?.user ?? email, hash, password: passwordOf(context, NEW_PASSWORD) }
  await flow.request(
    'set the password from the link: 200 { status: true }',
    'setPassword',
    { body },
    {
      status: 200,
      also: (answer) => (field(answer, 'status') === true ? undefined : 'status is not true'),
    },
    true,
  )
  await flow.request(
    'the same link again: 400 { status: false }',
    'setPassword',
    { body: { ...body, password: passwordOf(context, 'Contract-Run-Pass-3') } },
    {
      status: 400,
      also: (answer) => (field(answer, 'status') === false ? undefined : 'status is not false'),
      rules: ['reset-link.single-use', 'set-password.invalid-or-used-link-answers-400'],
    },
  )
  const revoked = 'x-effects:setPassword:revokes.account-sessions'
  if (revokes !== 'account-sessions')
    flow.skip(
      "after the reset every earlier session's tokens are refused",
      "setPassword's x-effects state no revocation of the account's sessions",
    )
  // Each token is judged on its own: one still taken does not hide what the others answer.
  for (const [index, tokens] of earlier.entries()) {
    await flow.request(
      `after the reset session ${index + 1}'s access token is refused: ${flow.route('getProfile')} 401`,
      'getProfile',
      { token: tokens.access },
      { status: 401, rules: [revoked, REVOKED_SESSION] },
      false,
    )
    await flow.request(
      `after the reset session ${index + 1}'s refresh token is refused: ${flow.route('refreshToken')} 401`,
      'refreshToken',
      { body: { refreshToken: tokens.refresh } },
      { status: 401, rules: [revoked] },
      false,
    )
  }
  await flow.request(
    'the new password signs in: 200',
    'signIn',
    { body: { email, password: passwordOf(context, NEW_PASSWORD) } },
    { status: 200 },
  )
  account.credentials = { email, password: passwordOf(context, NEW_PASSWORD) }
  return flow.suite
}
