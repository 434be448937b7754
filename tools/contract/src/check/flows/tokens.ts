import { randomBytes } from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import { base64url, decodeJwt, decodeProtectedHeader, SignJWT, UnsecuredJWT } from 'jose'
import { rulesOf } from '../../contract-rules'
import { type Answer, devClientOf, type OperationCall } from '../../http'
import type { Suite } from '../../report'
import type { RunContext } from '../context'
import type { SuiteRecorder } from '../recorder'
import {
  type Flow,
  field,
  flowAccount,
  isolated,
  NO_ACCOUNT,
  recorderOf,
  signInStep,
  type TokenPair,
} from './support'

/** The prose rule a revoked session's access token breaks when it is still taken. */
const REVOKED_SESSION = 'api.revoked-session-access-token-answers-401'

/** A missing, malformed, expired or revoked access token answers 401. */
const BAD_TOKEN = 'api.bad-bearer-token-answers-401'

/** Calls whose path contains `/auth/` go without the bearer token. */
const AUTH_CALLS = 'api.auth-calls-go-without-bearer-token'

/** The older wrapper's headers, which the contract lists nowhere: a server takes and ignores them. */
const OLDER_WRAPPER_HEADERS = {
  'X-Client-Type': 'vue-website',
  'X-Client-Version': '1.0.0',
  'X-Request-Timestamp': '2024-05-01T09:30:00.000Z',
}

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

/** What the contract says an access token's claims are, read from the JWT's payload. */
const CLAIM_TYPES: ReadonlyArray<[string, (value: unknown) => boolean, string]> = [
  ['sub', (value) => typeof value === 'string' && value !== '', 'the user id'],
  ['email', (value) => typeof value === 'string', 'a string'],
  ['name', (value) => typeof value === 'string', 'a string'],
  ['username', (value) => typeof value === 'string', 'a string'],
  [
    'roles',
    (value) => Array.isArray(value) && value.every((role) => typeof role === 'string'),
    'a list of strings',
  ],
  ['demo', (value) => typeof value === 'boolean', 'a boolean'],
  ['sid', (value) => typeof value === 'string' && value !== '', 'the session'],
  ['iat', (value) => typeof value === 'number', 'a number'],
  ['exp', (value) => typeof value === 'number', 'a number'],
]

/** The access token's claims, or why it has none (the contract says it is a JWT). */
function claimsOf(token: string): Record<string, unknown> | string {
  try {
    return decodeJwt(token)
  } catch {
    return 'the access token is not a JWT, as the contract says it is'
  }
}

/**
 * What is wrong with the access token's claims: each the contract lists, of its kind, and the
 * user's the profile shows (`sub` its id, `email` and `username` its own).
 */
function claimsProblem(token: string, profile: Answer | undefined): string | undefined {
  const claims = claimsOf(token)
  if (typeof claims === 'string') return claims
  const wrong = CLAIM_TYPES.filter(([name, ok]) => !ok(claims[name])).map(
    ([name, , kind]) => `${name} ${JSON.stringify(claims[name]) ?? 'missing'} (${kind})`,
  )
  if (wrong.length > 0) return `claims not as the contract lists them: ${wrong.join(', ')}`
  const user = { sub: field(profile, 'id'), email: field(profile, 'email') }
  if (claims.sub !== user.sub)
    return `sub ${String(claims.sub)} is not the user's id ${String(user.sub)}`
  if (String(claims.email).toLowerCase() !== String(user.email).toLowerCase())
    return `email ${String(claims.email)} is not the user's ${String(user.email)}`
  return undefined
}

