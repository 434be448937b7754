import { STORAGE_KEYS } from '@devenv/domain/session'
import {
  type Credentials,
  createDevClient,
  DEMO_ACCOUNT,
  type DevClient,
  USER_ACCOUNT,
} from '@devenv/stub-api/dev-client'
import { type StubTransport, startStubTransport } from './stub-transport'

/**
 * The component tests' API: the real stub, with the same semantics as the browser tests (seeded
 * accounts, validation, tokens, mailbox, clock, `Prefer:` faults), behind the site's `fetch`.
 * test-setup.ts starts it once per test file and puts it back to its seeds after every test.
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
let transport: StubTransport | null = null

/** `METHOD /path` of a call, the path without `/api` and the query (the keys tests name). */
const keyOf = (method: string, url: URL) => `${method} ${url.pathname.replace(/^\/api(?=\/)/, '')}`

async function bodyOf(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined
  const text = await request.clone().text()
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
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
/** The site's calls still waiting for their answer (see `stub.settled()`). */
const inFlight = new Set<Promise<unknown>>()

/**
 * The site's fetch in tests: records the call at once (a test may count calls right after a timer
 * fired), adds a requested `Prefer`, asks the stub.
 */
function siteFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (!transport) throw new Error('The test stub is not started (src/test-setup.ts starts it)')
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
  const send = transport.fetch
  const answer = (async () => {
    call.body = await bodyOf(request)
    if (prefer === undefined) return send(request)
    const headers = new Headers(request.headers)
    headers.set('prefer', prefer)
    return send(new Request(request, { headers }))
  })()
  inFlight.add(answer)
  const forget = () => inFlight.delete(answer)
  answer.then(forget, forget)
  return answer
}

export async function startTestStub(): Promise<void> {
  transport = await startStubTransport(location.origin)
  globalThis.fetch = siteFetch
}

/** Back to the seeds (accounts, mailbox, clock, limits); the calls and faults are forgotten. */
export async function resetTestStub(): Promise<void> {
  calls.length = 0
  preferences = []
  await transport?.reset()
}

export async function stopTestStub(): Promise<void> {
  await transport?.stop()
  transport = null
}

/** Asks the stub directly: the test's own calls are not the site's (not recorded). */
function ask(path: string, init: RequestInit): Promise<Response> {
  if (!transport) throw new Error('The test stub is not started (src/test-setup.ts starts it)')
  return transport.fetch(new Request(new URL(path, location.origin), init))
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
    for (let round = 0; round < 50; round += 1) {
      await flushTimers()
      if (inFlight.size === 0) return
      await Promise.allSettled([...inFlight])
    }
    throw new Error('The site kept calling the stub: no quiet moment in 50 rounds')
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
