import { STORAGE_KEYS } from '@devenv/domain/session'
import {
  type Credentials,
  createDevClient,
  DEMO_ACCOUNT,
  type DevClient,
  USER_ACCOUNT,
} from '@devenv/stub-api/dev-client'
import type { StubTransport } from './stub-transport'

/**
 * The component tests' API: the real stub, with the same semantics as the browser tests (seeded
 * accounts, validation, tokens, mailbox, clock, `Prefer:` faults), behind the site's `fetch`.
 * It starts on a test file's first call (a file that never calls pays nothing), is put back to
 * its seeds after every test (test-setup.ts) and stops with the file.
 * The site's calls are recorded (what was sent is part of what a test proves), and a test may
 * ask for a documented fault on the next calls of one operation, as the e2e suite does.
 */

export type { Credentials }
export { DEMO_ACCOUNT, USER_ACCOUNT }

export type RecordedCall = { method: string; path: string; body: unknown; headers: Headers }
export type Tokens = { access_token: string; refresh_token: string; token_valid_seconds: number }

type Preference = { key: string; value: string; times: number }

const calls: RecordedCall[] = []
let preferences: Preference[] = []
let transport: Promise<StubTransport> | null = null
// The page's own fetch (happy-dom's), for MSW to wrap when the stub starts.
const pageFetch = globalThis.fetch

/** The stub, started on first use; MSW wraps the page's fetch, the site's fetch stays in front. */
function stubTransport(): Promise<StubTransport> {
  transport ??= (async () => {
    Object.defineProperty(globalThis, 'fetch', {
      value: pageFetch,
      writable: true,
      configurable: true,
    })
    const { startStubTransport } = await import('./stub-transport')
    const started = await startStubTransport(location.origin)
    Object.defineProperty(globalThis, 'fetch', {
      value: siteFetch,
      writable: true,
      configurable: true,
    })
    return started
  })()
  return transport
}

/** `METHOD /path` of a call, the path without `/api` and the query (the keys tests name). */
const keyOf = (method: string, url: URL) => `${method} ${url.pathname.replace(/^\/api(?=\/)/, '')}`

function parsed(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

async function sendToStub(url: string, init: RequestInit): Promise<Response> {
  return (await stubTransport()).fetch(url, init)
}

/** The `Prefer` value asked for the next call with this key, used up one call at a time. */
function takePreference(key: string): string | undefined {
  const preference = preferences.find((each) => each.key === key)
  if (!preference) return undefined
  preference.times -= 1
  if (preference.times <= 0) preferences = preferences.filter((each) => each !== preference)
  return preference.value
}

/** The site's fetch in tests: records the call, adds a requested `Prefer`, asks the stub. */
// Taken before any test fakes the timers: a real pause lets the stub's own work (crypto) finish.
const realSetTimeout = globalThis.setTimeout
const realPause = (ms: number) => new Promise<void>((done) => realSetTimeout(done, ms))

/** The site's calls still waiting for their answer (see `stub.settled()`). */
const inFlight = new Set<Promise<unknown>>()

/**
 * The site's fetch in tests: records the call at once (a test may count calls right after a timer
 * fired), adds a requested `Prefer`, asks the stub.
 */
function siteFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init)
  const url = new URL(request.url)
  const key = keyOf(request.method, url)
  const call: RecordedCall = {
    method: request.method,
    path: keyOf('', url).trim(),
    body: undefined,
    headers: request.headers,
  }
  calls.push(call)
  const prefer = takePreference(key)
  const answer = (async () => {
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text()
    call.body = parsed(text)
    const headers: Record<string, string> = {}
    // Lower-case names, as a browser's Headers gives them (happy-dom keeps the case it was given).
    request.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value
    })
    if (prefer !== undefined) headers.prefer = prefer
    // Handed on as plain parts, not as the page's DOM (happy-dom) Request.
    return sendToStub(request.url, {
      method: request.method,
      headers,
      body: text === '' ? null : text,
      signal: request.signal,
    })
  })()
  inFlight.add(answer)
  const forget = () => inFlight.delete(answer)
  answer.then(forget, forget)
  return answer
}

