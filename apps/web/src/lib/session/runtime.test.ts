import { queryKeys } from '@devenv/api-client/query'
import { QueryClient } from '@tanstack/react-query'
import type { RegisteredRouter } from '@tanstack/react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEMO_ACCOUNT, stub, type Tokens, USER_ACCOUNT } from '../../testing/stub-api'
import { notify } from '../notify'
import { createSessionRuntime, type Profile, type SessionRuntime } from './runtime'
import { createSessionStore, type SessionStore } from './store'

vi.mock('../notify', () => ({ notify: vi.fn(async () => undefined) }))
vi.mock('../event-log', () => ({ logEvent: vi.fn() }))

const START = new Date('2026-03-02T09:00:00Z').getTime()

/** The seeded company account's profile (Nino Beridze), as the stub answers it. */
const profile = (fields: Partial<Profile> = {}): Profile => ({
  id: '3f6c2a9e-8b1d-4c7a-9e2f-5a1b7c3d9e04',
  email: USER_ACCOUNT.email,
  username: USER_ACCOUNT.email,
  firstName: 'Nino',
  lastName: 'Beridze',
  company: 'Kartuli Soft LLC',
  userType: 'COMPANY',
  roles: [],
  demo: false,
  createdAt: '2025-01-15T08:00:00.000Z',
  ...fields,
})

/** The parts of the router the runtime uses: its query cache, where it is, and navigate. */
function fakeRouter(path: string, protectedPage: boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const navigate = vi.fn(async (_options: unknown) => {})
  const router = {
    options: { context: { queryClient } },
    state: {
      location: { href: path },
      matches: protectedPage ? [{ routeId: '__root__' }, { routeId: '/_authed' }] : [],
    },
    navigate,
  } as unknown as RegisteredRouter
  return { router, queryClient, navigate }
}

/** The seeded accounts' real token pairs, signed in before each test (before its fake clock). */
let nino: Tokens
let demo: Tokens

/** A stored session of Nino's pair (the stub's), received at `receivedAt`. */
function storeSession(pair: Tokens = nino, receivedAt = START) {
  localStorage.setItem('access_token', pair.access_token)
  localStorage.setItem('refresh_token', pair.refresh_token)
  localStorage.setItem('token_valid_seconds', String(pair.token_valid_seconds))
  localStorage.setItem('token_received_at', String(receivedAt))
}

/** Every call answered by the stub, and what the answers set off (on the fake clock's now). */
const flush = () => stub.settled(() => vi.advanceTimersByTimeAsync(0))
const bodiesOf = (key: string) => stub.callsTo(key).map((call) => call.body)

// Each test has a runtime of its own, as each page has; the signal ends its listeners and timer.
// and a store of its own, as the app makes one per page.
let page: AbortController
let store: SessionStore
let runtime: SessionRuntime
const getSession = () => store.getSession()
const setTokens: SessionStore['setTokens'] = (pair) => store.setTokens(pair)

beforeEach(async () => {
  nino = await stub.tokens(USER_ACCOUNT)
  demo = await stub.tokens(DEMO_ACCOUNT)
  vi.useFakeTimers({ now: START })
  page = new AbortController()
  store = createSessionStore()
  runtime = createSessionRuntime({ signal: page.signal, store })
})

afterEach(async () => {
  page.abort()
  // Answers still on their way land before the next test's stub reset.
  await flush()
  localStorage.clear()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.clearAllMocks()
  vi.restoreAllMocks()
})

