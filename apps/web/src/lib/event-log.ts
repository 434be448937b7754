import {
  createEventEntry,
  createEventLog,
  type EventDetails,
  type EventEntry,
  parseEventEntries,
  type SecurityEventType,
} from '@devenv/domain/event-log'
import { STORAGE_KEYS } from '@devenv/domain/session'

const log = createEventLog()
let loaded = false

function load(): void {
  if (loaded) return
  loaded = true
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.securityLog)
    log.load(parseEventEntries(stored ? JSON.parse(stored) : []))
  } catch {
    log.clear()
  }
}

function persist(): void {
  try {
    localStorage.setItem(STORAGE_KEYS.securityLog, JSON.stringify(log.list()))
  } catch {
    // A full or missing storage loses the local copy only; the server still gets the entry.
  }
}

function newId(now: number): string {
  return `evt-${now}-${Math.random().toString(36).slice(2, 8)}`
}

type SecurityEventBody = Omit<EventEntry, 'details'> & { details: Record<string, string> }

// The contract's details are strings only: other values are written as text, empty ones left out.
function toSecurityEvent(entry: EventEntry): SecurityEventBody {
  const details: Record<string, string> = {}
  for (const [key, value] of Object.entries(entry.details)) {
    if (value !== undefined && value !== null && value !== '') details[key] = String(value)
  }
  return { ...entry, details }
}

/** Sends one entry to POST /security/log; a failure only warns (EVENT-1). */
export async function sendEvent(entry: EventEntry): Promise<void> {
  try {
    // The light sender, loaded on first use: every page view is reported, and the full API
    // client would otherwise load on every page for that alone.
    const { sendReport } = await import('./telemetry')
    await sendReport('/security/log', toSecurityEvent(entry))
  } catch (error) {
    console.warn('Security event not sent', entry.type, error)
  }
}

/** Records an event: kept in storage (newest 100) and sent to the server. */
export function logEvent(type: SecurityEventType, details: EventDetails = {}): EventEntry {
  load()
  const now = Date.now()
  const entry = createEventEntry({
    type,
    id: newId(now),
    now,
    userAgent: navigator.userAgent,
    url: location.href,
    details,
  })
  log.append(entry)
  persist()
  void sendEvent(entry)
  return entry
}

export function storedEvents(): readonly EventEntry[] {
  load()
  return log.list()
}
