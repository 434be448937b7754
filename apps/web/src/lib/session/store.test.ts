import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// The legacy key is read once per page: each test loads a fresh copy of the module.
async function freshSession() {
  vi.resetModules()
  return import('./store')
}

const claims = (value: Record<string, unknown>) =>
  `e30.${btoa(JSON.stringify(value)).replace(/=+$/, '')}.sig`

beforeEach(() => localStorage.clear())
afterEach(() => localStorage.clear())

describe('the stored session', () => {
  it('adopts the legacy authToken once when there is no access token, then removes it', async () => {
    const legacy = claims({ sub: 'u1', email: 'nino@example.com' })
    localStorage.setItem('authToken', legacy)
    const session = await freshSession()
    expect(session.getSession()).toEqual({
      isAuthenticated: true,
      user: {
        id: 'u1',
        email: 'nino@example.com',
        name: null,
        username: null,
        roles: [],
        demo: false,
      },
    })
    expect(localStorage.getItem('access_token')).toBe(legacy)
    expect(localStorage.getItem('authToken')).toBeNull()
    // Never written again, and read only once: a later value is left alone.
    localStorage.setItem('authToken', 'later')
    session.clearSession()
    expect(session.getSession().isAuthenticated).toBe(false)
    expect(localStorage.getItem('authToken')).toBe('later')
  })

  it('keeps the current access token over a legacy one (which is still removed)', async () => {
    const current = claims({ sub: 'u2' })
    localStorage.setItem('access_token', current)
    localStorage.setItem('authToken', claims({ sub: 'u1' }))
    const session = await freshSession()
    expect(session.getAccessToken()).toBe(current)
    expect(localStorage.getItem('authToken')).toBeNull()
  })

  it('stores a pair with the moment it arrived, and forgets all of it', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') })
    try {
      const session = await freshSession()
      session.setTokens({
        accessToken: claims({ sub: 'u1' }),
        refreshToken: 'R',
        tokenValidSeconds: 900,
      })
      expect(localStorage.getItem('token_received_at')).toBe(
        String(Date.parse('2026-03-02T09:00:00Z')),
      )
      expect(localStorage.getItem('token_valid_seconds')).toBe('900')
      session.clearSession()
      expect(session.getSession().isAuthenticated).toBe(false)
      for (const key of [
        'access_token',
        'refresh_token',
        'token_valid_seconds',
        'token_received_at',
      ])
        expect(localStorage.getItem(key), key).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('the profile greets only the account it belongs to; the same object while nothing changes', async () => {
    localStorage.setItem('access_token', claims({ sub: 'u1', name: 'From the token' }))
    const session = await freshSession()
    const first = session.getSession()
    expect(session.getSession()).toBe(first)
    const profileUser = {
      id: 'u1',
      email: 'n@example.com',
      name: 'From the profile',
      username: 'n',
      roles: [],
      demo: true,
    }
    session.setProfileUser(profileUser)
    expect(session.getSession().user).toBe(profileUser)
    session.setProfileUser({ ...profileUser, id: 'someone-else' })
    expect(session.getSession().user?.name).toBe('From the token')
  })

  it('reads an unreadable token as signed in without a known user', async () => {
    localStorage.setItem('access_token', 'not-a-jwt')
    const session = await freshSession()
    expect(session.getSession()).toEqual({ isAuthenticated: true, user: null })
  })
})
