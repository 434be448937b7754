import { isDeepStrictEqual } from 'node:util'
import { registration } from '../../accounts'
import type { Answer } from '../../http'
import type { Suite } from '../../report'
import { mailedLink, type RunContext } from '../context'
import { SuiteRecorder } from '../recorder'
import {
  type Account,
  codeIs,
  field,
  mailAfterDelivery,
  NO_MAILBOX,
  newerLink,
  passwordOf,
  REVOKED_SESSION,
  runEmail,
} from './support'

/** A token of the shape the contract's example has, which no server issued. */
const UNKNOWN_TOKEN = 'contractRunUnknownToken_0000000000000000000000000'

/** A failure text unless `answer`'s JSON body is the same as `reference`'s. */
const sameBodyAs = (reference: Answer | undefined, named: string) => (answer: Answer) =>
  reference === undefined || isDeepStrictEqual(reference.json, answer.json)
    ? undefined
    : `the answer ${answer.text} differs from ${named}'s ${reference.text}`

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
  // Names and a company, so that the profile shows what registration filled in.
  const names = {
    firstName: 'Eteri',
    lastName: `Contract-${context.runId}`,
    company: `Contract Run ${context.runId} LLC`,
  }
  const { body } = registration(email, passwordOf(context))
  const registered = await flow.request(
    'register a unique e-mail: 201',
    'register',
    { body: { ...body, userType: 'COMPANY', ...names } },
    { status: 201 },
    true,
  )
  let account: Account | undefined = context.credentials
    ? { credentials: context.credentials, fresh: false }
    : undefined
  let unmailed: Unmailed | undefined
  let activated: string | undefined
  if (!context.mailbox) {
    flow.skip('the activation e-mail arrives', NO_MAILBOX)
    flow.skip('activate with the e-mailed token: 200', NO_MAILBOX)
  } else if (registered) {
    const first = (await mailedLink(context, email, 'activate'))?.activate
    if (
      flow.verdict(
        'the activation e-mail arrives with /?activate=<token>',
        first ? undefined : 'no activation e-mail in the mailbox',
      )
    ) {
      const resent = await flow.request(
        'ask for the activation e-mail again: 200',
        'resendActivation',
        { body: { email } },
        { status: 200 },
        true,
      )
      // No mail is waited for after a failed step: it skips the rest anyway.
      const token = flow.stopped
        ? undefined
        : (await newerLink(context, email, 'activate', first))?.activate
      flow.verdict(
        'a second activation e-mail arrives, with another token',
        token ? undefined : 'no new activation e-mail after asking again',
      )
      await flow.request(
        'the first token, after a new e-mail was asked for: 400',
        'activateAccount',
        { body: { token: first } },
        { status: 400, rules: ['activation.new-email-invalidates-earlier-tokens'] },
      )
      await flow.request(
        'a token no server issued: 400 ACTIVATION_TOKEN_INVALID',
        'activateAccount',
        { body: { token: UNKNOWN_TOKEN } },
        {
          status: 400,
          also: codeIs('ACTIVATION_TOKEN_INVALID'),
          rules: ['activation.unknown-token-answers-invalid'],
        },
      )
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
      if (!flow.stopped) {
        account = { credentials: { email, password: passwordOf(context) }, fresh: true }
        unmailed = await askForMailNoneGets(flow, context, email, resent)
        activated = token
      }
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
  // The flow's own registration gave names and a company: the profile shows them, as a company's.
  const registeredAs = account.fresh ? { ...names, userType: 'COMPANY' } : {}
  await flow.request(
    'read the profile with the access token: 200, same e-mail',
    'getProfile',
    { token: accessToken },
    {
      status: 200,
      also: (answer) =>
        String(field(answer, 'email')).toLowerCase() === credentials.email.toLowerCase()
          ? Object.entries(registeredAs)
              .filter(([name, value]) => field(answer, name) !== value)
              .map(
                ([name, value]) =>
                  `${name} is ${JSON.stringify(field(answer, name))}, registered as ${JSON.stringify(value)}`,
              )
              .join('; ') || undefined
          : `profile e-mail is ${String(field(answer, 'email'))}`,
      rules: account.fresh
        ? ['registration.names-fill-the-profile', 'registration.user-type-from-company']
        : [],
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
  // That no mail came shows only once mail has had time to come: judged where the mailbox has it
  // at once (the stub's), not by waiting out a mail catcher's delivery time on every run.
  if (unmailed && activated && context.mailbox?.deliveryMs === 0)
    await nothingWasMailed(flow, context, email, activated, unmailed)
  return { suite: flow.suite, account: flow.stopped ? undefined : account }
}

/** The addresses asked for mail that must get none, and when; judged once mail had time to come. */
type Unmailed = { unknown: string; since: number; resetAnswered: number | undefined }

/**
 * Asks for mail that none may get: an activation e-mail for the active account and for an address
 * of no account (the same 200 as for the account before activation), and, where the mailbox will
 * show that nothing came, a reset link for that address. The mailbox is read at the end of the flow.
 */
async function askForMailNoneGets(
  flow: SuiteRecorder,
  context: RunContext,
  email: string,
  resent: Answer | undefined,
): Promise<Unmailed> {
  const unknown = runEmail(context, 'nobody')
  const since = Date.now()
  const same = {
    status: 200,
    also: sameBodyAs(resent, 'the account before activation'),
    rules: ['resend-activation.same-answer-for-every-address'],
  }
  await flow.request(
    'ask for the activation e-mail once active: 200, the same answer',
    'resendActivation',
    { body: { email } },
    same,
    false,
  )
  await flow.request(
    'ask for the activation e-mail of an address of no account: 200, the same answer',
    'resendActivation',
    { body: { email: unknown } },
    same,
    false,
  )
  // The findings ask this already; asked again only for what the mailbox then shows.
  if (context.mailbox?.deliveryMs !== 0) return { unknown, since, resetAnswered: undefined }
  // A server that answers alike says 200 here; the others 401.
  const reset = await flow.request(
    'ask for a reset link for the address of no account: 200, or 401',
    'requestPasswordReset',
    { body: { username: unknown } },
    {
      status: [200, 401],
      rules: (answer) => (answer.status === 401 ? ['reset-link.unknown-address-answers-401'] : []),
    },
    false,
  )
  return { unknown, since, resetAnswered: reset?.status }
}

/** Nothing came for the active account or the address of no account. */
async function nothingWasMailed(
  flow: SuiteRecorder,
  context: RunContext,
  email: string,
  activated: string,
  { unknown, since, resetAnswered }: Unmailed,
): Promise<void> {
  const toUnknown = await mailAfterDelivery(context, unknown, since)
  const toActive = await mailAfterDelivery(context, email, since)
  const newest = toActive?.find((params) => params.activate !== undefined)?.activate
  const problems = [
    toUnknown === undefined || toActive === undefined ? 'the mailbox could not be read' : '',
    toUnknown?.length
      ? `${toUnknown.length} e-mail(s) went to ${unknown}, which has no account`
      : '',
    newest !== undefined && newest !== activated
      ? 'a new activation e-mail went to the account already active'
      : '',
  ].filter(Boolean)
  flow.verdict(
    'no e-mail went to the active account or to the address of no account',
    problems.length > 0 ? problems.join('; ') : undefined,
    undefined,
    [
      'resend-activation.nothing-sent-to-unknown-or-active',
      // Where a reset link for an address of no account answers 200, that answer mails no one.
      ...(resetAnswered === 200 ? ['uniform-answers.mail-only-registered-addresses'] : []),
    ],
  )
}
