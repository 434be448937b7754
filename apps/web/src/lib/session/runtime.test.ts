import { queryKeys } from '@devenv/api-client/query'
import { QueryClient } from '@tanstack/react-query'
import type { RegisteredRouter } from '@tanstack/react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, json } from '../../testing/fake-api'
import { notify } from '../notify'
import { createSessionRuntime, type Profile, type SessionRuntime } from './runtime'
import { createSessionStore, type SessionStore } from './store'

vi.mock('../notify', () => ({ notify: vi.fn(async () => undefined) }))
vi.mock('../event-log', () => ({ logEvent: vi.fn() }))

const START = new Date('2026-03-02T09:00:00Z').getTime()

function token(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
  return `${part({ alg: 'HS256' })}.${part(claims)}.signature`
}

const NINO = token({ sub: 'u-nino', email: 'nino@example.com', name: 'Nino', iat: START / 1000 })
const GIORGI = token({ sub: 'u-giorgi', email: 'giorgi@example.com', iat: START / 1000 })

const profile = (fields: Partial<Profile> = {}): Profile => ({
  id: 'u-nino',
  email: 'nino@example.com',
  username: 'nino@example.com',
  firstName: 'Nino',
  lastName: 'Beridze',
  userType: 'PERSONAL',
  roles: [],
  demo: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...fields,
})

const pair = (n: number) => ({
  access_token: token({ sub: 'u-nino', email: 'nino@example.com', iat: START / 1000, n }),
  refresh_token: `R${n}`,
  token_valid_seconds: 900,
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

function storeSession(accessToken = NINO, receivedAt = START) {
  localStorage.setItem('access_token', accessToken)
  localStorage.setItem('refresh_token', 'R0')
  localStorage.setItem('token_valid_seconds', '900')
  localStorage.setItem('token_received_at', String(receivedAt))
}

const flush = () => vi.advanceTimersByTimeAsync(0)

// Each test has a runtime of its own, as each page has; the signal ends its listeners and timer.
// and a store of its own, as the app makes one per page.
let page: AbortController
let store: SessionStore
let runtime: SessionRuntime
const getSession = () => store.getSession()
const setTokens: SessionStore['setTokens'] = (pair) => store.setTokens(pair)

beforeEach(() => {
  vi.useFakeTimers({ now: START })
  page = new AbortController()
  store = createSessionStore()
  runtime = createSessionRuntime({ signal: page.signal, store })
})

afterEach(() => {
  page.abort()
  localStorage.clear()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.clearAllMocks()
  vi.restoreAllMocks()
})

describe('start-up', () => {
  it('fetches the profile, which then replaces the claims and follows the query cache', async () => {
    storeSession()
    const api = fakeApi({ 'GET /user/profile': json(200, profile()) })
    const { router, queryClient } = fakeRouter('/', false)
    runtime.attachSession(router)
    await flush()
    expect(api.callsTo('GET /user/profile')).toHaveLength(1)
    expect(getSession().user?.name).toBe('Nino Beridze')
    // A page that saved the profile puts the answer in the cache: the greeting follows it.
    queryClient.setQueryData(queryKeys.profile, profile({ firstName: 'Nina' }))
    expect(getSession().user?.name).toBe('Nina Beridze')
    // Never collected: the greeting reads it without an observer.
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(queryClient.getQueryData(queryKeys.profile)).toBeDefined()
  })

  it('only a new profile answer changes the session (observers coming and going do not)', async () => {
    storeSession()
    fakeApi({ 'GET /user/profile': json(200, profile()) })
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
    storeSession(GIORGI)
    fakeApi({ 'GET /user/profile': json(200, profile()) })
    runtime.attachSession(fakeRouter('/', false).router)
    await flush()
    expect(getSession().user?.email).toBe('giorgi@example.com')
  })

  it('with an expired pair: refreshes first, then fetches the profile', async () => {
    storeSession(NINO, START - 901_000)
    const api = fakeApi({
      'POST /auth/token/refresh': json(200, pair(1)),
      'GET /user/profile': json(200, profile()),
    })
    runtime.attachSession(fakeRouter('/', false).router)
    await flush()
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /auth/token/refresh',
      'GET /user/profile',
    ])
    expect(api.calls[0]?.body).toEqual({ refreshToken: 'R0' })
    expect(localStorage.getItem('refresh_token')).toBe('R1')
  })

  it('any failure of the start-up signs out and offers to sign in again', async () => {
    storeSession()
    fakeApi({ 'GET /user/profile': json(500, { message: 'down' }) })
    const { router, navigate } = fakeRouter('/pricing', false)
    runtime.attachSession(router)
    await flush()
    expect(getSession().isAuthenticated).toBe(false)
    expect(notify).toHaveBeenCalledWith('warning', 'Your session has ended. Please sign in again.')
    expect(navigate).toHaveBeenCalledWith(expect.objectContaining({ to: '.', replace: true }))
  })

  it('leaving the page during start-up is no failure: the session stays for the next page', async () => {
    storeSession()
    fakeApi({ 'GET /user/profile': json(500, { message: 'cut off by the navigation' }) })
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
    const api = fakeApi({ 'GET /user/profile': json(200, profile()) })
    const { router } = fakeRouter('/', false)
    runtime.attachSession(router)
    runtime.attachSession(router)
    await flush()
    runtime.attachSession(router)
    await flush()
    expect(api.callsTo('GET /user/profile')).toHaveLength(1)
  })
})