/** A later read of the profile must answer what the first read did. */
const sameProfile = (before: Answer | undefined) => (answer: Answer) =>
  isDeepStrictEqual(answer.json, before?.json)
    ? undefined
    : `another profile than the first read's: ${answer.text.slice(0, 200)}`

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
 * or, on a target without one whose tokens live at most `--max-wait`, after waiting for real. On
 * the way, what a token and the calls around it carry: its claims, the `/v1` prefix, headers the
 * contract does not list, and sign-out's and refresh's answers to tokens they cannot use.
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
  const read = await flow.request(
    'the issued access token reads the profile: 200',
    'getProfile',
    profile(tokens.access),
    { status: 200 },
    true,
  )
  flow.verdict(
    "the access token's claims are the contract's: sub (the user's id), email, name, username, roles, demo, sid, iat, exp",
    claimsProblem(tokens.access, read),
    undefined,
    ['sign-in.access-token-claims'],
  )
  await sameCallElsewhere(flow, context, profile(tokens.access), read)
  const forged: Array<[string, string]> = [
    ['the same claims signed with another key: 401', await signedWithAnotherKey(tokens.access)],
    ['changed claims under the original signature: 401', withTamperedClaims(tokens.access)],
    ['alg: none, without a signature: 401', unsigned(tokens.access)],
  ]
  for (const [name, token] of forged)
    await flow.request(name, 'getProfile', profile(token), { status: 401, rules: [BAD_TOKEN] })

  // The address in capitals: the server compares it without case, so this is the same account.
  const capitals = { ...account.credentials, email: account.credentials.email.toUpperCase() }
  const signedOut = await signInStep(flow, 'sign in again, the address in capitals: 200', capitals)
  if (!signedOut) return flow.suite
  const claims = [claimsOf(tokens.access), claimsOf(signedOut.access)]
  const [first, second] = claims.map((each) => (typeof each === 'string' ? {} : each))
  if (capitals.email !== account.credentials.email)
    flow.verdict(
      'the address in capitals signed in the same user (sub)',
      first?.sub === second?.sub
        ? undefined
        : `sub ${String(second?.sub)}, not ${String(first?.sub)}`,
      undefined,
      ['sign-in.email-compared-case-insensitively'],
    )
  flow.verdict(
    'each sign-in is a session of its own (sid)',
    first?.sid !== undefined && first.sid !== second?.sid
      ? undefined
      : `both sign-ins carry sid ${String(second?.sid)}`,
    undefined,
    ['sign-in.access-token-claims'],
  )
  await flow.request(
    'sign out without a body: 204, nothing revoked',
    'signOut',
    {},
    { status: 204, rules: ['sign-out.without-a-token-answers-204', AUTH_CALLS] },
  )
  // The older wrapper sends the access token along: here the first session's, which must stay.
  await flow.request(
    "sign out with the refresh token (and another session's access token, as the older wrapper sends): 204",
    'signOut',
    { body: { refreshToken: signedOut.refresh }, token: tokens.access },
    { status: 204 },
    true,
  )
  await flow.request(
    `after sign-out the access token is refused: ${flow.route('getProfile')} 401`,
    'getProfile',
    profile(signedOut.access),
    { status: 401, rules: ['x-effects:signOut:revokes.session', REVOKED_SESSION, BAD_TOKEN] },
  )
  await flow.request(
    `after sign-out the access token is refused: ${flow.route('listEnvironments')} 401`,
    'listEnvironments',
    { token: signedOut.access },
    { status: 401, rules: ['x-effects:signOut:revokes.session', REVOKED_SESSION, BAD_TOKEN] },
  )
  await flow.request(
    'the session whose access token the sign-out carried still reads the profile: 200',
    'getProfile',
    profile(tokens.access),
    {
      status: 200,
      rules: ['sign-out.authorization-header-ignored', 'sign-out.without-a-token-answers-204'],
    },
  )
  await flow.request(
    'sign out again with the revoked refresh token: 204',
    'signOut',
    { body: { refreshToken: signedOut.refresh } },
    { status: 204, rules: ['sign-out.idempotent'] },
  )
  await flow.request(
    'refresh with a refresh token the server never issued: 401',
    'refreshToken',
    { body: { refreshToken: base64url.encode(randomBytes(36)) } },
    { status: 401, rules: ['refresh.unknown-token-answers-401'] },
  )
  await pastExpiry(flow, context, tokens)
  return flow.suite
}

/**
 * The profile read again: under the API's other prefix (`/api/v1` beside `/api`), and with the
 * older wrapper's headers; each answers what the first read did.
 */
