import { randomBytes } from 'node:crypto'
import { base64url, decodeJwt, decodeProtectedHeader, SignJWT, UnsecuredJWT } from 'jose'
import { devClientOf, type OperationCall } from '../../http'
import type { Suite } from '../../report'
import type { RunContext } from '../context'
import {
  type Flow,
  flowAccount,
  isolated,
  NO_ACCOUNT,
  recorderOf,
  signInStep,
  type TokenPair,
} from './support'

/** The prose rule a revoked session's access token breaks when it is still taken. */
const REVOKED_SESSION = 'api.revoked-session-access-token-answers-401'

/** Past the token's `exp`, which servers write in whole seconds. */
const EXPIRY_MARGIN_MS = 1_500

/** Servers write `exp` and `iat` in whole seconds: a lifetime may be off by one. */
const ROUNDING_SECONDS = 1

/**
 * What is wrong with `token_valid_seconds` as the access token's lifetime: the JWT's own
 * `exp − iat` (or `exp` less the answer's time, without `iat`). A string when the token cannot
 * say (opaque, or without `exp`): then the check is skipped with it.
 */
function lifetimeProblem(tokens: TokenPair): { problem: string | undefined } | { unknown: string } {
  if (tokens.statedSeconds === undefined)
    return { unknown: 'the sign-in answer has no token_valid_seconds' }
  let claims: ReturnType<typeof decodeJwt>
  try {
    claims = decodeJwt(tokens.access)
  } catch {
    return { unknown: 'the access token is opaque (not a JWT): its lifetime is not in it' }
  }
  if (typeof claims.exp !== 'number')
    return { unknown: 'the access token has no exp claim: its lifetime is not in it' }
  const issued = typeof claims.iat === 'number' ? claims.iat : Math.floor(tokens.receivedAt / 1000)
  // Without iat the answer's arrival stands for it, a second or so late.
  const slack = typeof claims.iat === 'number' ? ROUNDING_SECONDS : ROUNDING_SECONDS + 1
  const lifetime = claims.exp - issued
  return {
    problem:
      Math.abs(lifetime - tokens.statedSeconds) <= slack
        ? undefined
        : `token_valid_seconds is ${tokens.statedSeconds}, but the token's exp is ${lifetime} s after ${typeof claims.iat === 'number' ? 'its iat' : 'the answer'}`,
  }
}

/** The same claims and header, signed with a key the server never had. */
async function signedWithAnotherKey(token: string): Promise<string> {
  const header = decodeProtectedHeader(token)
  return new SignJWT(decodeJwt(token))
    .setProtectedHeader({ ...header, alg: 'HS256' })
    .sign(randomBytes(32))
}

/** An attacker's claims (another name, an admin role) under the original signature. */
function withTamperedClaims(token: string): string {
  const [header, , signature] = token.split('.')
  const claims = { ...decodeJwt(token), name: 'Mallory', roles: ['admin'] }
  return `${header}.${base64url.encode(JSON.stringify(claims))}.${signature}`
}

/** `alg: none`: the same claims and no signature at all. */
function unsigned(token: string): string {
  return new UnsecuredJWT(decodeJwt(token)).encode()
}

/**
 * Access tokens the server must refuse: a broken signature, changed claims, `alg: none`, a token
 * whose session was signed out, and a token past its expiry: with the development clock moved on,
 * or, on a target without one whose tokens live at most `--max-wait`, after waiting for real.
 */
