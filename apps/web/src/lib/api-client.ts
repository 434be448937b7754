import { loadSessionRuntime } from './session/load-runtime'
import { createSiteApi } from './site-api'

/**
 * The site's one API client for the pages. A 401 is cured by the session runtime's refresh (one
 * at a time across tabs, SESSION-6); the runtime is fetched only then, so a signed-out page that
 * logs a page view never loads it.
 */
export const api = createSiteApi({
  refreshTokens: () => loadSessionRuntime().then((runtime) => runtime.refreshSession()),
  onSessionExpired: () => void loadSessionRuntime().then((runtime) => runtime.sessionExpired()),
})
