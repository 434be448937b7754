import type { StubStore } from '../state/store'

export const STUB_SESSION_HEADER = 'x-stub-session'
export const STUB_SESSION_COOKIE = 'stubSession'
export const STUB_SESSION_QUERY = 'stubSession'
const SESSION_ID = /^[A-Za-z0-9_.:-]{1,128}$/
/** Stores kept for X-Stub-Session ids; the least recently used one goes first. */
export const MAX_SESSION_STORES = 500

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key !== name) continue
    try {
      return decodeURIComponent(value.join('='))
    } catch {
      return undefined
    }
  }
  return undefined
}

/**
 * The stub session a request asks for: the adapter's own choice, then the header, then the
 * cookie, then (development pages) `?stubSession=`. Ids that do not fit are ignored.
 */
export function requestedSession(
  chosen: string | undefined,
  headers: Readonly<Record<string, string | undefined>>,
  query: Record<string, string | string[]>,
  allowQuery: boolean,
): string | null {
  // In order, without building a list: this runs on every request.
  if (chosen !== undefined && SESSION_ID.test(chosen)) return chosen
  const header = headers[STUB_SESSION_HEADER]
  if (header !== undefined && SESSION_ID.test(header)) return header
  const cookie = cookieValue(headers.cookie, STUB_SESSION_COOKIE)
  if (cookie !== undefined && SESSION_ID.test(cookie)) return cookie
  const fromQuery = allowQuery ? query[STUB_SESSION_QUERY] : undefined
  if (typeof fromQuery === 'string' && SESSION_ID.test(fromQuery)) return fromQuery
  return null
}

/** The default store and one isolated store per X-Stub-Session id, created (and seeded) on first use. */
export class StoreRegistry {
  private readonly sessions = new Map<string, StubStore>()

  constructor(
    readonly defaultStore: StubStore,
    private readonly createStore: (id: string) => StubStore,
  ) {}

  storeFor(sessionId: string | null): StubStore {
    if (sessionId === null) return this.defaultStore
    const existing = this.sessions.get(sessionId)
    if (existing) {
      // Re-inserting keeps the map in least-recently-used order.
      this.sessions.delete(sessionId)
      this.sessions.set(sessionId, existing)
      return existing
    }
    const store = this.createStore(sessionId)
    this.sessions.set(sessionId, store)
    if (this.sessions.size > MAX_SESSION_STORES) {
      const oldest = this.sessions.keys().next().value
      if (oldest !== undefined) this.sessions.delete(oldest)
    }
    return store
  }

  /** Forgets every isolated store (their ids get fresh seeded stores on next use). */
  dropSessions(): number {
    const count = this.sessions.size
    this.sessions.clear()
    return count
  }

  get sessionCount(): number {
    return this.sessions.size
  }
}
