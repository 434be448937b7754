import type { StubContext } from '../context'
import { ApiError } from '../contract/errors'
import { API_MESSAGES } from '../contract/messages'
import type { CoreRequest } from '../request'
import { isSessionActive } from '../state/sessions'

const BEARER = /^Bearer[ ]+([^\s]+)\s*$/i

/** Resolves the bearer token of a protected operation, or answers 401 as the contract says. */
export async function authenticate(request: CoreRequest, ctx: StubContext): Promise<void> {
  const header = request.headers.authorization
  const token = header ? BEARER.exec(header)?.[1] : undefined
  if (!token) throw new ApiError(401, 'UNAUTHORIZED', API_MESSAGES.authenticationRequired)
  const store = request.store
  const check = await ctx.tokens.verifyAccessToken(token, store.now())
  if (!check.ok) {
    throw check.reason === 'expired'
      ? new ApiError(401, 'TOKEN_EXPIRED', API_MESSAGES.tokenExpired)
      : new ApiError(401, 'TOKEN_INVALID', API_MESSAGES.tokenInvalid)
  }
  const account = store.accounts.get(check.claims.sub)
  if (!account || !isSessionActive(store, check.claims.sid, account.id)) {
    throw new ApiError(401, 'TOKEN_INVALID', API_MESSAGES.sessionRevoked)
  }
  request.account = account
  request.claims = check.claims
}

/** The account of a protected operation (authenticated before its handler runs). */
export function signedInAccount(request: CoreRequest) {
  if (!request.account) throw new ApiError(401, 'UNAUTHORIZED', API_MESSAGES.authenticationRequired)
  return request.account
}