async function sameCallElsewhere(
  flow: SuiteRecorder,
  context: RunContext,
  call: OperationCall,
  read: Answer | undefined,
): Promise<void> {
  const { apiPath } = context.target
  const other = context.contract.prefixes.find((prefix) => prefix !== apiPath)
  if (other === undefined)
    flow.skip('the same call under the other prefix', 'the contract states one prefix only')
  else {
    flow.sendTo({ ...context.target, apiPath: other })
    await flow.request(`the same call under ${other}: 200, the same profile`, 'getProfile', call, {
      status: 200,
      also: sameProfile(read),
      rules: ['api.v1-prefix-is-the-same-call'],
    })
    flow.sendTo(context.target)
  }
  await flow.request(
    "with the older wrapper's client type, client version and request timestamp headers: 200, the same profile",
    'getProfile',
    { ...call, headers: OLDER_WRAPPER_HEADERS },
    { status: 200, also: sameProfile(read), rules: ['api.unlisted-request-headers-ignored'] },
  )
}

/**
 * Tokens past their lifetime are refused: the access token (with the development clock moved on,
 * or by waiting when it lives at most --max-wait), and, with the clock only, the refresh token
 * (its lifetime is days).
 */
async function pastExpiry(flow: SuiteRecorder, context: RunContext, tokens: TokenPair) {
  const expiry = 'past its expiry the access token is refused: 401'
  const profile = { token: tokens.access }
  // The flow's own stub session has its own clock: moving it touches no other flow. On a shared
  // server a clock, were there one, would be every client's: it is moved only with stub sessions.
  if (!Number.isFinite(tokens.validSeconds)) {
    flow.skip(
      expiry,
      "the sign-in answer has no token_valid_seconds and the contract no x-lifetimes: the token's expiry is unknown",
    )
    return
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
      profile,
      { status: 401, rules: ['x-lifetimes:accessToken', BAD_TOKEN] },
    )
    await refreshTokenLifetime(flow, clock, tokens.refresh)
    await clock.setClockOffset(0).catch(() => undefined)
    return
  }
  // A refresh token lives days: without the development clock its end is out of reach, and the
  // access token's skip below already names the clock.
  const maxWait = context.target.maxWaitSeconds ?? 0
  if (tokens.validSeconds > maxWait) {
    flow.skip(
      expiry,
      `an expired token needs the development clock (POST /__dev/clock) or access tokens that live at most --max-wait ${maxWait} s; this target's live ${tokens.validSeconds} s (token_valid_seconds)`,
    )
    return
  }
  const until = (at: number) =>
    new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())))
  await until(tokens.receivedAt + tokens.validSeconds * 1000 + EXPIRY_MARGIN_MS)
  // Servers may allow some clock skew past `exp` (Spring's 60 s, for one): a token still taken is
  // asked again once the rest of --max-wait has passed, and judged then.
  const lastChance = tokens.receivedAt + maxWait * 1000 + EXPIRY_MARGIN_MS
  if (Date.now() < lastChance && (await flow.raw('getProfile', profile)).status === 200)
    await until(lastChance)
  await flow.request(
    `${expiry} (waited for its ${tokens.validSeconds} s lifetime to pass)`,
    'getProfile',
    profile,
    { status: 401, rules: ['x-lifetimes:accessToken', BAD_TOKEN] },
  )
}

const REFRESH_EXPIRY = 'the refresh token is taken until its lifetime ends, and refused after it'

/**
 * The refresh token's lifetime (`x-lifetimes`), both ways: a minute short of it the token is
 * taken, and the one it rotated to is refused a minute past its own.
 */
async function refreshTokenLifetime(
  flow: SuiteRecorder,
  clock: ReturnType<typeof devClientOf>,
  refresh: string,
): Promise<void> {
  const lifetime = rulesOf(flow.contract).lifetimes?.refreshToken
  if (lifetime === undefined) {
    flow.skip(REFRESH_EXPIRY, 'the contract states no x-lifetimes')
    return
  }
  const rules = ['x-lifetimes:refreshToken']
  await clock.setClockOffset(lifetime - 60)
  const renewed = await flow.request(
    `a refresh token ${lifetime - 60} s old (a minute short of its lifetime) is taken: 200`,
    'refreshToken',
    { body: { refreshToken: refresh } },
    { status: 200, rules },
  )
  const rotated = field(renewed, 'refresh_token')
  if (typeof rotated !== 'string') return
  await clock.setClockOffset(2 * lifetime)
  await flow.request(
    `the refresh token it rotated to, ${lifetime + 60} s old (a minute past its lifetime): 401`,
    'refreshToken',
    { body: { refreshToken: rotated } },
    { status: 401, rules },
  )
}

export const TOKEN_FLOWS: Flow[] = [{ id: 'tokens', run: tokensFlow }]