describe('start-up', () => {
  it('fetches the profile, which then replaces the claims and follows the query cache (SESSION-5, SESSION-1)', async () => {
    storeSession()
    const { router, queryClient } = fakeRouter('/', false)
    runtime.attachSession(router)
    await flush()
    expect(stub.callsTo('GET /user/profile')).toHaveLength(1)
    expect(getSession().user?.name).toBe('Nino Beridze')
    // A page that saved the profile puts the answer in the cache: the greeting follows it.
    queryClient.setQueryData(queryKeys.profile, profile({ firstName: 'Nina' }))
    expect(getSession().user?.name).toBe('Nina Beridze')
    // Never collected: the greeting reads it without an observer.
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(queryClient.getQueryData(queryKeys.profile)).toMatchObject({ firstName: 'Nina' })
  })

  it('only a new profile answer changes the session (observers coming and going do not)', async () => {
    storeSession()
    const { router, queryClient } = fakeRouter('/', false)
    runtime.attachSession(router)
    await flush()
    const before = getSession()
    // What a page's useQuery does on every render: observe, change options, stop observing.
    const cache = queryClient.getQueryCache()
    const query = cache.find({ queryKey: queryKeys.profile })
    if (!query) throw new Error('no profile query')
    cache.notify({ type: 'observerOptionsUpdated', query } as never)
    cache.notify({ type: 'updated', query, action: { type: 'fetch' } } as never)
    expect(getSession()).toBe(before)
  })

  it('a profile of another account never greets this one', async () => {
    storeSession()
    // Nino's profile is on its way when another tab signs in as the demo account.
    stub.prefer('GET /user/profile', 'delay=300')
    runtime.attachSession(fakeRouter('/', false).router)
    await vi.advanceTimersByTimeAsync(0)
    localStorage.setItem('access_token', demo.access_token)
    // The stub's delay runs on the fake clock too.
    await stub.settled(() => vi.advanceTimersByTimeAsync(100))
    expect(getSession().user?.email).toBe(DEMO_ACCOUNT.email)
  })

  it('with an expired pair: refreshes first, then fetches the profile (SESSION-5)', async () => {
    storeSession(nino, START - 901_000)
    runtime.attachSession(fakeRouter('/', false).router)
    await flush()
    expect(stub.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /auth/token/refresh',
      'GET /user/profile',
    ])
    expect(stub.calls[0]?.body).toEqual({ refreshToken: nino.refresh_token })
    // The stub rotated the pair: the new one is stored.
    expect(localStorage.getItem('refresh_token')).toMatch(/.+/)
    expect(localStorage.getItem('refresh_token')).not.toBe(nino.refresh_token)
    expect(getSession().user?.name).toBe('Nino Beridze')
  })

  it('any failure of the start-up signs out and offers to sign in again (SESSION-5)', async () => {
    storeSession()
    stub.prefer('GET /user/profile', 'code=500', 3)
    const { router, navigate } = fakeRouter('/pricing', false)
    runtime.attachSession(router)
    await flush()
    expect(getSession().isAuthenticated).toBe(false)
    expect(notify).toHaveBeenCalledWith('warning', 'Your session has ended. Please sign in again.')
    expect(navigate).toHaveBeenCalledWith(expect.objectContaining({ to: '.', replace: true }))
  })

  it('leaving the page during start-up is no failure: the session stays for the next page', async () => {
    storeSession()
    stub.prefer('GET /user/profile', 'code=500', 3)
    const { router, navigate } = fakeRouter('/technical', true)
    runtime.attachSession(router)
    window.dispatchEvent(new Event('pagehide'))
    await flush()
    window.dispatchEvent(new Event('pageshow'))
    expect(getSession().isAuthenticated).toBe(true)
    expect(notify).not.toHaveBeenCalled()
    expect(navigate).not.toHaveBeenCalled()
  })

  it('runs once, however often it is attached (StrictMode, re-renders)', async () => {
    storeSession()
    const { router } = fakeRouter('/', false)
    runtime.attachSession(router)
    runtime.attachSession(router)
    await flush()
    runtime.attachSession(router)
    await flush()
    expect(stub.callsTo('GET /user/profile')).toHaveLength(1)
  })
})

