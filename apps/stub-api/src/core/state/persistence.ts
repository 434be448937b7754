import type { StoreSnapshot } from './records'

/** What a stored state looks like when the core asks for it at start-up. */
export type PersistedState =
  | { status: 'missing' }
  | { status: 'loaded'; snapshot: StoreSnapshot }
  /** Unreadable: the implementation has kept it aside (never overwritten); the stub starts empty. */
  | { status: 'corrupt'; reason: string; movedTo?: string }

/** Where the default store is kept between runs (a file in Node, localStorage in a browser). */
export type StatePersistence = {
  /** Human-readable place, for log lines: a file path, a storage key. */
  readonly where: string
  load(): Promise<PersistedState & { notes?: string[] }>
  /**
   * Saves the default store. `snapshot` is called when the write actually starts, so saves asked
   * for during a running write may be coalesced into one that holds every change.
   */
  save(snapshot: () => StoreSnapshot): Promise<void>
  /** Waits for every save asked for so far. */
  flush(): Promise<void>
}
