import {
  type PersistedState,
  type StatePersistence,
  type StoreSnapshot,
  storeSnapshotSchema,
} from '../core'

/** What the browser stub keeps in one localStorage entry: the default store and when. */
type StoredState = { version: 1; savedAt: string; store: StoreSnapshot }

/** The part of the Web Storage API this needs (`localStorage`; tests give an in-memory one). */
export type KeyValueStorage = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/**
 * The browser stub's default store in localStorage, saved after each change (the core calls
 * `save` before the answer leaves), so a full page load, such as opening an activation link,
 * finds the accounts and mails it left. An unreadable entry is kept aside under `<key>.corrupt`
 * and the stub starts from its seeds, as the file persistence does in Node.
 */
export function localStoragePersistence(
  storage: KeyValueStorage,
  key: string,
  now: () => number = Date.now,
): StatePersistence {
  const asideKey = `${key}.corrupt`
  const corrupt = (text: string, reason: string): PersistedState => {
    storage.setItem(asideKey, text)
    storage.removeItem(key)
    return { status: 'corrupt', reason, movedTo: asideKey }
  }
  return {
    where: `localStorage["${key}"]`,
    async load() {
      const text = storage.getItem(key)
      if (text === null) return { status: 'missing' }
      let stored: unknown
      try {
        stored = JSON.parse(text)
      } catch {
        return corrupt(text, 'not valid JSON')
      }
      const store = (stored as Partial<StoredState> | null)?.store
      if ((stored as Partial<StoredState> | null)?.version !== 1) {
        return corrupt(text, 'not a stub state of version 1')
      }
      const snapshot = storeSnapshotSchema.safeParse(store)
      if (!snapshot.success) {
        return corrupt(text, `unexpected content: ${snapshot.error.issues[0]?.message}`)
      }
      return { status: 'loaded', snapshot: snapshot.data }
    },
    async save(snapshot) {
      const stored: StoredState = {
        version: 1,
        savedAt: new Date(now()).toISOString(),
        store: snapshot(),
      }
      storage.setItem(key, JSON.stringify(stored))
    },
    // Each save is written before it resolves: nothing is ever pending.
    async flush() {},
  }
}
