import { STORAGE_KEYS } from '@devenv/domain/session'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { logEvent, storedEvents } from './event-log'

function answering(status: number) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the security event log (EVENT-1)', () => {
  it('keeps the entry in storage and posts it to /api/security/log with its fields', async () => {
    const fetchMock = answering(204)
    const entry = logEvent('404_page_access', { original_path: '/nowhere', referrer: 'direct' })
    expect(entry).toMatchObject({
      type: '404_page_access',
      id: expect.any(String),
      timestamp: expect.any(String),
      userAgent: navigator.userAgent,
      url: location.href,
      details: { original_path: '/nowhere', referrer: 'direct' },
    })
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.securityLog) ?? '[]')
    expect(stored.at(-1)).toEqual(entry)
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(new URL(String(url), location.href).pathname).toBe('/api/security/log')
    expect(init?.method).toBe('POST')
    expect(JSON.parse(String(init?.body))).toEqual(entry)
  })

  it('keeps the newest 100 entries', async () => {
    const fetchMock = answering(204)
    for (let index = 0; index < 105; index += 1) {
      logEvent('page_view', { query: `n${index}` })
    }
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.securityLog) ?? '[]')
    expect(stored).toHaveLength(100)
    expect(stored.at(-1).details).toEqual({ query: 'n104' })
    expect(stored[0].details).toEqual({ query: 'n5' })
    expect(storedEvents()).toHaveLength(100)
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(105))
  })

  it('a failed send only warns', async () => {
    const fetchMock = answering(503)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(() => logEvent('unauthorized_access', { original_path: '/admin' })).not.toThrow()
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1))
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]?.[0]).toBe('Security event not sent')
  })
})
