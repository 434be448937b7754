import { createApiClient } from '@devenv/api-client'
import { env } from '../config/env'
import { clearSession, getAccessToken, getRefreshToken, setTokens } from './session'

/** The site's one API client: same origin ('' base), so nginx or the dev server forwards /api. */
export const api = createApiClient({
  baseUrl: env.apiBaseUrl,
  timeoutMs: env.apiTimeoutMs,
  clientVersion: env.appVersion,
  tokens: { getAccessToken, getRefreshToken, setTokens },
  onSessionExpired: clearSession,
})
