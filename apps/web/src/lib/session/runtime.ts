import { type ApiClient, type components, dataOf, tokenPairOf } from '@devenv/api-client'
import { profileQueryOptions, queryKeys } from '@devenv/api-client/query'
import { refreshDelayMs, STORAGE_KEYS, tokensIssuedAt } from '@devenv/domain/session'
import type { RegisteredRouter } from '@tanstack/react-router'
import { createSiteApi, type SessionHooks } from '../site-api'
import { sessionStore } from './app-session'
import { createLeadership } from './leadership'
import { createRefreshCoordinator } from './refresh-coordinator'
import { createSessionEnd } from './session-end'
import { type SessionStore, type SessionUser, tokenClaims } from './store'

/**
 * The session's behaviour (SESSION-1 to SESSION-7): start-up, the refresh schedule, the
 * profile, the browser's tabs; made of the refresh coordinator, the cross-tab leadership and the
 * session's end. Loaded only once there is a session (see `load-runtime.ts`), one per page.
 */

export type Profile = components['schemas']['Profile']

export type SessionRuntime = {
  /** Gives the runtime the router (and its query cache); starts the stored session if there is one. */
  attachSession(router: RegisteredRouter): void
  /** A successful sign-in: the new pair, its schedule and the profile of (maybe) another account. */
  signedIn(router: RegisteredRouter, pair: Parameters<SessionStore['setTokens']>[0]): void
  /**
   * Renews the token pair: one refresh in flight in this tab, one at a time across tabs. Used by
   * the schedule and by the API client on a 401; answers whether the session has fresh tokens now.
   */
  refreshSession(): Promise<boolean>
  /** The session could not be renewed (or its start-up failed): sign out, say so, offer sign-in. */
  sessionExpired(): void
  /** Log out: the call (its failure only logged), tokens and timer cleared, the notice, home. */
  logOut(): void
  /** Ends the session without a word or a navigation (a failed sign-in clears the session). */
  discardSession(): void
}

export type SessionRuntimeOptions = {
  /** The session's tokens and user (default: the page's store). */
  store?: SessionStore | undefined
  /** The runtime's API client, given the runtime's own hooks (default: the site's client). */
  createApi?: ((session: SessionHooks, store: SessionStore) => ApiClient) | undefined
  /** Web Locks (default: the browser's, where it has them). */
  locks?: (() => LockManager | undefined) | undefined
  /** Stops the runtime: its listeners, timer and leadership (the page's life otherwise). */
  signal?: AbortSignal | undefined
}

// setTimeout keeps at most a 32-bit delay.
const LONGEST_TIMER_MS = 2_147_483_647

function subjectOf(accessToken: string | null): string {
  const subject = accessToken ? tokenClaims(accessToken)?.sub : null
  return typeof subject === 'string' ? subject : ''
}

/** Milliseconds until the stored tokens should be renewed; 0 means now. */
export function currentRefreshDelay(store: SessionStore): number {
  const accessToken = store.getAccessToken()
  if (!accessToken) return 0
  const issuedAt = tokensIssuedAt(store.getTokensReceivedAt(), tokenClaims(accessToken)?.iat)
  if (issuedAt === null) return 0
  return refreshDelayMs(Number(store.getTokenValidSeconds()), issuedAt, Date.now())
}

/** The profile's answer replaces the claims (SESSION-1); empty names leave the e-mail to greet. */
export function userFromProfile(profile: Profile): SessionUser {
  const name = `${profile.firstName} ${profile.lastName}`.trim()
  return {
    id: profile.id,
    email: profile.email,
    name: name === '' ? null : name,
    username: profile.username,
    roles: [...profile.roles],
    demo: profile.demo,
  }
}

const queryClientOf = (router: RegisteredRouter) => router.options.context.queryClient

/**
 * The greeting follows the profile in the query cache, whoever writes it: the start-up fetch, or a
 * page that saved the profile and put the answer there (`setQueryData(queryKeys.profile, …)`).
 */
function followProfile(
  router: RegisteredRouter,
  setProfileUser: (user: SessionUser | null) => void,
): () => void {
  const queryClient = queryClientOf(router)
  let published: Profile | undefined | null = null
  // Only a new answer is news: the cache also reports observers and options coming and going,
  // and a new user object for each of those would re-render every reader of the session.
  const publish = () => {
    const profile = queryClient.getQueryData<Profile>(queryKeys.profile)
    if (profile === published) return
    published = profile
    setProfileUser(profile ? userFromProfile(profile) : null)
  }
  publish()
  // The key is a plain array of strings, whose query hash is its JSON (TanStack's hashKey).
  const profileHash = JSON.stringify(queryKeys.profile)
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === profileHash) publish()
  })
}

