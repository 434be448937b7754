import { toBase64Url } from '../platform/bytes'
import type { AccessClaims, TokenService } from '../security/tokens'
import { digest } from '../security/tokens'
import type { Account, RefreshTokenRecord, SignInSession } from './records'
import type { StubStore } from './store'

const REFRESH_TOKEN_BYTES = 32

/** The contract's `TokenPair`. */
export type TokenPair = {
  access_token: string
  refresh_token: string
  token_valid_seconds: number
}

export type RefreshOutcome =
  | { ok: true; pair: TokenPair }
  | { ok: false; code: 'REFRESH_TOKEN_INVALID' | 'REFRESH_TOKEN_REUSED' }

export function displayName(account: Account): string {
  return `${account.firstName} ${account.lastName}`.trim()
}

export function claimsOf(account: Account, sessionId: string): Omit<AccessClaims, 'iat' | 'exp'> {
  return {
    sub: account.id,
    email: account.email,
    name: displayName(account),
    username: account.email,
    roles: [...account.roles],
    demo: account.demo,
    sid: sessionId,
  }
}

/** Access tokens live at most a day (TOKEN_VALID_SECONDS <= 86400). */
const LONGEST_ACCESS_MS = 24 * 60 * 60 * 1000

/**
 * Used refresh tokens a session keeps for reuse detection, the newest ones: a stolen token is
 * replayed soon after the theft, and 16 rotations are hours of the site's refreshing (one per
 * access token). An older one presented again answers as unknown (401) without revoking.
 */
export const USED_TOKENS_PER_SESSION = 16

// Expired tokens and spent sessions are swept when the token table has doubled since the last
// sweep (amortised O(1) per pair): a sweep of every token on each new pair made one session's
// refresh loop slower with every refresh.
const FIRST_SWEEP_AT = 1024

// A session with no refresh token left and no access token still alive can never be used again.
function sweepExpired(store: StubStore, now: number): void {
  const alive = new Set<string>()
  for (const [key, token] of store.refreshTokens) {
    if (token.expiresAt <= now) store.refreshTokens.delete(key)
    else alive.add(token.sessionId)
  }
  for (const [id, session] of store.sessions) {
    if (alive.has(id) || now - session.createdAt <= LONGEST_ACCESS_MS) continue
    store.sessions.delete(id)
    store.usedRefreshTokens.delete(id)
  }
  store.refreshTokenSweepAt = Math.max(FIRST_SWEEP_AT, store.refreshTokens.size * 2)
}

/** A refresh token spent by rotation: kept for reuse detection, the session's oldest used one dropped. */
function spend(store: StubStore, record: RefreshTokenRecord, now: number): void {
  record.usedAt = now
  const used = store.usedRefreshTokens.get(record.sessionId) ?? []
  used.push(record.digest)
  while (used.length > USED_TOKENS_PER_SESSION) {
    const oldest = used.shift()
    if (oldest !== undefined) store.refreshTokens.delete(oldest)
  }
  store.usedRefreshTokens.set(record.sessionId, used)
}

/** The refresh token of a presented secret; an expired one is as good as unknown, swept or not. */
function liveRecord(store: StubStore, presented: string, now: number) {
  const record = store.refreshTokens.get(digest(presented))
  return record && record.expiresAt > now ? record : undefined
}

async function issuePair(
  store: StubStore,
  tokens: TokenService,
  account: Account,
  session: SignInSession,
): Promise<TokenPair> {
  const now = store.now()
  if (store.refreshTokens.size >= store.refreshTokenSweepAt) sweepExpired(store, now)
  const refreshToken = toBase64Url(store.randomBytes(REFRESH_TOKEN_BYTES))
  store.refreshTokens.set(digest(refreshToken), {
    digest: digest(refreshToken),
    sessionId: session.id,
    expiresAt: now + tokens.refreshValidSeconds * 1000,
    usedAt: null,
  })
  return {
    access_token: await tokens.issueAccessToken(claimsOf(account, session.id), now),
    refresh_token: refreshToken,
    token_valid_seconds: tokens.validSeconds,
  }
}

/** A successful sign-in: a new session (the token family) and its first pair. */
export async function startSession(
  store: StubStore,
  tokens: TokenService,
  account: Account,
): Promise<TokenPair> {
  const session: SignInSession = {
    id: store.newId(),
    accountId: account.id,
    createdAt: store.now(),
    revokedAt: null,
  }
  store.sessions.set(session.id, session)
  return issuePair(store, tokens, account, session)
}

function revoke(session: SignInSession, now: number): void {
  if (session.revokedAt === null) session.revokedAt = now
}

/** Rotation: a refresh token works once; presenting a used one revokes its whole family. */
export async function rotateRefreshToken(
  store: StubStore,
  tokens: TokenService,
  presented: string,
): Promise<RefreshOutcome> {
  const now = store.now()
  const record = liveRecord(store, presented, now)
  const session = record ? store.sessions.get(record.sessionId) : undefined
  const account = session ? store.accounts.get(session.accountId) : undefined
  if (!record || !session || !account) return { ok: false, code: 'REFRESH_TOKEN_INVALID' }
  if (record.usedAt !== null) {
    revoke(session, now)
    return { ok: false, code: 'REFRESH_TOKEN_REUSED' }
  }
  if (session.revokedAt !== null) return { ok: false, code: 'REFRESH_TOKEN_INVALID' }
  spend(store, record, now)
  return { ok: true, pair: await issuePair(store, tokens, account, session) }
}

/**
 * Sign-out: revokes the session of a refresh token, if there is one (idempotent). Its used tokens
 * are forgotten: a signed-out session's tokens all answer 401 alike, and a session per visit
 * would otherwise leave them for their 7 days.
 */
export function signOutWith(store: StubStore, presented: string): void {
  const now = store.now()
  const record = liveRecord(store, presented, now)
  const session = record ? store.sessions.get(record.sessionId) : undefined
  if (!session) return
  revoke(session, now)
  for (const used of store.usedRefreshTokens.get(session.id) ?? []) store.refreshTokens.delete(used)
  store.usedRefreshTokens.delete(session.id)
}

/** Every session of an account ends (a password set from a reset link). */
export function revokeSessionsOf(store: StubStore, accountId: string): void {
  const now = store.now()
  for (const session of store.sessions.values()) {
    if (session.accountId === accountId) revoke(session, now)
  }
}

export function isSessionActive(store: StubStore, sessionId: string, accountId: string): boolean {
  const session = store.sessions.get(sessionId)
  return session !== undefined && session.accountId === accountId && session.revokedAt === null
}
