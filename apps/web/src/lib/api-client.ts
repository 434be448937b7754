import { createApiClient } from '@devenv/api-client'
import { env } from '../config/env'
import { getAccessToken, getRefreshToken, loadSessionRuntime, setTokens } from './session'

/**
 * The site's one API client: same origin ('' base), so nginx or the dev server forwards /api.
 * A 401 is cured by the session runtime's refresh (one at a time across tabs, decision 2); the
 * runtime is fetched only then, so a signed-out page that logs a page view never loads it.
 */
export const api = createApiClient({
  baseUrl: env.apiBaseUrl,
  timeoutMs: env.apiTimeoutMs,
  clientVersion: env.appVersion,
  tokens: { getAccessToken, getRefreshToken, setTokens },
  refreshTokens: () => loadSessionRuntime().then((runtime) => runtime.refreshSession()),
  onSessionExpired: () => void loadSessionRuntime().then((runtime) => runtime.sessionExpired()),
})
