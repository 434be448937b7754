import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerEveryFetch } from '../testing/fetch-answer'
import { createSessionStore } from './session/store'
import { createSiteApi } from './site-api'

const ACCESS_TOKEN = 'e30.e30.signature'

function signedInApi() {
  localStorage.setItem('access_token', ACCESS_TOKEN)
  localStorage.setItem('refresh_token', 'refresh')
  localStorage.setItem('token_valid_seconds', '900')
  const session = { refreshTokens: vi.fn(async () => false), onSessionExpired: vi.fn() }
  return createSiteApi(session, createSessionStore())
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe("the site's API client", () => {
  // The base is the environment's address (same origin here) plus /api.
  it('sends under /api with a JSON body, the client type, version and a request timestamp (API-1, API-2)', async () => {
    const fetchMock = answerEveryFetch(200, { message: 'Reset link sent.' })
    const before = Date.now()
    await signedInApi().POST('/auth/reset-password', { body: { username: 'nino@example.com' } })
    const sent = fetchMock.mock.calls[0]?.[0] as Request
    expect(new URL(sent.url).pathname).toBe('/api/auth/reset-password')
    expect(sent.headers.get('Content-Type')).toBe('application/json')
    expect(await sent.json()).toEqual({ username: 'nino@example.com' })
    expect(sent.headers.get('X-Client-Type')).toBe('vue-website')
    expect(sent.headers.get('X-Client-Version')).toBe('1.0.0')
    const stamp = Date.parse(sent.headers.get('X-Request-Timestamp') ?? '')
    expect(stamp).toBeGreaterThanOrEqual(before - 1000)
    expect(stamp).toBeLessThanOrEqual(Date.now() + 1000)
  })

  it('carries the bearer token to the profile, never to a call under /auth/ (API-2)', async () => {
    const fetchMock = answerEveryFetch(200, {})
    const api = signedInApi()
    await api.POST('/auth/change-password', {
      body: {
        username: 'nino@example.com',
        oldPassword: 'OldPass123!',
        newPassword: 'NewPass123!',
      },
    })
    await api.GET('/user/profile')
    const [change, profile] = fetchMock.mock.calls.map((call) => call[0] as Request)
    expect(new URL(change?.url ?? '').pathname).toBe('/api/auth/change-password')
    expect(change?.headers.get('Authorization')).toBeNull()
    expect(new URL(profile?.url ?? '').pathname).toBe('/api/user/profile')
    expect(profile?.headers.get('Authorization')).toBe(`Bearer ${ACCESS_TOKEN}`)
  })
})
