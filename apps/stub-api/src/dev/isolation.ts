import type { FastifyRequest } from 'fastify'
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
    if (key === name) return decodeURIComponent(value.join('='))
  }
  return undefined
}

/** The stub session a request asks for: header, then cookie, then (dev pages) `?stubSession=`. */
export function requestedSession(request: FastifyRequest, allowQuery: boolean): string | null {
  const header = request.headers[STUB_SESSION_HEADER]
  const query = request.query as Record<string, unknown> | undefined
  const candidates = [
    Array.isArray(header) ? header[0] : header,
    cookieValue(request.headers.cookie, STUB_SESSION_COOKIE),
    allowQuery && typeof query?.[STUB_SESSION_QUERY] === 'string'
      ? query[STUB_SESSION_QUERY]
      : undefined,
  ]
  for (const candidate of candidates) {
    if (typeof candidate === 'string' && SESSION_ID.test(candidate)) return candidate
  }
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
