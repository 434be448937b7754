import { isJsonObject, operationOf, routeOf } from '@devenv/openapi'
import { decodeJwt } from 'jose'
import type { Answer, OperationCall } from '../../http'
import type { Suite } from '../../report'
import type { RunContext } from '../context'
import {
  codeIs,
  type Flow,
  field,
  flowAccount,
  isolated,
  NO_ACCOUNT,
  recorderOf,
  type TokenPair,
} from './support'

const SAME_SIGN_IN = 'legacy.sign-in-same-as-sign-in'
const SAME_REFRESH = 'legacy.refresh-same-as-refresh'

/** legacyVerifyToken's `user` is the token's claims: `id` its `sub`, and the same e-mail. */
const userOfClaims = (token: string) => (answer: Answer) => {
  const user = field(answer, 'user')
  const claims = decodeJwt(token)
  if (!isJsonObject(user)) return 'no user in the answer'
  if (user.id !== claims.sub) return `user.id is ${String(user.id)}, the token's sub ${claims.sub}`
  if (user.email !== claims.email)
    return `user.email is ${String(user.email)}, the token's email claim ${String(claims.email)}`
  return undefined
}

/**
 * The deprecated paths get the flows of their live twins ("same answers and semantics"): sign-in
 * on legacySignIn's, refresh rotation and reuse detection on legacyRefreshToken's, and
 * legacyVerifyToken refusing a token once its session is signed out.
 */
async function deprecatedPathsFlow(run: RunContext): Promise<Suite> {
  const context = isolated(run, 'deprecated')
  const legacySignIn = operationOf(context.contract, 'legacySignIn')
  const renewal = operationOf(context.contract, 'legacyRefreshToken')
  const verification = operationOf(context.contract, 'legacyVerifyToken')
  const flow = recorderOf(
    context,
    `deprecated paths: ${legacySignIn.path}, ${renewal.path} rotation and reuse, ${verification.path} after sign-out`,
  )
  const account = await flowAccount(flow, context, 'deprecated', context.credentials)
  if (!account) {
    flow.skip('sign in, refresh and verify on the deprecated paths', NO_ACCOUNT)
    return flow.suite
  }
  const { credentials } = account
  const signIn = async (name: string): Promise<TokenPair | undefined> => {
    const answer = await flow.request(
      name,
      'legacySignIn',
      { body: credentials },
      { status: 200, rules: [SAME_SIGN_IN] },
    )
    const access = field(answer, 'access_token')
    const refresh = field(answer, 'refresh_token')
    return typeof access === 'string' && typeof refresh === 'string'
      ? {
          access,
          refresh,
          validSeconds: Number(field(answer, 'token_valid_seconds')),
          receivedAt: Date.now(),
        }
      : undefined
  }
  const refresh = (refreshToken: string): OperationCall => ({ body: { refreshToken } })
  const verify = (token: string): OperationCall => ({ token })

  await flow.request(
    `${routeOf(legacySignIn)} with a wrong password: 401`,
    'legacySignIn',
    { body: { email: credentials.email, password: `${credentials.password}-wrong` } },
    { status: 401, rules: [SAME_SIGN_IN] },
  )
  const first = await signIn(`${routeOf(legacySignIn)}: 200 with a token pair`)
  if (!first) return flow.suite
  await flow.request(
    `${routeOf(verification)} with the access token: 200, the user of its claims`,
    'legacyVerifyToken',
    verify(first.access),
    {
      status: 200,
      also: userOfClaims(first.access),
      rules: ['legacy.verify-answers-the-token-user'],
    },
  )
  const rotated = await flow.request(
    `${routeOf(renewal)}: 200 with a new refresh token`,
    'legacyRefreshToken',
    refresh(first.refresh),
    {
      status: 200,
      also: (answer) =>
        field(answer, 'refresh_token') !== first.refresh
          ? undefined
          : 'the refresh token did not rotate',
      rules: ['refresh.rotates-the-pair', SAME_REFRESH],
    },
  )
  await flow.request(
    `the old refresh token again on ${renewal.path}: 401 REFRESH_TOKEN_REUSED`,
    'legacyRefreshToken',
    refresh(first.refresh),
    {
      status: 401,
      also: codeIs('REFRESH_TOKEN_REUSED'),
      rules: ['refresh.reuse-answers-refresh-token-reused', SAME_REFRESH],
    },
  )
  await flow.request(
    `reuse revoked the family: the rotated refresh token is refused on ${renewal.path} (401)`,
    'legacyRefreshToken',
    refresh(String(field(rotated, 'refresh_token'))),
    { status: 401, rules: ['refresh.reuse-revokes-the-session', SAME_REFRESH] },
  )
  const second = await signIn(`${routeOf(legacySignIn)} again: 200`)
  if (!second) return flow.suite
  await flow.request(
    'sign out with the refresh token: 204',
    'signOut',
    { body: { refreshToken: second.refresh } },
    { status: 204 },
  )
  await flow.request(
    `after sign-out ${routeOf(verification)} refuses the access token: 401`,
    'legacyVerifyToken',
    verify(second.access),
    {
      status: 401,
      rules: [
        'x-effects:signOut:revokes.session',
        'api.revoked-session-access-token-answers-401',
        'legacy.verify-refuses-a-bad-token',
      ],
    },
  )
  return flow.suite
}

export const DEPRECATED_FLOWS: Flow[] = [{ id: 'deprecated', run: deprecatedPathsFlow }]