async function tokensFlow(run: RunContext): Promise<Suite> {
  const context = isolated(run, 'tokens')
  const flow = recorderOf(
    context,
    'tokens: broken signature, alg none, after sign-out and past expiry are refused',
  )
  const account = await flowAccount(flow, context, 'tokens', context.credentials)
  if (!account) {
    flow.skip('forged, signed-out and expired access tokens are refused', NO_ACCOUNT)
    return flow.suite
  }
  const tokens = await signInStep(flow, 'sign in: 200', account.credentials)
  if (!tokens) return flow.suite
  const profile = (token: string): OperationCall => ({ token })
  // Needs no waiting, so it is judged whatever the lifetime: a token said to live 900 s whose own
  // exp is 20 s away would log its users out early.
  const lifetime = lifetimeProblem(tokens)
  const lifetimeName = "token_valid_seconds is the access token's own lifetime (exp − iat)"
  if ('unknown' in lifetime) flow.skip(lifetimeName, lifetime.unknown)
  else
    flow.verdict(lifetimeName, lifetime.problem, undefined, [
      'sign-in.token-valid-seconds-is-access-lifetime',
    ])
  await flow.request(
    'the issued access token reads the profile: 200',
    'getProfile',
    profile(tokens.access),
    { status: 200 },
    true,
  )
  const forged: Array<[string, string]> = [
    ['the same claims signed with another key: 401', await signedWithAnotherKey(tokens.access)],
    ['changed claims under the original signature: 401', withTamperedClaims(tokens.access)],
    ['alg: none, without a signature: 401', unsigned(tokens.access)],
  ]
  for (const [name, token] of forged)
    await flow.request(name, 'getProfile', profile(token), { status: 401 })

  const signedOut = await signInStep(flow, 'sign in again: 200', account.credentials)
  if (!signedOut) return flow.suite
  await flow.request(
    'sign out with the refresh token: 204',
    'signOut',
    { body: { refreshToken: signedOut.refresh } },
    { status: 204 },
    true,
  )
  await flow.request(
    `after sign-out the access token is refused: ${flow.route('getProfile')} 401`,
    'getProfile',
    profile(signedOut.access),
    { status: 401, rules: ['x-effects:signOut:revokes.session', REVOKED_SESSION] },
  )
  await flow.request(
    `after sign-out the access token is refused: ${flow.route('listEnvironments')} 401`,
    'listEnvironments',
    { token: signedOut.access },
    { status: 401, rules: ['x-effects:signOut:revokes.session', REVOKED_SESSION] },
  )

  const expiry = 'past its expiry the access token is refused: 401'
  // The flow's own stub session has its own clock: moving it touches no other flow. On a shared
  // server a clock, were there one, would be every client's: it is moved only with stub sessions.
  if (!Number.isFinite(tokens.validSeconds)) {
    flow.skip(
      expiry,
      "the sign-in answer has no token_valid_seconds and the contract no x-lifetimes: the token's expiry is unknown",
    )
    return flow.suite
  }
  const clock = devClientOf(context.target.transport, context.target.session)
  const advanceSeconds = tokens.validSeconds + 60
  const moved =
    context.stubSessions &&
    (await clock.advanceClock(advanceSeconds).then(
      () => true,
      () => false,
    ))
  if (moved) {
    await flow.request(
      `${expiry} (the development clock moved ${advanceSeconds} s on)`,
      'getProfile',
      profile(tokens.access),
      { status: 401, rules: ['x-lifetimes:accessToken'] },
    )
    await clock.setClockOffset(0).catch(() => undefined)
    return flow.suite
  }
  const maxWait = context.target.maxWaitSeconds ?? 0
  if (tokens.validSeconds > maxWait) {
    flow.skip(
      expiry,
      `an expired token needs the development clock (POST /__dev/clock) or access tokens that live at most --max-wait ${maxWait} s; this target's live ${tokens.validSeconds} s (token_valid_seconds)`,
    )
    return flow.suite
  }
  const until = (at: number) =>
    new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())))
  await until(tokens.receivedAt + tokens.validSeconds * 1000 + EXPIRY_MARGIN_MS)
  // Servers may allow some clock skew past `exp` (Spring's 60 s, for one): a token still taken is
  // asked again once the rest of --max-wait has passed, and judged then.
  const lastChance = tokens.receivedAt + maxWait * 1000 + EXPIRY_MARGIN_MS
  if (
    Date.now() < lastChance &&
    (await flow.raw('getProfile', profile(tokens.access))).status === 200
  )
    await until(lastChance)
  await flow.request(
    `${expiry} (waited for its ${tokens.validSeconds} s lifetime to pass)`,
    'getProfile',
    profile(tokens.access),
    { status: 401, rules: ['x-lifetimes:accessToken'] },
  )
  return flow.suite
}

export const TOKEN_FLOWS: Flow[] = [{ id: 'tokens', run: tokensFlow }]
