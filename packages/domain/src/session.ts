import { isFiniteNumber } from './numbers'

export const TOKEN_REFRESH_LEAD_MS = 30_000
export const API_TIMEOUT_MS = 10_000

/** Browser storage keys; `legacyAuthToken` is only ever read once and removed (SESSION-2). */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  tokenValidSeconds: 'token_valid_seconds',
  /** When this browser received the stored tokens (ms since the epoch, the browser's clock). */
  tokensReceivedAt: 'token_received_at',
  legacyAuthToken: 'authToken',
  theme: 'preferred-theme',
  locale: 'preferred-locale',
  loginLock: 'login-lock',
  securityLog: 'security-log',
} as const

/** When the access token stops being valid, in ms since the epoch. */
export function tokenExpiresAt(tokenValidSeconds: number, issuedAt: number): number {
  return issuedAt + tokenValidSeconds * 1000
}

/** Wait until 30 s before the token ends; zero means refresh now. */
export function refreshDelayMs(tokenValidSeconds: number, issuedAt: number, now: number): number {
  const delay = tokenExpiresAt(tokenValidSeconds, issuedAt) - TOKEN_REFRESH_LEAD_MS - now
  return Number.isFinite(delay) ? Math.max(0, delay) : 0
}

/**
 * When the stored tokens began their validity, for the refresh schedule: the moment this browser
 * received them (immune to a server clock that differs from the browser's), else the access
 * token's `iat` claim in seconds (tokens stored by someone else), else null: refresh now.
 */
export function tokensIssuedAt(receivedAt: string | null, issuedAtClaim: unknown): number | null {
  // Number() reads a missing or blank value as 0, which is no moment either.
  const received = Number(receivedAt)
  if (Number.isFinite(received) && received > 0) return received
  if (isFiniteNumber(issuedAtClaim) && issuedAtClaim > 0) return issuedAtClaim * 1000
  return null
}

export type SingleSignOnTokens = {
  accessToken: string | null | undefined
  refreshToken: string | null | undefined
  tokenValidSeconds: number | string | null | undefined
}

/** The admin panel address with the tokens, URL-encoded; null without an access token. */
export function singleSignOnUrl(adminPanelUrl: string, tokens: SingleSignOnTokens): string | null {
  if (!tokens.accessToken) return null
  const query = [
    `token=${encodeURIComponent(tokens.accessToken)}`,
    `refresh=${encodeURIComponent(tokens.refreshToken ?? '')}`,
    `token_valid_seconds=${encodeURIComponent(String(tokens.tokenValidSeconds ?? ''))}`,
  ].join('&')
  const [base, hash] = splitHash(adminPanelUrl)
  return `${base}${querySeparator(base)}${query}${hash}`
}

function querySeparator(base: string): string {
  if (!base.includes('?')) return '?'
  return base.endsWith('?') || base.endsWith('&') ? '' : '&'
}

function splitHash(url: string): [string, string] {
  const index = url.indexOf('#')
  return index === -1 ? [url, ''] : [url.slice(0, index), url.slice(index)]
}

export type GreetedUser = { name?: string | null; email?: string | null }

/** The bar greets by name, else e-mail; null means the catalogue's word 'User' (nav.user). */
export function greetingName(user: GreetedUser | null | undefined): string | null {
  const name = user?.name?.trim()
  if (name) return name
  const email = user?.email?.trim()
  return email ? email : null
}
