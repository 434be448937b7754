import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSessionStore } from './store'

// The legacy key is read once per page: each test makes a fresh store, as each page does.
const freshSession = createSessionStore

const claims = (value: Record<string, unknown>) =>
  `e30.${btoa(JSON.stringify(value)).replace(/=+$/, '')}.sig`

beforeEach(() => localStorage.clear())
afterEach(() => localStorage.clear())

describe('the stored session', () => {
  // Roles default to empty (AUTH-10): the legacy token's claims hold none.
  it('adopts the legacy authToken once when there is no access token, then removes it (SESSION-2, AUTH-10)', () => {
    const legacy = claims({ sub: 'u1', email: 'nino@example.com' })
    localStorage.setItem('authToken', legacy)
    const session = freshSession()
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

  it('keeps the current access token over a legacy one (which is still removed) (SESSION-2)', () => {
    const current = claims({ sub: 'u2' })
    localStorage.setItem('access_token', current)
    localStorage.setItem('authToken', claims({ sub: 'u1' }))
    const session = freshSession()
    expect(session.getAccessToken()).toBe(current)
    expect(localStorage.getItem('authToken')).toBeNull()
  })

  it('stores a pair under access_token, refresh_token and token_valid_seconds, and forgets all of it (SESSION-2)', () => {
    vi.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') })
    try {
      const session = freshSession()
      const accessToken = claims({ sub: 'u1' })
      session.setTokens({ accessToken, refreshToken: 'R', tokenValidSeconds: 900 })
      expect(localStorage.getItem('access_token')).toBe(accessToken)
      expect(localStorage.getItem('refresh_token')).toBe('R')
      expect(localStorage.getItem('authToken'), 'the legacy key is never written').toBeNull()
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

  it('the profile greets only the account it belongs to; the same object while nothing changes', () => {
    localStorage.setItem('access_token', claims({ sub: 'u1', name: 'From the token' }))
    const session = freshSession()
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

  it('reads an unreadable token as signed in without a known user', () => {
    localStorage.setItem('access_token', 'not-a-jwt')
    const session = freshSession()
    expect(session.getSession()).toEqual({ isAuthenticated: true, user: null })
  })

  it('keeps its user to itself: another store on the same storage has its own profile', () => {
    localStorage.setItem('access_token', claims({ sub: 'u1', name: 'From the token' }))
    const first = freshSession()
    const second = freshSession()
    first.setProfileUser({
      id: 'u1',
      email: null,
      name: 'From the profile',
      username: null,
      roles: [],
      demo: false,
    })
    expect(first.getSession().user?.name).toBe('From the profile')
    expect(second.getSession().user?.name).toBe('From the token')
  })

  it('reads as signed out, and tells its listeners, where the browser refuses storage', () => {
    const session = freshSession({
      storage: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      },
    })
    const listener = vi.fn()
    const unsubscribe = session.subscribe(listener)
    session.setTokens({
      accessToken: claims({ sub: 'u1' }),
      refreshToken: 'R',
      tokenValidSeconds: 900,
    })
    expect(listener).toHaveBeenCalledTimes(1)
    expect(session.getSession()).toEqual({ isAuthenticated: false, user: null })
    expect(session.auth.isAuthenticated()).toBe(false)
    unsubscribe()
    session.clearSession()
    expect(listener).toHaveBeenCalledTimes(1)
  })
})
