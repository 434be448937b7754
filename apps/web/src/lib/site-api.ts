import { type ApiClient, createApiClient } from '@devenv/api-client'
import { env } from '../config/env'
import { sessionStore } from './session/app-session'
import type { SessionStore } from './session/store'

/** What the site's API clients ask of the session: renew the pair on a 401, or end it. */
export type SessionHooks = {
  refreshTokens(): Promise<boolean>
  onSessionExpired(): void
}

/**
 * An API client as the site makes them: same origin ('' base), so nginx or the dev server
 * forwards /api, and the session's tokens. The pages' one client is `api-client.ts`; the session
 * runtime makes its own with itself as the hooks, so neither module imports the other. The tokens
 * are the page's store's unless a store is given (the runtime's own).
 */
export function createSiteApi(
  session: SessionHooks,
  store: SessionStore = sessionStore,
): ApiClient {
  return createApiClient({
    baseUrl: env.apiBaseUrl,
    timeoutMs: env.apiTimeoutMs,
    clientVersion: env.appVersion,
    tokens: {
      getAccessToken: store.getAccessToken,
      getRefreshToken: store.getRefreshToken,
      setTokens: store.setTokens,
    },
    refreshTokens: () => session.refreshTokens(),
    onSessionExpired: () => session.onSessionExpired(),
  })
}
