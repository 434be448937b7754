import { afterEach, describe, expect, it, vi } from 'vitest'
import { reportClientError } from './error-log'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('reportClientError', () => {
  it('logs to the console and posts the report to /api/errors/log, without the query (EVENT-3)', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) => new Response(null, { status: 204 }),
    )
    vi.stubGlobal('fetch', fetchMock)
    history.replaceState(null, '', '/reset-password?user=a%40b.ge&hash=secret#top')
    await reportClientError('No access token available for SSO', { action: 'dashboard' })
    expect(consoleError).toHaveBeenCalledWith('No access token available for SSO', {
      action: 'dashboard',
    })
    const [url, init] = fetchMock.mock.calls[0] ?? ['', {}]
    expect(init.method).toBe('POST')
    expect(new URL(url, location.origin).pathname).toBe('/api/errors/log')
    const body = JSON.parse(String(init.body))
    expect(body).toMatchObject({
      message: 'No access token available for SSO',
      url: `${location.origin}/reset-password`,
      context: { action: 'dashboard' },
    })
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false)
    expect(body.userAgent).toBe(navigator.userAgent)
    history.replaceState(null, '', '/')
  })

  it('a report that cannot be sent only warns (EVENT-3)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'slow down' }), { status: 429 })),
    )
    await expect(reportClientError('Something broke')).resolves.toBeUndefined()
    expect(consoleWarn).toHaveBeenCalledWith('Error report not sent', expect.anything())
  })
})

describe('reportClientError keeps secrets out', () => {
  it('of the console and the report: secret context fields, secret query values in the message', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) => new Response(null, { status: 204 }),
    )
    vi.stubGlobal('fetch', fetchMock)
    history.replaceState(null, '', '/?activate=act-secret-1&auth=login')
    await reportClientError('Failed at /?activate=act-secret-1', {
      token: 'act-secret-1',
      path: '/reset-password?hash=abc123',
      route: '/',
    })
    const [, init] = fetchMock.mock.calls[0] ?? ['', {}]
    const sent = String(init.body)
    const printed = JSON.stringify(consoleError.mock.calls)
    for (const text of [sent, printed]) {
      expect(text).not.toContain('act-secret-1')
      expect(text).not.toContain('abc123')
    }
    expect(JSON.parse(sent)).toMatchObject({
      message: 'Failed at /?activate=[redacted]',
      url: `${location.origin}/?auth=login`,
      context: { path: '/reset-password', route: '/' },
    })
    history.replaceState(null, '', '/')
  })
})
