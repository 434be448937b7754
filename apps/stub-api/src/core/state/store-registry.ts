import type { StubStore } from './store'

/** Stores kept for X-Stub-Session ids; the least recently used one goes first. */
export const MAX_SESSION_STORES = 500

/** The stores of one core, as its adapters and tests see them: the default one and one per stub session. */
export type StubStores = {
  readonly defaultStore: StubStore
  /** The store of a session id (created, seeded, on first use); the default store for null. */
  storeFor(sessionId: string | null): StubStore
  /** Forgets every session store; returns how many there were. */
  dropSessions(): number
  readonly sessionCount: number
}

/** The default store and one isolated store per X-Stub-Session id, created (and seeded) on first use. */
export class StoreRegistry implements StubStores {
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
