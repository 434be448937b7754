import { isDeepStrictEqual } from 'node:util'
import { registration } from '../../accounts'
import { effectOf, rulesOf } from '../../contract-rules'
import { type Answer, devClientOf } from '../../http'
import type { Suite } from '../../report'
import { mailedLink, type RunContext } from '../context'
import { SuiteRecorder } from '../recorder'
import {
  type Account,
  codeIs,
  field,
  isolated,
  mailAfterDelivery,
  NO_MAILBOX,
  newerLink,
  passwordOf,
  runEmail,
  signInStep,
  type TokenPair,
} from './support'

const NEW_PASSWORD = 'Contract-Run-Pass-2'

/** The prose rule a revoked session's access token breaks when it is still taken. */
const REVOKED_SESSION = 'api.revoked-session-access-token-answers-401'

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
  const reaches = (link: typeof mail, to: string) =>
    link?.hash && /^[0-9a-f]{64}$/i.test(link.hash) && link.user?.toLowerCase() === to.toLowerCase()
      ? undefined
      : `no reset e-mail whose link has user=${to} and a 64-hex hash (got ${JSON.stringify(link ?? null)})`
  if (
    !flow.verdict('the reset e-mail arrives with a 64-hex hash', reaches(mail, email), undefined, [
      'reset-link.emailed',
      'reset-link.opens-the-reset-page',
    ])
  )
    return flow.suite
  await flow.request(
    'request a reset link again: 200',
    'requestPasswordReset',
    { body: { username: email } },
    { status: 200 },
    true,
  )
  const newer = flow.stopped ? undefined : await newerLink(context, email, 'hash', mail?.hash)
  if (
    !flow.verdict(
      'a second reset e-mail arrives, with another hash',
      newer ? reaches(newer, email) : 'no new reset e-mail after asking again',
    )
  )
    return flow.suite
  const body = {
    username: newer?.user ?? email,
    hash: newer?.hash,
    password: passwordOf(context, NEW_PASSWORD),
  }
  await flow.request(
    'the earlier link, once a newer one was asked for: 400 { status: false }',
    'setPassword',
    { body: { ...body, hash: mail?.hash } },
    {
      status: 400,
      also: (answer) => (field(answer, 'status') === false ? undefined : 'status is not false'),
      rules: ['reset-link.new-link-invalidates-earlier'],
    },
    true,
  )
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
  await resetBeforeActivation(flow, context)
  return flow.suite
}

/**
 * An account not activated yet gets a reset link too, and the password set from it activates the
 * account: it signs in without its activation link. Where the run has stub sessions, this part has
 * one of its own, whose clock shows the link's lifetime (`x-lifetimes`; no client can wait an
 * hour): a minute past it the link is refused as expired (and stays unused), a minute short of it
 * the password is set.
 */
async function resetBeforeActivation(flow: SuiteRecorder, run: RunContext): Promise<void> {
  if (flow.stopped) return
  const context = isolated(run, 'reset-before-activation')
  flow.sendTo(context.target)
  try {
    await resetAndSignIn(flow, context)
  } finally {
    flow.sendTo(run.target)
  }
}

async function resetAndSignIn(flow: SuiteRecorder, context: RunContext): Promise<void> {
  const email = runEmail(context, 'reset-before-activation')
  await flow.request(
    'register another address and leave it not activated: 201',
    'register',
    registration(email, passwordOf(context)),
    { status: 201 },
    true,
  )
  await flow.request(
    'request a reset link for the account not activated: 200',
    'requestPasswordReset',
    { body: { username: email } },
    { status: 200 },
    true,
  )
  if (flow.stopped) return
  const mail = await mailedLink(context, email, 'hash')
  if (
    !flow.verdict(
      'the reset e-mail reaches the account not activated',
      mail?.hash ? undefined : 'no reset e-mail with a hash',
      undefined,
      ['reset-link.inactive-account-gets-the-link'],
    )
  )
    return
  const password = passwordOf(context, NEW_PASSWORD)
  const body = { username: mail?.user ?? email, hash: mail?.hash, password }
  const lifetime = rulesOf(context.contract).lifetimes?.resetLink
  const clock =
    context.stubSessions && lifetime !== undefined
      ? devClientOf(context.target.transport, context.target.session)
      : undefined
  const moved =
    clock !== undefined &&
    lifetime !== undefined &&
    (await clock.setClockOffset(lifetime + 60).then(
      () => true,
      () => false,
    ))
  const lifetimeRules = moved ? ['x-lifetimes:resetLink'] : []
  if (moved) {
    await flow.request(
      `the link ${lifetime + 60} s old (a minute past its lifetime): 401 RESET_LINK_EXPIRED`,
      'setPassword',
      { body },
      { status: 401, also: codeIs('RESET_LINK_EXPIRED'), rules: lifetimeRules },
      false,
    )
    await clock.setClockOffset(lifetime - 60)
  }
  try {
    await flow.request(
      moved
        ? `set its password from the link ${lifetime - 60} s old (a minute short of its lifetime): 200 { status: true }`
        : 'set its password from the link: 200 { status: true }',
      'setPassword',
      { body },
      {
        status: 200,
        also: (answer) => (field(answer, 'status') === true ? undefined : 'status is not true'),
        rules: lifetimeRules,
      },
      true,
    )
  } finally {
    if (moved) await clock.setClockOffset(0).catch(() => undefined)
  }
  await flow.request(
    'it signs in with that password, never having opened its activation link: 200',
    'signIn',
    { body: { email, password } },
    { status: 200, rules: ['set-password.activates-the-account'] },
  )
}
