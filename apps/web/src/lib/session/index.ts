// The session as the rest of the site sees it: the stored tokens and user, and the runtime's loader.
export { loadSessionRuntime, useSessionRuntime } from './load-runtime'
export {
  type AuthContext,
  authContext,
  getAccessToken,
  getRefreshToken,
  getSession,
  getTokenValidSeconds,
  type Session,
  type SessionUser,
  useSession,
} from './store'
