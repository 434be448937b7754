import { registration } from '../../accounts'
import { effectOf, rulesOf } from '../../contract-rules'
import { devClientOf } from '../../http'
import type { Suite } from '../../report'
import { mailedLink, type RunContext } from '../context'
import { SuiteRecorder } from '../recorder'
import {
  type Account,
  codeIs,
  field,
  isolated,
  NO_MAILBOX,
  newerLink,
  passwordOf,
  REVOKED_SESSION,
  runEmail,
  signInStep,
  type TokenPair,
} from './support'

const NEW_PASSWORD = 'Contract-Run-Pass-2'

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
