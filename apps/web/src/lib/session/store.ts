import type { TokenPair } from '@devenv/api-client'
import { STORAGE_KEYS } from '@devenv/domain/session'
import { useSyncExternalStore } from 'react'

/**
 * The session as every page sees it: tokens in browser storage and the user they belong to. This
 * module is in every page's first load, so it only reads and writes storage; the runtime (profile,
 * refresh schedule, tabs, sign-out) is `runtime.ts`, loaded once there is a session. The page's
 * one store is `app-session.ts`; a test makes its own with `createSessionStore`.
 */

/** The signed-in user: the access token's claims, then the profile (SESSION-1). */
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

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')
  const bytes = Uint8Array.from(atob(padded), (character) => character.charCodeAt(0))
  return new TextDecoder().decode(bytes)
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null

/** A JWT's claims, unverified: the server verifies; the client only greets and gates UI. */
export function tokenClaims(token: string): Record<string, unknown> | null {
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(token.split('.')[1] ?? ''))
    return typeof claims === 'object' && claims !== null
      ? (claims as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

export function userFromToken(token: string): SessionUser | null {
  const claims = tokenClaims(token)
  if (!claims) return null
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
}

/** What the router's guards read (the `auth` of the router context). */
export type AuthContext = { isAuthenticated: () => boolean }

/** The session's storage, its user and its listeners: one per page, made by the app. */
export type SessionStore = {
  getSession(): Session
  getAccessToken(): string | null
  getRefreshToken(): string | null
  getTokenValidSeconds(): string | null
  getTokensReceivedAt(): string | null
  /** Stores a token pair (sign-in or refresh) with the moment it arrived, for the schedule. */
  setTokens(tokens: TokenPair): void
  /** Forgets the tokens (the runtime also stops the refresh timer and calls the server). */
  clearSession(): void
  /** The user of the profile call, set by the runtime from the query cache (SESSION-1). */
  setProfileUser(user: SessionUser | null): void
  /** Calls the listener on every change, this tab's or another's; answers the unsubscribe. */
  subscribe(listener: () => void): () => void
  /** The session; its user is the profile once the runtime has it (and follows its updates). */
  useSession(): Session
  auth: AuthContext
}

export type SessionStoreOptions = {
  /** Where the tokens live (default: the browser's localStorage; null where it is refused). */
  storage?: (() => Storage | null) | undefined
}

const browserStorage = (): Storage | null => globalThis.localStorage ?? null

// Prerendered pages are the signed-out view; a signed-in visitor's view follows hydration.
const serverSession = (): Session => SIGNED_OUT

export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  const readStorage = options.storage ?? browserStorage
  const listeners = new Set<() => void>()
  let cached: { token: string | null; profile: SessionUser | null; session: Session } | null = null
  let legacyChecked = false
  let profileUser: SessionUser | null = null

  const storage = (): Storage | null => {
    try {
      const store = readStorage()
      if (store && !legacyChecked) {
        legacyChecked = true
        // SESSION-2: the older `authToken` is read once, adopted without an access token, removed.
        const legacy = store.getItem(STORAGE_KEYS.legacyAuthToken)
        if (legacy !== null) {
          if (!store.getItem(STORAGE_KEYS.accessToken) && legacy.trim() !== '')
            store.setItem(STORAGE_KEYS.accessToken, legacy)
          store.removeItem(STORAGE_KEYS.legacyAuthToken)
        }
      }
      return store
    } catch {
      return null
    }
  }
  const read = (key: string): string | null => storage()?.getItem(key) ?? null
  const notify = () => {
    for (const listener of listeners) listener()
  }

  const getAccessToken = () => read(STORAGE_KEYS.accessToken)

  const getSession = (): Session => {
    const token = getAccessToken()
    if (cached && cached.token === token && cached.profile === profileUser) return cached.session
    let session = SIGNED_OUT
    if (token) {
      const claimed = userFromToken(token)
      // A profile of another account (a sign-in in another tab) never greets this one.
      const user = profileUser && profileUser.id === claimed?.id ? profileUser : claimed
      session = { isAuthenticated: true, user }
    }
    cached = { token, profile: profileUser, session }
    return session
  }

  const subscribe = (listener: () => void): (() => void) => {
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

  return {
    getSession,
    getAccessToken,
    getRefreshToken: () => read(STORAGE_KEYS.refreshToken),
    getTokenValidSeconds: () => read(STORAGE_KEYS.tokenValidSeconds),
    getTokensReceivedAt: () => read(STORAGE_KEYS.tokensReceivedAt),
    setTokens(tokens) {
      const store = storage()
      store?.setItem(STORAGE_KEYS.accessToken, tokens.accessToken)
      store?.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken)
      store?.setItem(STORAGE_KEYS.tokenValidSeconds, String(tokens.tokenValidSeconds))
      store?.setItem(STORAGE_KEYS.tokensReceivedAt, String(Date.now()))
      notify()
    },
    clearSession() {
      const store = storage()
      store?.removeItem(STORAGE_KEYS.accessToken)
      store?.removeItem(STORAGE_KEYS.refreshToken)
      store?.removeItem(STORAGE_KEYS.tokenValidSeconds)
      store?.removeItem(STORAGE_KEYS.tokensReceivedAt)
      notify()
    },
    setProfileUser(user) {
      if (user === profileUser) return
      profileUser = user
      notify()
    },
    subscribe,
    useSession: () => useSyncExternalStore(subscribe, getSession, serverSession),
    auth: { isAuthenticated: () => getSession().isAuthenticated },
  }
}
