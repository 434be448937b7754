import { type ApiClient, createApiClient } from '@devenv/api-client'
import { env } from '../config/env'
import { getAccessToken, getRefreshToken, setTokens } from './session/store'

/** What the site's API clients ask of the session: renew the pair on a 401, or end it. */
export type SessionHooks = {
  refreshTokens(): Promise<boolean>
  onSessionExpired(): void
}

/**
 * An API client as the site makes them: same origin ('' base), so nginx or the dev server
 * forwards /api, and the session's tokens. The pages' one client is `api-client.ts`; the session
 * runtime makes its own with itself as the hooks, so neither module imports the other.
 */
export function createSiteApi(session: SessionHooks): ApiClient {
  return createApiClient({
    baseUrl: env.apiBaseUrl,
    timeoutMs: env.apiTimeoutMs,
    clientVersion: env.appVersion,
    tokens: { getAccessToken, getRefreshToken, setTokens },
    refreshTokens: () => session.refreshTokens(),
    onSessionExpired: () => session.onSessionExpired(),
  })
}
