import type { Page } from '@playwright/test'
import { authDialog, expect, recordCalls, storedSession, test } from './auth-helpers'
import { toast } from './support'

const greeting = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: 'Nino Beridze' })

/** `METHOD /path status` of the page's profile and refresh calls, in the order they answered. */
function sessionCalls(page: Page): string[] {
  const calls: string[] = []
  page.on('response', (response) => {
    const { pathname } = new URL(response.url())
    if (pathname === '/api/user/profile' || pathname === '/api/auth/token/refresh') {
      calls.push(`${response.request().method()} ${pathname} ${response.status()}`)
    }
  })
  return calls
}

test.describe('the session', () => {
  test('refreshes 30 s before the access token ends, stores the new pair, and plans the next (SESSION-4, API-9)', async ({
    page,
    stub,
  }) => {
    await page.clock.install()
    const tokens = await stub.signIn(page)
    const refreshes = await recordCalls(page, '/auth/token/refresh')
    // Time jumps only once the start-up's profile call is answered (a jump would time it out).
    const profile = page.waitForResponse('**/api/user/profile')
    await page.goto('/')
    expect((await profile).status()).toBe(200)
    await expect(greeting(page)).toBeVisible()

    // The pair lives 900 s: nothing happens until 870 s after it was issued.
    await page.clock.fastForward('14:20')
    await page.waitForTimeout(300)
    expect(refreshes).toEqual([])
    await page.clock.fastForward('00:15')
    await expect.poll(() => refreshes).toEqual([{ refreshToken: tokens.refresh_token }])
    await expect
      .poll(async () => (await storedSession(page)).refreshToken)
      .not.toBe(tokens.refresh_token)
    const renewed = await storedSession(page)
    expect(renewed.accessToken).not.toBe(tokens.access_token)
    expect(renewed.tokenValidSeconds).toBe('900')
    expect(renewed.receivedAt).not.toBeNull()

    // The next refresh is planned from the moment the new pair arrived.
    await page.clock.fastForward('14:20')
    await page.waitForTimeout(300)
    expect(refreshes).toHaveLength(1)
    await page.clock.fastForward('00:15')
    await expect.poll(() => refreshes.length).toBe(2)
    expect(refreshes[1]).toEqual({ refreshToken: renewed.refreshToken })
    await expect(greeting(page)).toBeVisible()
  })

  test('a 401 is cured by one refresh and the call is sent again (SESSION-6)', async ({
    page,
    stub,
  }) => {
    const tokens = await stub.signIn(page)
    // The server's clock is past the access token's life; the browser's is not.
    await stub.advanceClock(901)
    const calls = sessionCalls(page)
    await page.goto('/')
    await expect(greeting(page)).toBeVisible()
    await expect
      .poll(() => calls.filter((call) => call.startsWith('GET /api/user/profile')))
      .toEqual(['GET /api/user/profile 401', 'GET /api/user/profile 200'])
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([
      'POST /api/auth/token/refresh 200',
    ])
    expect((await storedSession(page)).refreshToken).not.toBe(tokens.refresh_token)
  })

  test('at start-up an expired pair is renewed before anything else is asked (SESSION-5)', async ({
    page,
    stub,
  }) => {
    await stub.signIn(page)
    await page.addInitScript(() => {
      if (sessionStorage.getItem('e2e-aged')) return
      sessionStorage.setItem('e2e-aged', '1')
      localStorage.setItem('token_received_at', String(Date.now() - 901_000))
    })
    const calls = sessionCalls(page)
    await page.goto('/')
    await expect(greeting(page)).toBeVisible()
    await expect
      .poll(() => calls)
      .toEqual(['POST /api/auth/token/refresh 200', 'GET /api/user/profile 200'])
  })

  test('a reused refresh token ends the session: signed out, the sign-in modal, the way back (SESSION-6)', async ({
    page,
    stub,
  }) => {
    const tokens = await stub.signIn(page)
    // Someone else presents the refresh token first; the browser's copy is now a reuse.
    const stolen = await stub.api.post('/api/auth/token/refresh', {
      data: { refreshToken: tokens.refresh_token },
    })
    expect(stolen.status()).toBe(200)
    await stub.advanceClock(901)
    const calls = sessionCalls(page)
    await page.goto('/technical')
    await expect(page).toHaveURL('/?redirect=%2Ftechnical&auth=login')
    await expect(authDialog(page, 'Sign In')).toBeVisible()
    await expect(toast(page, 'warning')).toContainText(
      'Your session has ended. Please sign in again.',
    )
    expect(calls).toContain('POST /api/auth/token/refresh 401')
    expect(await storedSession(page)).toEqual({
      accessToken: null,
      refreshToken: null,
      tokenValidSeconds: null,
      receivedAt: null,
    })
    await expect(
      page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('button', { name: 'Sign in', exact: true }),
    ).toBeAttached()
    // The reuse revoked the whole session, the thief's new pair included.
    const thief = (await stolen.json()) as { refresh_token: string }
    const again = await stub.api.post('/api/auth/token/refresh', {
      data: { refreshToken: thief.refresh_token },
    })
    expect(again.status()).toBe(401)
  })

  test('the legacy authToken is adopted once as the access token, then removed (SESSION-2)', async ({
    page,
    stub,
  }) => {
    const tokens = await stub.tokens()
    await page.addInitScript((token) => {
      if (sessionStorage.getItem('e2e-legacy')) return
      sessionStorage.setItem('e2e-legacy', '1')
      localStorage.setItem('authToken', token)
    }, tokens.access_token)
    await page.goto('/')
    await expect(greeting(page)).toBeVisible()
    const stored = await page.evaluate(() => ({
      accessToken: localStorage.getItem('access_token'),
      legacy: localStorage.getItem('authToken'),
    }))
    expect(stored).toEqual({ accessToken: tokens.access_token, legacy: null })
    await page.reload()
    await expect(greeting(page)).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull()
  })
})