export function createSessionRuntime(options: SessionRuntimeOptions = {}): SessionRuntime {
  const { signal } = options
  const store = options.store ?? sessionStore
  const { getAccessToken, getRefreshToken, setTokens } = store
  const locks = options.locks ?? (() => globalThis.navigator?.locks)
  const api = (options.createApi ?? createSiteApi)(
    {
      refreshTokens: () => refresh.refresh(),
      onSessionExpired: () => end.expired(),
    },
    store,
  )

  let router: RegisteredRouter | null = null
  let stopFollowingProfile: (() => void) | null = null
  let listening = false
  /** The account whose session runs in this tab (null: none started here). */
  let runningFor: string | null = null
  let timer: ReturnType<typeof setTimeout> | undefined

  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }

  /** Plans the next refresh 30 s before the stored tokens end (from any tab's latest pair). */
  const scheduleRefresh = () => {
    stopTimer()
    if (!leadership.isLeading() || runningFor === null || !getRefreshToken()) return
    timer = setTimeout(onRefreshDue, Math.min(currentRefreshDelay(store), LONGEST_TIMER_MS))
  }

  const onRefreshDue = async () => {
    timer = undefined
    if (!(await refresh.refresh())) end.expired()
  }

  const refresh = createRefreshCoordinator({
    readRefreshToken: getRefreshToken,
    storePair: setTokens,
    exchange: async (refreshToken) =>
      tokenPairOf(await dataOf(api.POST('/auth/token/refresh', { body: { refreshToken } }))),
    locks,
    onRenewed: scheduleRefresh,
  })
  const leadership = createLeadership({ locks, onLead: scheduleRefresh, signal })
  const end = createSessionEnd({
    api,
    store,
    stop: () => {
      stopTimer()
      runningFor = null
    },
    signal,
  })
  signal?.addEventListener('abort', () => {
    stopTimer()
    stopFollowingProfile?.()
  })

  const loadProfile = async () => {
    const queryClient = router ? queryClientOf(router) : null
    if (!queryClient) return
    try {
      // Read by the greeting without an observer, so it must never be collected.
      await queryClient.fetchQuery({ ...profileQueryOptions(api), staleTime: 0, gcTime: Infinity })
    } catch {
      // Any failure of the start-up signs out (SESSION-5); a 401 has done so through the client.
      if (runningFor !== null && getAccessToken()) end.expired()
    }
  }

  const startSession = async () => {
    const accessToken = getAccessToken()
    if (!accessToken || runningFor !== null) return
    runningFor = subjectOf(accessToken)
    if (getRefreshToken() && currentRefreshDelay(store) === 0) {
      // Expired (or about to be): renew before anything asks with a dead token.
      if (!(await refresh.refresh())) {
        end.expired()
        return
      }
    } else {
      scheduleRefresh()
    }
    await loadProfile()
  }

  /** Signed in elsewhere, refreshed elsewhere, signed out elsewhere: this tab follows. */
  const onStorage = (event: StorageEvent) => {
    // Only localStorage holds the session; other tabs' sessionStorage changes never arrive anyway.
    if (event.storageArea && event.storageArea !== globalThis.localStorage) return
    const key = event.key
    if (key !== null && key !== STORAGE_KEYS.accessToken && key !== STORAGE_KEYS.tokensReceivedAt)
      return
    const accessToken = getAccessToken()
    if (!accessToken) {
      if (runningFor === null) return
      end.endedElsewhere()
      return
    }
    if (runningFor === null) return
    const subject = subjectOf(accessToken)
    if (subject !== runningFor) {
      // Another account signed in in another tab: greet and schedule for that one.
      runningFor = subject
      void loadProfile()
    }
    scheduleRefresh()
  }

  const onVisible = () => {
    // Hidden tabs' timers are throttled: catch up on a refresh that came due meanwhile.
    if (document.visibilityState === 'visible' && runningFor !== null) scheduleRefresh()
  }

  const attachSession = (next: RegisteredRouter) => {
    if (router !== next) {
      stopFollowingProfile?.()
      router = next
      stopFollowingProfile = followProfile(next, store.setProfileUser)
    }
    if (!listening) {
      listening = true
      window.addEventListener('storage', onStorage, { signal })
      document.addEventListener('visibilitychange', onVisible, { signal })
    }
    leadership.ask()
    end.attach(next)
    void startSession()
  }

  return {
    attachSession,
    signedIn(next, pair) {
      stopTimer()
      runningFor = null
      queryClientOf(next).removeQueries({ queryKey: queryKeys.profile })
      setTokens(pair)
      attachSession(next)
    },
    refreshSession: () => refresh.refresh(),
    sessionExpired: () => end.expired(),
    logOut: () => end.logOut(),
    discardSession: () => end.discard(),
  }
}
