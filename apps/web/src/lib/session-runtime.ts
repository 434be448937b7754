import { type components, dataOf, type TokenPair } from '@devenv/api-client'
import { profileQueryOptions, queryKeys } from '@devenv/api-client/query'
import { refreshDelayMs, STORAGE_KEYS, tokensIssuedAt } from '@devenv/domain/session'
import type { RegisteredRouter } from '@tanstack/react-router'
import { api } from './api-client'
import { logEvent } from './event-log'
import { t } from './i18n/i18n'
import { notify } from './notify'
import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  getTokensReceivedAt,
  getTokenValidSeconds,
  type SessionUser,
  setProfileUser,
  setTokens,
  tokenClaims,
} from './session'
import { sessionTexts } from './session-texts'

/**
 * The session's behaviour (spec 3 and 4, decisions 2 and 8): start-up, the refresh schedule, the
 * refresh shared by the schedule, 401s and the browser's tabs, sign-out and its reasons. Loaded
 * only once there is a session (see `loadSessionRuntime`).
 */

export type Profile = components['schemas']['Profile']

/** Why a session ends here: the user signed out, it could not be renewed, another tab ended it. */
type EndReason = 'logout' | 'expired' | 'elsewhere'

// Web Locks. One tab at a time may present the refresh token: the stub (and a careful backend)
// revokes the whole session when a rotated token is presented twice. And one tab, the leader,
// keeps the refresh schedule, so that the tabs' timers do not all fire at the same moment.
const REFRESH_LOCK = 'devenv-token-refresh'
const LEADER_LOCK = 'devenv-session-leader'
/**
 * How long a tab keeps the refresh lock after storing a new pair. Another tab's copy of the
 * storage is updated asynchronously (across processes): without this pause it could be granted
 * the lock, still read the old refresh token and present it again.
 */
const STORAGE_SETTLE_MS = 250
// setTimeout keeps at most a 32-bit delay.
const LONGEST_TIMER_MS = 2_147_483_647

let router: RegisteredRouter | null = null
let stopFollowingProfile: (() => void) | null = null
let listening = false
/** The account whose session runs in this tab (null: none started here). */
let runningFor: string | null = null
let timer: ReturnType<typeof setTimeout> | undefined
let refreshing: Promise<boolean> | null = null
/** This tab keeps the refresh schedule (every tab does where Web Locks are missing). */
let leading = false
let leadershipAsked = false
/** An end that came before a router was known (a page's loader hit it): applied on attach. */
let pendingEnd: EndReason | null = null
/**
 * The document is being left (a full navigation, a reload): its calls are cut off, which is no
 * failure of the session. Without this, leaving a page during start-up signed the user out.
 */
let leavingPage = false

function subjectOf(accessToken: string | null): string {
  const subject = accessToken ? tokenClaims(accessToken)?.sub : null
  return typeof subject === 'string' ? subject : ''
}

/** Milliseconds until the stored tokens should be renewed; 0 means now. */
export function currentRefreshDelay(): number {
  const accessToken = getAccessToken()
  if (!accessToken) return 0
  const issuedAt = tokensIssuedAt(getTokensReceivedAt(), tokenClaims(accessToken)?.iat)
  if (issuedAt === null) return 0
  return refreshDelayMs(Number(getTokenValidSeconds()), issuedAt, Date.now())
}

function stopTimer(): void {
  if (timer !== undefined) clearTimeout(timer)
  timer = undefined
}

/** Plans the next refresh 30 s before the stored tokens end (from any tab's latest pair). */
function scheduleRefresh(): void {
  stopTimer()
  if (!leading || runningFor === null || !getRefreshToken()) return
  timer = setTimeout(onRefreshDue, Math.min(currentRefreshDelay(), LONGEST_TIMER_MS))
}

async function onRefreshDue(): Promise<void> {
  timer = undefined
  if (!(await refreshSession())) sessionExpired()
}

