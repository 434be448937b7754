import type { StubTransport } from './stub-transport'

/**
 * The site's fetch in the component tests, in front of the page's: it records every call, adds a
 * `Prefer` a test asked for, and hands the call to the stub (src/testing/stub-transport.ts),
 * which starts on first use. test-setup.ts installs it and puts the stub back to its seeds after
 * every test; the tests speak to it through stub-api.ts.
 */

export type RecordedCall = { method: string; path: string; body: unknown; headers: Headers }

type Preference = { key: string; value: string; times: number }

export const calls: RecordedCall[] = []
let preferences: Preference[] = []
let transport: Promise<StubTransport> | null = null
// The page's own fetch (happy-dom's), for MSW to wrap when the stub starts.
const pageFetch = globalThis.fetch

/** The stub, started on first use; MSW wraps the page's fetch, the site's fetch stays in front. */
export function stubTransport(): Promise<StubTransport> {
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

// Taken before any test fakes the timers: a real pause lets the stub's own work (crypto) finish.
const realSetTimeout = globalThis.setTimeout
const realPause = (ms: number) => new Promise<void>((done) => realSetTimeout(done, ms))

/** The site's calls still waiting for their answer (see `stub.settled()`). */
const inFlight = new Set<Promise<unknown>>()

/** The next `times` calls with this key carry `Prefer: value`. */
export function addPreference(key: string, value: string, times: number): void {
  preferences.push({ key, value, times })
}

/** See `stub.settled()` (stub-api.ts). */
export async function settled(flushTimers: () => Promise<unknown>): Promise<void> {
  for (let round = 0; round < 400; round += 1) {
    await flushTimers()
    if (inFlight.size === 0) return
    // Under fake timers an answer may wait for the next flush: never wait on it alone.
    await Promise.race([Promise.allSettled([...inFlight]), realPause(5)])
  }
  throw new Error('The site kept calling the stub: no quiet moment in 400 rounds')
}

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
export function ask(path: string, init: RequestInit): Promise<Response> {
  return sendToStub(new URL(path, location.origin).href, init)
}
