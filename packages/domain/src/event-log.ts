import { loggableDetails, loggableUrl } from './secrets'
import { isoTimestamp } from './time'
import { reportedUserAgent } from './user-agent'

export const SECURITY_LOG_LIMIT = 100

/** EVENT-2 names the 404, technical-page and unauthorized types; the rest are ours. */
export const SECURITY_EVENT_TYPES = [
  'page_view',
  '404_page_access',
  'technical_page_access',
  'unauthorized_access',
  'documentation_search',
  'contact_form_submission',
  'demo_request',
  'login_success',
  'login_failure',
  'login_locked',
  'logout',
  'developer_tools_blocked',
] as const
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number]

export type EventDetailValue = string | number | boolean | null

/** Details use snake_case names (EVENT-1), as they are sent to POST /security/log. */
export type EventDetails = {
  user?: string
  original_path?: string
  referrer?: string
  query?: string
  inquiry_type?: string
  company?: string
  path?: string
  [key: string]: EventDetailValue | undefined
}

export type EventEntry = {
  type: SecurityEventType
  id: string
  timestamp: string
  userAgent: string
  url: string
  details: EventDetails
}

export type NewEvent = {
  type: SecurityEventType
  id: string
  now: number
  userAgent: string
  url: string
  details?: EventDetails
}

export function isSecurityEventType(value: unknown): value is SecurityEventType {
  return (SECURITY_EVENT_TYPES as readonly unknown[]).includes(value)
}

/**
 * A new entry, fit for storage and the network: the address keeps only its path and the harmless
 * query parameters, and details named like secrets are left out (the reset hash and the
 * activation token arrive in page addresses).
 */
export function createEventEntry(event: NewEvent): EventEntry {
  return {
    type: event.type,
    id: event.id,
    timestamp: isoTimestamp(event.now),
    userAgent: reportedUserAgent(event.userAgent),
    url: loggableUrl(event.url),
    details: loggableDetails(event.details ?? {}),
  }
}

function assertLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`An event log keeps at least one entry; got limit ${limit}`)
  }
}

/** The newest `limit` entries, oldest first. */
export function trimEvents(entries: readonly EventEntry[], limit: number): EventEntry[] {
  assertLimit(limit)
  return entries.slice(Math.max(0, entries.length - limit))
}

export function appendEvent(
  entries: readonly EventEntry[],
  entry: EventEntry,
  limit: number,
): EventEntry[] {
  return trimEvents([...entries, entry], limit)
}

function isEventEntry(value: unknown): value is EventEntry {
  // null and undefined have no fields; any other value is read field by field.
  const entry = (value ?? {}) as Record<string, unknown>
  return (
    isSecurityEventType(entry.type) &&
    typeof entry.id === 'string' &&
    typeof entry.timestamp === 'string' &&
    typeof entry.userAgent === 'string' &&
    typeof entry.url === 'string' &&
    typeof entry.details === 'object' &&
    entry.details !== null &&
    !Array.isArray(entry.details)
  )
}

/**
 * Reads stored entries defensively: malformed ones are dropped, not trusted, and the rest are
 * cleaned as new ones are (a log written before that rule may hold secrets).
 */
export function parseEventEntries(value: unknown): EventEntry[] {
  if (!Array.isArray(value)) return []
  return value.filter(isEventEntry).map((entry) => ({
    ...entry,
    url: loggableUrl(entry.url),
    details: loggableDetails(entry.details),
  }))
}

export type EventLog = {
  readonly limit: number
  append(entry: EventEntry): void
  list(): readonly EventEntry[]
  clear(): void
  load(entries: readonly EventEntry[]): void
}

/** An in-memory log of the newest entries; the caller persists list() where it likes. */
export function createEventLog(limit: number = SECURITY_LOG_LIMIT): EventLog {
  assertLimit(limit)
  let entries: readonly EventEntry[] = []
  return {
    limit,
    append(entry) {
      entries = appendEvent(entries, entry, limit)
    },
    list() {
      return [...entries]
    },
    clear() {
      entries = []
    },
    load(stored) {
      entries = trimEvents(stored, limit)
    },
  }
}
