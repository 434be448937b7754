import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerEveryFetch } from '../../../testing/fetch-answer'
import { setNewPassword } from './set-password'

const request = { username: 'nino@example.com', hash: 'a'.repeat(64), password: 'NewPass123' }

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('setNewPassword', () => {
  it('posts { username, hash, password } to /api/auth/set-password without a bearer; status true is success (RESET-6)', async () => {
    localStorage.setItem('access_token', 'header.payload.signature')
    const fetchMock = answerEveryFetch(200, { status: true, message: 'Password has been reset.' })
    expect(await setNewPassword(request)).toEqual({ ok: true })
    const sent = fetchMock.mock.calls[0]?.[0] as Request
    expect(sent.method).toBe('POST')
    expect(new URL(sent.url).pathname).toBe('/api/auth/set-password')
    expect(await sent.json()).toEqual(request)
    expect(sent.headers.get('Authorization')).toBeNull()
    localStorage.clear()
  })

  it('a 200 with status false is rejected with its message, else the fallback (RESET-7)', async () => {
    answerEveryFetch(200, { status: false, message: 'Link already used' })
    expect(await setNewPassword(request)).toEqual({
      ok: false,
      problem: { title: 'reset.failedTitle', description: { text: 'Link already used' } },
    })
    answerEveryFetch(200, { status: false })
    expect(await setNewPassword(request)).toEqual({
      ok: false,
      problem: { title: 'reset.failedTitle', description: { code: 'reset.failed' } },
    })
  })

  it('maps 5xx, 400 and 401 to their titles (RESET-7)', async () => {
    answerEveryFetch(503, { status: false, message: 'down' })
    expect(await setNewPassword(request)).toMatchObject({
      problem: { title: 'reset.serverError.title' },
    })
    answerEveryFetch(400, { status: false, message: 'This password reset link is invalid.' })
    expect(await setNewPassword(request)).toMatchObject({
      problem: {
        title: 'reset.invalidLink.title',
        description: { code: 'reset.linkNoLongerValid.description' },
      },
    })
    answerEveryFetch(401, { status: false, message: 'This password reset link has expired.' })
    expect(await setNewPassword(request)).toMatchObject({
      problem: { title: 'reset.expired.title', description: { code: 'reset.expired.description' } },
    })
  })

  it('another failure shows the server message, else the fallback (RESET-7)', async () => {
    answerEveryFetch(413, { status: false, message: 'Request body is too large' })
    expect(await setNewPassword(request)).toEqual({
      ok: false,
      problem: { title: 'reset.failedTitle', description: { text: 'Request body is too large' } },
    })
    answerEveryFetch(418)
    expect(await setNewPassword(request)).toEqual({
      ok: false,
      problem: { title: 'reset.failedTitle', description: { code: 'reset.error' } },
    })
  })

  it('no answer at all (network) is another failure, not a status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    expect(await setNewPassword(request)).toEqual({
      ok: false,
      problem: { title: 'reset.failedTitle', description: { code: 'reset.error' } },
    })
  })
})
