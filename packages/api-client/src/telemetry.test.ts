import { describe, expect, it } from 'vitest'
import { sendTelemetry } from './telemetry'

type Sent = { url: string; init: RequestInit }

function recorder(status = 204) {
  const sent: Sent[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), init: init ?? {} })
    return new Response(null, { status })
  }
  return { sent, fetch }
}

const options = {
  baseUrl: 'https://api.devenv.example/',
  clientVersion: '1.0.0',
  timeoutMs: 10_000,
  now: () => new Date('2026-03-02T09:00:00Z'),
}

describe('sendTelemetry', () => {
  it('posts the body with the contract headers, no bearer token, and keepalive', async () => {
    const { sent, fetch } = recorder()
    await sendTelemetry({ ...options, fetch }, '/security/log', {
      type: 'page_view',
      id: 'evt-1',
      timestamp: '2026-03-02T09:00:00.000Z',
      userAgent: 'test',
      url: 'https://devenv.example/',
      details: {},
    })
    expect(sent).toHaveLength(1)
    const [{ url, init }] = sent as [Sent]
    expect(url).toBe('https://api.devenv.example/api/security/log')
    expect(init.method).toBe('POST')
    expect(init.keepalive).toBe(true)
    // The page's address (which may hold a secret) is no Referer.
    expect(init.referrerPolicy).toBe('strict-origin')
    expect(init.headers).toEqual({
      'Content-Type': 'application/json',
      'X-Client-Type': 'vue-website',
      'X-Client-Version': '1.0.0',
      'X-Request-Timestamp': '2026-03-02T09:00:00.000Z',
    })
    expect(JSON.parse(String(init.body))).toMatchObject({ type: 'page_view', id: 'evt-1' })
  })

  it('goes under the version segment when one is set', async () => {
    const { sent, fetch } = recorder()
    await sendTelemetry({ ...options, version: 'v1', fetch }, '/errors/log', {
      message: 'boom',
      url: 'https://devenv.example/',
      timestamp: '2026-03-02T09:00:00.000Z',
      userAgent: 'test',
    })
    expect(sent[0]?.url).toBe('https://api.devenv.example/api/v1/errors/log')
  })

  it('rejects on an error status, so the caller can warn', async () => {
    const { fetch } = recorder(503)
    await expect(
      sendTelemetry({ ...options, fetch }, '/errors/log', {
        message: 'boom',
        url: 'https://devenv.example/',
        timestamp: '2026-03-02T09:00:00.000Z',
        userAgent: 'test',
      }),
    ).rejects.toThrow('POST /errors/log answered 503')
  })
})