/** Asks to keep the schedule; granted when no other tab has it (or when that tab closes). */
function askForLeadership(): void {
  if (leadershipAsked) return
  leadershipAsked = true
  const locks = globalThis.navigator?.locks
  if (!locks) {
    leading = true
    return
  }
  // Held for the life of the page: the callback's promise never settles.
  void locks.request(
    LEADER_LOCK,
    () =>
      new Promise<void>(() => {
        leading = true
        scheduleRefresh()
      }),
  )
}

type Renewal = 'renewed' | 'adopted' | 'failed'

/** Runs the renewal alone across tabs; the caller has its answer before the lock is let go. */
function exclusively(task: () => Promise<Renewal>): Promise<boolean> {
  const locks = globalThis.navigator?.locks
  if (!locks) return task().then((outcome) => outcome !== 'failed')
  return new Promise<boolean>((resolve, reject) => {
    locks
      .request(REFRESH_LOCK, async () => {
        const outcome = await task()
        resolve(outcome !== 'failed')
        if (outcome === 'renewed') await new Promise((done) => setTimeout(done, STORAGE_SETTLE_MS))
      })
      .catch(reject)
  })
}

async function renew(presented: string | null): Promise<Renewal> {
  const current = getRefreshToken()
  if (!current) return 'failed'
  // Another tab rotated the pair while this one waited for the lock: use its pair.
  if (current !== presented) return 'adopted'
  let pair: TokenPair
  try {
    const answer = await dataOf(
      api.POST('/auth/token/refresh', { body: { refreshToken: current } }),
    )
    pair = {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      tokenValidSeconds: answer.token_valid_seconds,
    }
  } catch {
    return 'failed'
  }
  // Signed out while the call was on its way: the new pair must not sign the user back in.
  if (getRefreshToken() !== current) return 'failed'
  setTokens(pair)
  return 'renewed'
}

/**
 * Renews the token pair: one refresh in flight in this tab, one at a time across tabs. Used by the
 * schedule and by the API client on a 401; answers whether the session has fresh tokens now.
 */
export function refreshSession(): Promise<boolean> {
  if (!refreshing) {
    const presented = getRefreshToken()
    refreshing = exclusively(() => renew(presented))
      .catch(() => false)
      .then((renewed) => {
        if (renewed) scheduleRefresh()
        return renewed
      })
      .finally(() => {
        refreshing = null
      })
  }
  return refreshing
}

/** The profile call's answer replaces the claims (spec 3); empty names leave the e-mail to greet. */
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

const queryClientOf = (from: RegisteredRouter) => from.options.context.queryClient

/**
 * The greeting follows the profile in the query cache, whoever writes it: the start-up fetch, or a
 * page that saved the profile and put the answer there (`setQueryData(queryKeys.profile, …)`).
 */