describe('the refresh schedule', () => {
  it('refreshes 30 s before validity ends, stores the pair, and plans the next from its arrival (SESSION-4)', async () => {
    storeSession()
    runtime.attachSession(fakeRouter('/', false).router)
    await flush()
    await vi.advanceTimersByTimeAsync(869_999)
    expect(stub.callsTo('POST /auth/token/refresh')).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(stub.callsTo('POST /auth/token/refresh')).toHaveLength(1)
    await flush()
    const second = localStorage.getItem('refresh_token')
    expect(second).not.toBe(nino.refresh_token)
    expect(localStorage.getItem('token_received_at')).toBe(String(START + 870_000))
    await vi.advanceTimersByTimeAsync(869_999)
    expect(stub.callsTo('POST /auth/token/refresh')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await flush()
    expect(bodiesOf('POST /auth/token/refresh')).toEqual([
      { refreshToken: nino.refresh_token },
      { refreshToken: second },
    ])
  })

  it('a failed refresh signs out; on a signed-in page: home, the modal, the way back; no reload (SESSION-6)', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {})
    storeSession()
    const { router, navigate, queryClient } = fakeRouter('/admin?tab=ai', true)
    runtime.attachSession(router)
    await flush()
    // The stored refresh token was used elsewhere: the stub refuses it as reused (401).
    const elsewhere = await stub.api('POST', '/auth/token/refresh', {
      body: { refreshToken: nino.refresh_token },
    })
    expect(elsewhere.status).toBe(200)
    await vi.advanceTimersByTimeAsync(870_000)
    await flush()
    expect(localStorage.getItem('access_token')).toBeNull()
    expect(localStorage.getItem('refresh_token')).toBeNull()
    expect(navigate).toHaveBeenCalledWith({
      to: '/',
      search: { redirect: '/admin?tab=ai', auth: 'login' },
      replace: true,
    })
    // The account's data is forgotten once the page is left.
    expect(queryClient.getQueryData(queryKeys.profile)).toBeUndefined()
    expect(reload).not.toHaveBeenCalled()
  })

  it('one refresh in flight, however many ask for it', async () => {
    storeSession()
    const answers = await Promise.all([
      runtime.refreshSession(),
      runtime.refreshSession(),
      runtime.refreshSession(),
    ])
    expect(answers).toEqual([true, true, true])
    expect(stub.callsTo('POST /auth/token/refresh')).toHaveLength(1)
  })

  it('waits for other tabs, and takes the pair another tab got meanwhile instead of reusing', async () => {
    storeSession()
    // Another tab holds the lock and rotates the pair before this tab gets it.
    vi.stubGlobal('navigator', {
      locks: {
        request: async (_name: string, task: () => Promise<boolean>) => {
          setTokens({
            accessToken: nino.access_token,
            refreshToken: 'R-other-tab',
            tokenValidSeconds: 900,
          })
          return task()
        },
      },
    })
    expect(await runtime.refreshSession()).toBe(true)
    expect(stub.callsTo('POST /auth/token/refresh')).toHaveLength(0)
    expect(localStorage.getItem('refresh_token')).toBe('R-other-tab')
  })

  it('only the tab that holds the leadership keeps the schedule', async () => {
    storeSession()
    // Another tab leads: this tab's request for leadership waits, its refresh lock is free.
    const granted: string[] = []
    let lead: () => void = () => {}
    vi.stubGlobal('navigator', {
      locks: {
        request: (name: string, task: () => Promise<unknown>) => {
          if (name !== 'devenv-session-leader') return task()
          lead = () => {
            granted.push(name)
            void task()
          }
          return new Promise(() => {})
        },
      },
    })
    runtime.attachSession(fakeRouter('/', false).router)
    await flush()
    await vi.advanceTimersByTimeAsync(900_000)
    expect(stub.callsTo('POST /auth/token/refresh')).toHaveLength(0)
    // The leading tab closes: this one takes over, overdue, so it refreshes at once.
    lead()
    await flush()
    expect(granted).toEqual(['devenv-session-leader'])
    expect(stub.callsTo('POST /auth/token/refresh')).toHaveLength(1)
  })

  it('a pair that arrives after a sign-out is not stored', async () => {
    storeSession()
    // The stub holds the new pair a moment; the sign-out happens meanwhile.
    stub.prefer('POST /auth/token/refresh', 'delay=300')
    const renewing = runtime.refreshSession()
    await vi.advanceTimersByTimeAsync(0)
    expect(stub.callsTo('POST /auth/token/refresh')).toHaveLength(1)
    localStorage.clear()
    await stub.settled(() => vi.advanceTimersByTimeAsync(100))
    expect(await renewing).toBe(false)
    expect(localStorage.getItem('access_token')).toBeNull()
  })
})

