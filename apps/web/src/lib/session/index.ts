// The session as the rest of the site sees it: the page's store, and the runtime's loader.
import { sessionStore } from './app-session'

export { useSession } from './app-session'
export { loadSessionRuntime, useSessionRuntime } from './load-runtime'
export type { AuthContext, Session, SessionUser } from './store'

export const { getAccessToken, getRefreshToken, getSession, getTokenValidSeconds } = sessionStore
/** What the router's guards read (the `auth` of the router context). */
export const authContext = sessionStore.auth
