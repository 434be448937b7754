import { STORAGE_KEYS } from '@devenv/domain/session'
import { useSyncExternalStore } from 'react'

/** The signed-in user, read from the access token's claims (the spec's entity). */
export type SessionUser = {
  id: string
  email: string | null
  name: string | null
  username: string | null
  roles: string[]
  demo: boolean
}

export type Session = { isAuthenticated: boolean; user: SessionUser | null }

const SIGNED_OUT: Session = { isAuthenticated: false, user: null }
const listeners = new Set<() => void>()
let cached: { token: string | null; session: Session } | null = null

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')
  const bytes = Uint8Array.from(atob(padded), (character) => character.charCodeAt(0))
  return new TextDecoder().decode(bytes)
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null

/** The claims of a JWT, unverified: the server verifies; the client only greets and gates UI. */
export function userFromToken(token: string): SessionUser | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const claims = JSON.parse(decodeBase64Url(payload)) as Record<string, unknown>
    return {
      id: text(claims.sub) ?? '',
      email: text(claims.email),
      name: text(claims.name),
      username: text(claims.username),
      roles: Array.isArray(claims.roles)
        ? claims.roles.filter((role) => typeof role === 'string')
        : [],
      demo: claims.demo === true,
    }
  } catch {
    return null
  }
}

export function getSession(): Session {
  const token = storage()?.getItem(STORAGE_KEYS.accessToken) ?? null
  if (cached && cached.token === token) return cached.session
  const session: Session = token
    ? { isAuthenticated: true, user: userFromToken(token) }
    : SIGNED_OUT
  cached = { token, session }
  return session
}

export function getAccessToken(): string | null {
  return storage()?.getItem(STORAGE_KEYS.accessToken) ?? null
}

export function getRefreshToken(): string | null {
  return storage()?.getItem(STORAGE_KEYS.refreshToken) ?? null
}

export function getTokenValidSeconds(): string | null {
  return storage()?.getItem(STORAGE_KEYS.tokenValidSeconds) ?? null
}

export function notifySessionChanged(): void {
  for (const listener of listeners) listener()
}

export function setTokens(tokens: {
  accessToken: string
  refreshToken: string
  tokenValidSeconds: number
}): void {
  const store = storage()
  store?.setItem(STORAGE_KEYS.accessToken, tokens.accessToken)
  store?.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken)
  store?.setItem(STORAGE_KEYS.tokenValidSeconds, String(tokens.tokenValidSeconds))
  notifySessionChanged()
}

/** Forgets the tokens; the auth issue adds the logout call and the refresh timer. */
export function clearSession(): void {
  const store = storage()
  store?.removeItem(STORAGE_KEYS.accessToken)
  store?.removeItem(STORAGE_KEYS.refreshToken)
  store?.removeItem(STORAGE_KEYS.tokenValidSeconds)
  notifySessionChanged()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  // Another tab signing in or out changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.accessToken) listener()
  }
  globalThis.addEventListener?.('storage', onStorage)
  return () => {
    listeners.delete(listener)
    globalThis.removeEventListener?.('storage', onStorage)
  }
}

// Prerendered pages are the signed-out view; a signed-in visitor's view follows hydration.
const serverSession = (): Session => SIGNED_OUT

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, serverSession)
}

/** What the router's guards read (the `auth` of the router context). */
export type AuthContext = { isAuthenticated: () => boolean }
export const authContext: AuthContext = { isAuthenticated: () => getSession().isAuthenticated }