describe('other tabs', () => {
  it('a sign-out elsewhere stops the timer and leaves a signed-in page like its guard', async () => {
    storeSession()
    const { router, navigate } = fakeRouter('/technical', true)
    runtime.attachSession(router)
    await flush()
    localStorage.clear()
    window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', newValue: null }))
    expect(navigate).toHaveBeenCalledWith({
      to: '/',
      search: { redirect: '/technical', auth: 'login' },
      replace: true,
    })
    expect(notify).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(900_000)
    expect(stub.callsTo('POST /auth/token/refresh')).toHaveLength(0)
  })

  it('a sign-out elsewhere leaves a public page as it is', async () => {
    storeSession()
    const { router, navigate } = fakeRouter('/pricing', false)
    runtime.attachSession(router)
    await flush()
    localStorage.clear()
    window.dispatchEvent(new StorageEvent('storage', { key: null }))
    expect(navigate).not.toHaveBeenCalled()
    expect(getSession().isAuthenticated).toBe(false)
  })

  it('a refresh elsewhere moves this tab’s schedule to the new pair', async () => {
    storeSession()
    runtime.attachSession(fakeRouter('/', false).router)
    await flush()
    await vi.advanceTimersByTimeAsync(800_000)
    // The other tab stored a fresh pair 800 s in: this tab's refresh moves to 870 s after it.
    const other = await stub.api('POST', '/auth/token/refresh', {
      body: { refreshToken: nino.refresh_token },
    })
    const renewed = (await other.json()) as Tokens
    setTokens({
      accessToken: renewed.access_token,
      refreshToken: renewed.refresh_token,
      tokenValidSeconds: 900,
    })
    window.dispatchEvent(new StorageEvent('storage', { key: 'token_received_at' }))
    await vi.advanceTimersByTimeAsync(100_000)
    expect(stub.callsTo('POST /auth/token/refresh')).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(770_000)
    await flush()
    expect(bodiesOf('POST /auth/token/refresh')).toEqual([{ refreshToken: renewed.refresh_token }])
  })
})

describe('sign-in and sign-out', () => {
  it('signedIn stores the pair, schedules the refresh, drops another account’s profile and loads this one (SESSION-3)', async () => {
    const { router, queryClient } = fakeRouter('/', false)
    queryClient.setQueryData(queryKeys.profile, profile({ id: 'u-giorgi', firstName: 'Giorgi' }))
    runtime.signedIn(router, {
      accessToken: nino.access_token,
      refreshToken: nino.refresh_token,
      tokenValidSeconds: 900,
    })
    expect(localStorage.getItem('access_token')).toBe(nino.access_token)
    expect(localStorage.getItem('refresh_token')).toBe(nino.refresh_token)
    expect(localStorage.getItem('token_received_at')).toBe(String(START))
    await flush()
    expect(stub.callsTo('GET /user/profile')).toHaveLength(1)
    expect(getSession().user?.name).toBe('Nino Beridze')
    // The refresh is planned: 30 s before the pair's 900 s end.
    await vi.advanceTimersByTimeAsync(870_000 - (Date.now() - START) - 1)
    expect(stub.callsTo('POST /auth/token/refresh')).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(stub.callsTo('POST /auth/token/refresh')).toHaveLength(1)
  })

  it('log out: the call with the refresh token, tokens and timer gone, the notice, home (SESSION-7)', async () => {
    storeSession()
    stub.prefer('POST /auth/logout', 'code=500')
    const { router, navigate } = fakeRouter('/admin', true)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    runtime.attachSession(router)
    await flush()
    runtime.logOut()
    await flush()
    // The call's failure is only logged.
    expect(warn).toHaveBeenCalledWith('The sign-out call failed', expect.anything())
    expect(bodiesOf('POST /auth/logout')).toEqual([{ refreshToken: nino.refresh_token }])
    expect(getSession().isAuthenticated).toBe(false)
    expect(notify).toHaveBeenCalledWith('success', 'Logged out successfully')
    expect(navigate).toHaveBeenCalledWith({ to: '/' })
    await vi.advanceTimersByTimeAsync(900_000)
    expect(stub.callsTo('POST /auth/token/refresh')).toHaveLength(0)
  })

  it('sessionExpired twice (two 401s) ends the session once', async () => {
    storeSession()
    const { router, navigate } = fakeRouter('/pricing', false)
    runtime.attachSession(router)
    await flush()
    runtime.sessionExpired()
    runtime.sessionExpired()
    expect(notify).toHaveBeenCalledTimes(1)
    expect(navigate).toHaveBeenCalledTimes(1)
  })
})