/** Puts the site's fetch in front of the page's (the stub itself starts on the first call). */
export function installTestStub(): void {
  Object.defineProperty(globalThis, 'fetch', {
    value: siteFetch,
    writable: true,
    configurable: true,
  })
}

/** Back to the seeds (accounts, mailbox, clock, limits); the calls and faults are forgotten. */
export async function resetTestStub(): Promise<void> {
  calls.length = 0
  preferences = []
  if (transport) await (await transport).reset()
}

export async function stopTestStub(): Promise<void> {
  const started = transport
  transport = null
  if (started) await (await started).stop()
}

/** Asks the stub directly: the test's own calls are not the site's (not recorded). */
function ask(path: string, init: RequestInit): Promise<Response> {
  return sendToStub(new URL(path, location.origin).href, init)
}

/** The stub's development controls: mailbox, clock, reset. */
export const dev: DevClient = createDevClient({
  transport: async ({ method, path, headers, body }) => {
    const response = await ask(path, { method, headers, body: body ?? null })
    const text = await response.text()
    return { status: response.status, json: text === '' ? undefined : JSON.parse(text) }
  },
})

export const stub = {
  /** Every call the site made in this test, in order. */
  calls: calls as readonly RecordedCall[],
  /** The calls of one operation: `'POST /auth/auth'`. */
  callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  /**
   * The next `times` calls of `METHOD /path` carry `Prefer: value`: `code=503` answers that
   * documented status (with the contract's example), `reset` fails without an answer.
   */
  prefer(key: string, value: string, times = 1): void {
    preferences.push({ key, value, times })
  },
  /** Signs in through the API (not the site) and answers the token pair. */
  async tokens(account: Credentials = USER_ACCOUNT): Promise<Tokens> {
    const response = await ask('/api/auth/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    })
    if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`)
    return (await response.json()) as Tokens
  },
  /**
   * Waits until every call the site made has its answer, and what those answers started (more
   * calls, zero-delay timers under fake timers) has run too.
   */
  async settled(flushTimers: () => Promise<unknown> = async () => {}): Promise<void> {
    for (let round = 0; round < 400; round += 1) {
      await flushTimers()
      if (inFlight.size === 0) return
      // Under fake timers an answer may wait for the next flush: never wait on it alone.
      await Promise.race([Promise.allSettled([...inFlight]), realPause(5)])
    }
    throw new Error('The site kept calling the stub: no quiet moment in 400 rounds')
  },
  /** Calls the API directly (not as the site: not recorded), as `token`'s holder. */
  async api(method: string, path: string, options: { body?: unknown; token?: string } = {}) {
    const headers = new Headers()
    if (options.body !== undefined) headers.set('content-type', 'application/json')
    if (options.token) headers.set('authorization', `Bearer ${options.token}`)
    return ask(`/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
    })
  },
  /** Registers an account through the API (not yet activated: its activation mail waits). */
  async register(email: string, password: string): Promise<void> {
    const response = await ask('/api/auth/registration', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password, userType: 'PERSONAL' }),
    })
    if (response.status !== 201) throw new Error(`registration answered ${response.status}`)
  },
  /** A real session in browser storage, as after the sign-in form: the site's calls carry it. */
  async signIn(account: Credentials = USER_ACCOUNT): Promise<Tokens> {
    const tokens = await stub.tokens(account)
    localStorage.setItem(STORAGE_KEYS.accessToken, tokens.access_token)
    localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refresh_token)
    localStorage.setItem(STORAGE_KEYS.tokenValidSeconds, String(tokens.token_valid_seconds))
    localStorage.setItem(STORAGE_KEYS.tokensReceivedAt, String(Date.now()))
    return tokens
  },
  dev,
}
