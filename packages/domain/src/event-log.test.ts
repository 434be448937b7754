import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { EventEntry } from './event-log'
import {
  appendEvent,
  createEventEntry,
  createEventLog,
  parseEventEntries,
  SECURITY_EVENT_TYPES,
  SECURITY_LOG_LIMIT,
  trimEvents,
} from './event-log'

const entry = (id: string): EventEntry =>
  createEventEntry({
    type: 'page_view',
    id,
    now: 0,
    userAgent: 'test-agent',
    url: 'https://site.example/',
  })

const ids = (entries: readonly EventEntry[]) => entries.map((item) => item.id)

describe('createEventEntry', () => {
  // EVENT-1: an entry's fields.
  it('stamps the given time as ISO 8601 and copies the details', () => {
    const details = { user: 'nino@example.ge' }
    const created = createEventEntry({
      type: 'technical_page_access',
      id: 'evt-1',
      now: Date.UTC(2025, 0, 2, 3, 4, 5),
      userAgent: 'agent',
      url: 'https://site.example/technical',
      details,
    })
    expect(created).toEqual({
      type: 'technical_page_access',
      id: 'evt-1',
      timestamp: '2025-01-02T03:04:05.000Z',
      userAgent: 'agent',
      url: 'https://site.example/technical',
      details: { user: 'nino@example.ge' },
    })
    expect(created.details).not.toBe(details)
  })

  it('knows the event types the product names (EVENT-2)', () => {
    for (const type of ['404_page_access', 'technical_page_access', 'unauthorized_access']) {
      expect(SECURITY_EVENT_TYPES).toContain(type)
    }
  })
})

describe('createEventLog', () => {
  // EVENT-1: the newest 100 are kept.
  it('keeps 100 entries by default', () => {
    const log = createEventLog()
    expect(log.limit).toBe(SECURITY_LOG_LIMIT)
    for (let index = 0; index < 105; index += 1) log.append(entry(`e${index}`))
    expect(log.list()).toHaveLength(100)
    expect(log.list()[0]?.id).toBe('e5')
    expect(log.list()[99]?.id).toBe('e104')
  })

  it('appends in order and drops the oldest beyond the limit', () => {
    const log = createEventLog(3)
    for (const id of ['a', 'b', 'c', 'd']) log.append(entry(id))
    expect(ids(log.list())).toEqual(['b', 'c', 'd'])
  })

  it('hands out copies, so callers cannot change the log', () => {
    const log = createEventLog(3)
    log.append(entry('a'))
    const listed = log.list() as EventEntry[]
    listed.push(entry('intruder'))
    expect(ids(log.list())).toEqual(['a'])
  })

  it('clears', () => {
    const log = createEventLog(3)
    log.append(entry('a'))
    log.clear()
    expect(log.list()).toEqual([])
  })

  it('loads stored entries keeping the newest', () => {
    const log = createEventLog(2)
    log.append(entry('old'))
    log.load([entry('a'), entry('b'), entry('c')])
    expect(ids(log.list())).toEqual(['b', 'c'])
  })

  it('refuses a limit below one', () => {
    expect(() => createEventLog(0)).toThrow(RangeError)
    expect(() => createEventLog(1.5)).toThrow(RangeError)
    expect(() => trimEvents([], -1)).toThrow(RangeError)
  })

  it('never exceeds its limit and keeps the newest entries in insertion order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.constantFrom('append', 'clear'), { maxLength: 60 }),
        (limit, actions) => {
          const log = createEventLog(limit)
          let expected: string[] = []
          actions.forEach((action, index) => {
            if (action === 'clear') {
              log.clear()
              expected = []
            } else {
              log.append(entry(String(index)))
              expected = [...expected, String(index)].slice(-limit)
            }
            expect(log.list().length).toBeLessThanOrEqual(limit)
            expect(ids(log.list())).toEqual(expected)
          })
        },
      ),
    )
  })
})

describe('pure helpers', () => {
  it('appendEvent does not modify the given list', () => {
    const before = [entry('a')]
    const after = appendEvent(before, entry('b'), 5)
    expect(ids(before)).toEqual(['a'])
    expect(ids(after)).toEqual(['a', 'b'])
  })

  it('parseEventEntries keeps well-formed entries and drops the rest', () => {
    const good = entry('good')
    const stored = JSON.parse(
      JSON.stringify([
        good,
        { ...good, type: 'unknown_type' },
        { ...good, id: 7 },
        { ...good, details: null },
        { ...good, details: [] },
        'junk',
        null,
      ]),
    )
    expect(parseEventEntries(stored)).toEqual([good])
    expect(parseEventEntries('not a list')).toEqual([])
    expect(parseEventEntries(undefined)).toEqual([])
  })
})

describe('stored entries', () => {
  it.each(['id', 'timestamp', 'userAgent', 'url'] as const)(
    'are dropped when %s is not text',
    (field) => {
      const good = entry('good')
      expect(parseEventEntries([good, { ...good, [field]: 7 }])).toEqual([good])
      expect(parseEventEntries([{ ...good, [field]: undefined }])).toEqual([])
    },
  )

  it('are dropped when their details are not an object', () => {
    const good = entry('good')
    expect(parseEventEntries([{ ...good, details: 'user=nino' }])).toEqual([])
  })

  it('refuse a limit below one with the reason and the limit given', () => {
    expect(() => createEventLog(0)).toThrow('An event log keeps at least one entry; got limit 0')
  })
})