describe('the refresh schedule', () => {
  it('refreshes 30 s before validity ends, stores the pair, and plans the next from its arrival', async () => {
    storeSession()
    const api = fakeApi({
      'GET /user/profile': json(200, profile()),
      'POST /auth/token/refresh': [json(200, pair(1)), json(200, pair(2))],
    })
    runtime.attachSession(fakeRouter('/', false).router)
    await flush()
    await vi.advanceTimersByTimeAsync(869_999)
    expect(api.callsTo('POST /auth/token/refresh')).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(api.callsTo('POST /auth/token/refresh')).toHaveLength(1)
    expect(localStorage.getItem('refresh_token')).toBe('R1')
    expect(localStorage.getItem('token_received_at')).toBe(String(START + 870_000))
    await vi.advanceTimersByTimeAsync(869_999)
    expect(api.callsTo('POST /auth/token/refresh')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(api.callsTo('POST /auth/token/refresh').map((call) => call.body)).toEqual([
      { refreshToken: 'R0' },
      { refreshToken: 'R1' },
    ])
  })

  it('a failed refresh signs out; on a signed-in page: home, the modal, the way back', async () => {
    storeSession()
    fakeApi({
      'GET /user/profile': json(200, profile()),
      'POST /auth/token/refresh': json(401, { message: 'Refresh token was already used' }),
    })
    const { router, navigate, queryClient } = fakeRouter('/admin?tab=ai', true)
    runtime.attachSession(router)
    await flush()
    await vi.advanceTimersByTimeAsync(870_000)
    expect(localStorage.getItem('access_token')).toBeNull()
    expect(localStorage.getItem('refresh_token')).toBeNull()
    expect(navigate).toHaveBeenCalledWith({
      to: '/',
      search: { redirect: '/admin?tab=ai', auth: 'login' },
      replace: true,
    })
    // The account's data is forgotten once the page is left.
    expect(queryClient.getQueryData(queryKeys.profile)).toBeUndefined()
  })

  it('one refresh in flight, however many ask for it', async () => {
    storeSession()
    const api = fakeApi({ 'POST /auth/token/refresh': json(200, pair(1)) })
    const answers = await Promise.all([
      runtime.refreshSession(),
      runtime.refreshSession(),
      runtime.refreshSession(),
    ])
    expect(answers).toEqual([true, true, true])
    expect(api.callsTo('POST /auth/token/refresh')).toHaveLength(1)
  })

  it('waits for other tabs, and takes the pair another tab got meanwhile instead of reusing', async () => {
    storeSession()
    const api = fakeApi({ 'POST /auth/token/refresh': json(200, pair(1)) })
    // Another tab holds the lock and rotates the pair before this tab gets it.
    vi.stubGlobal('navigator', {
      locks: {
        request: async (_name: string, task: () => Promise<boolean>) => {
          setTokens({ accessToken: NINO, refreshToken: 'R-other-tab', tokenValidSeconds: 900 })
          return task()
        },
      },
    })
    expect(await runtime.refreshSession()).toBe(true)
    expect(api.callsTo('POST /auth/token/refresh')).toHaveLength(0)
    expect(localStorage.getItem('refresh_token')).toBe('R-other-tab')
  })

  it('only the tab that holds the leadership keeps the schedule', async () => {
    storeSession()
    const api = fakeApi({
      'GET /user/profile': json(200, profile()),
      'POST /auth/token/refresh': json(200, pair(1)),
    })
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
    expect(api.callsTo('POST /auth/token/refresh')).toHaveLength(0)
    // The leading tab closes: this one takes over, overdue, so it refreshes at once.
    lead()
    await flush()
    expect(granted).toEqual(['devenv-session-leader'])
    expect(api.callsTo('POST /auth/token/refresh')).toHaveLength(1)
  })

  it('a pair that arrives after a sign-out is not stored', async () => {
    storeSession()
    let answer: (response: Response) => void = () => {}
    fakeApi({
      'POST /auth/token/refresh': () =>
        new Promise<Response>((resolve) => {
          answer = resolve
        }),
    })
    const renewing = runtime.refreshSession()
    await flush()
    localStorage.clear()
    answer(json(200, pair(1)))
    expect(await renewing).toBe(false)
    expect(localStorage.getItem('access_token')).toBeNull()
  })
})

describe('other tabs', () => {
  it('a sign-out elsewhere stops the timer and leaves a signed-in page like its guard', async () => {
    storeSession()
    const api = fakeApi({
      'GET /user/profile': json(200, profile()),
      'POST /auth/token/refresh': json(200, pair(1)),
    })
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
    expect(api.callsTo('POST /auth/token/refresh')).toHaveLength(0)
  })

  it('a sign-out elsewhere leaves a public page as it is', async () => {
    storeSession()
    fakeApi({ 'GET /user/profile': json(200, profile()) })
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
    const api = fakeApi({
      'GET /user/profile': json(200, profile()),
      'POST /auth/token/refresh': json(200, pair(2)),
    })
    runtime.attachSession(fakeRouter('/', false).router)
    await flush()
    await vi.advanceTimersByTimeAsync(800_000)
    // The other tab stored a fresh pair 800 s in: this tab's refresh moves to 870 s after it.
    setTokens({ accessToken: NINO, refreshToken: 'R1', tokenValidSeconds: 900 })
    window.dispatchEvent(new StorageEvent('storage', { key: 'token_received_at' }))
    await vi.advanceTimersByTimeAsync(100_000)
    expect(api.callsTo('POST /auth/token/refresh')).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(770_000)
    expect(api.callsTo('POST /auth/token/refresh').map((call) => call.body)).toEqual([
      { refreshToken: 'R1' },
    ])
  })
})

describe('sign-in and sign-out', () => {
  it('signedIn stores the pair, drops another account’s profile and loads this one', async () => {
    const api = fakeApi({ 'GET /user/profile': json(200, profile()) })
    const { router, queryClient } = fakeRouter('/', false)
    queryClient.setQueryData(queryKeys.profile, profile({ id: 'u-giorgi', firstName: 'Giorgi' }))
    runtime.signedIn(router, { accessToken: NINO, refreshToken: 'R0', tokenValidSeconds: 900 })
    expect(localStorage.getItem('token_received_at')).toBe(String(START))
    await flush()
    expect(api.callsTo('GET /user/profile')).toHaveLength(1)
    expect(getSession().user?.name).toBe('Nino Beridze')
  })

  it('log out: the call with the refresh token, tokens and timer gone, the notice, home', async () => {
    storeSession()
    const api = fakeApi({
      'GET /user/profile': json(200, profile()),
      'POST /auth/logout': json(500, { message: 'down' }),
      'POST /auth/token/refresh': json(200, pair(1)),
    })
    const { router, navigate } = fakeRouter('/admin', true)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    runtime.attachSession(router)
    await flush()
    runtime.logOut()
    await flush()
    // The call's failure is only logged (spec 4).
    expect(warn).toHaveBeenCalledWith('The sign-out call failed', expect.anything())
    expect(api.callsTo('POST /auth/logout').map((call) => call.body)).toEqual([
      { refreshToken: 'R0' },
    ])
    expect(getSession().isAuthenticated).toBe(false)
    expect(notify).toHaveBeenCalledWith('success', 'Logged out successfully')
    expect(navigate).toHaveBeenCalledWith({ to: '/' })
    await vi.advanceTimersByTimeAsync(900_000)
    expect(api.callsTo('POST /auth/token/refresh')).toHaveLength(0)
  })

  it('sessionExpired twice (two 401s) ends the session once', async () => {
    storeSession()
    const { router, navigate } = fakeRouter('/pricing', false)
    fakeApi({ 'GET /user/profile': json(200, profile()) })
    runtime.attachSession(router)
    await flush()
    runtime.sessionExpired()
    runtime.sessionExpired()
    expect(notify).toHaveBeenCalledTimes(1)
    expect(navigate).toHaveBeenCalledTimes(1)
  })
})