function followProfile(from: RegisteredRouter): () => void {
  const queryClient = queryClientOf(from)
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

async function loadProfile(): Promise<void> {
  const queryClient = router ? queryClientOf(router) : null
  if (!queryClient) return
  try {
    // Read by the greeting without an observer, so it must never be collected.
    await queryClient.fetchQuery({ ...profileQueryOptions(api), staleTime: 0, gcTime: Infinity })
  } catch {
    // Any failure of the start-up signs out (spec 4); a 401 has already done so through the client.
    if (runningFor !== null && getAccessToken()) sessionExpired()
  }
}

async function startSession(): Promise<void> {
  const accessToken = getAccessToken()
  if (!accessToken || runningFor !== null) return
  runningFor = subjectOf(accessToken)
  if (getRefreshToken() && currentRefreshDelay() === 0) {
    // Expired (or about to be): renew before anything asks with a dead token.
    if (!(await refreshSession())) {
      sessionExpired()
      return
    }
  } else {
    scheduleRefresh()
  }
  await loadProfile()
}

/** Signed in elsewhere, refreshed elsewhere, signed out elsewhere: this tab follows. */
function onStorage(event: StorageEvent): void {
  // Only localStorage holds the session; sessionStorage changes of other tabs never arrive anyway.
  if (event.storageArea && event.storageArea !== globalThis.localStorage) return
  const key = event.key
  if (key !== null && key !== STORAGE_KEYS.accessToken && key !== STORAGE_KEYS.tokensReceivedAt)
    return
  const accessToken = getAccessToken()
  if (!accessToken) {
    if (runningFor === null) return
    stopTimer()
    runningFor = null
    leave('elsewhere')
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

function onVisible(): void {
  // Hidden tabs' timers are throttled: catch up on a refresh that came due meanwhile.
  if (document.visibilityState === 'visible' && runningFor !== null) scheduleRefresh()
}

/** Gives the runtime the router (and its query cache); starts the stored session if there is one. */
export function attachSession(next: RegisteredRouter): void {
  if (router !== next) {
    stopFollowingProfile?.()
    router = next
    stopFollowingProfile = followProfile(next)
  }
  if (!listening) {
    listening = true
    window.addEventListener('storage', onStorage)
    document.addEventListener('visibilitychange', onVisible)
    window.addEventListener('pagehide', () => {
      leavingPage = true
    })
    // Back to a page kept in the back-forward cache: it is alive again.
    window.addEventListener('pageshow', () => {
      leavingPage = false
    })
  }
  askForLeadership()
  if (pendingEnd) {
    const reason = pendingEnd
    pendingEnd = null
    leave(reason)
  }
  void startSession()
}

/** A successful sign-in: the new pair, its schedule and the profile of (maybe) another account. */
export function signedIn(next: RegisteredRouter, pair: TokenPair): void {
  stopTimer()
  runningFor = null
  queryClientOf(next).removeQueries({ queryKey: queryKeys.profile })
  setTokens(pair)
  attachSession(next)
}

function endSession(): void {
  stopTimer()
  runningFor = null
  clearSession()
}

/** Ends the session without a word or a navigation (a failed sign-in clears the session, spec 4). */
export function discardSession(): void {
  if (getAccessToken() || getRefreshToken()) endSession()
}

function isOnProtectedPage(from: RegisteredRouter): boolean {
  return from.state.matches.some((match) => match.routeId === '/_authed')
}

/** After a session ended: leave a signed-in page as its guard would, or offer to sign in again. */
function leave(reason: EndReason): void {
  if (!router) {
    pendingEnd = reason
    return
  }
  const queryClient = queryClientOf(router)
  const location = router.state.location
  let navigation: Promise<void> | null = null
  if (reason === 'logout') {
    navigation = router.navigate({ to: '/' })
  } else if (isOnProtectedPage(router)) {
    navigation = router.navigate({
      to: '/',
      search: { redirect: location.href, auth: 'login' },
      replace: true,
    })
  } else if (reason === 'expired') {
    navigation = router.navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, auth: 'login' }),
      replace: true,
      resetScroll: false,
    } as never)
  }
  // The account's data goes once no page shows it any more.
  void (navigation ?? Promise.resolve()).finally(() => {
    if (!getAccessToken()) queryClient.removeQueries()
  })
}

/**
 * The session could not be renewed (or its start-up failed): sign out, say so, open the sign-in
 * modal. Called by the client for every 401 it could not cure, so a second call does nothing.
 */
export function sessionExpired(): void {
  if (leavingPage) return
  if (!getAccessToken() && !getRefreshToken()) return
  endSession()
  logEvent('logout', { reason: 'expired' })
  void notify('warning', sessionTexts.t('sessionRuntime.expired'))
  leave('expired')
}

/** Log out: the call (its failure only logged), tokens and timer cleared, the notice, home. */
export function logOut(): void {
  const refreshToken = getRefreshToken()
  api
    .POST('/auth/logout', { body: refreshToken ? { refreshToken } : {} })
    .catch((error: unknown) => console.warn('The sign-out call failed', error))
  endSession()
  logEvent('logout')
  void notify('success', t('session.loggedOut'))
  leave('logout')
}

/** Test seam: forget everything this module remembers. */
export function resetSessionRuntimeForTests(): void {
  stopTimer()
  if (listening) {
    window.removeEventListener('storage', onStorage)
    document.removeEventListener('visibilitychange', onVisible)
  }
  stopFollowingProfile?.()
  stopFollowingProfile = null
  router = null
  listening = false
  runningFor = null
  refreshing = null
  pendingEnd = null
  leading = false
  leadershipAsked = false
}
