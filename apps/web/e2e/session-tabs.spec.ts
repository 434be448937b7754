import type { Page } from '@playwright/test'
import { expect, openSignIn, putTokens, storedSession, submitSignIn, test } from './auth-helpers'
import { USER_ACCOUNT } from './stub'

const bar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' })
const greeting = (page: Page) => bar(page).getByRole('button', { name: 'Nino Beridze' })

test.describe('several tabs', () => {
  test('signing out in one tab signs out the others; a signed-in page goes home with the modal', async ({
    page,
    context,
    stub,
  }) => {
    const tokens = await stub.tokens()
    const second = await context.newPage()
    await putTokens(page, tokens)
    await putTokens(second, tokens)
    await page.goto('/')
    await second.goto('/technical')
    await expect(greeting(page)).toBeVisible()
    await expect(second.getByText('Authenticated as')).toBeVisible()

    await greeting(page).click()
    await bar(page).getByRole('button', { name: 'Log out' }).click()
    await expect(second).toHaveURL('/?redirect=%2Ftechnical&auth=login')
    await expect(second.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
    await expect(greeting(second)).toHaveCount(0)
    expect((await storedSession(second)).accessToken).toBeNull()
  })

  test('signing in in one tab signs in the others', async ({ page, context }) => {
    const second = await context.newPage()
    await page.goto('/')
    await second.goto('/pricing')
    await expect(bar(second).getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
    await submitSignIn(await openSignIn(page), USER_ACCOUNT)
    await expect(page).toHaveURL('/admin')
    await expect(greeting(second)).toBeVisible()
  })

  test('only one tab presents the refresh token; every tab takes the new pair', async ({
    page,
    context,
    stub,
  }) => {
    await context.clock.install()
    const tokens = await stub.tokens()
    const second = await context.newPage()
    await putTokens(page, tokens)
    await putTokens(second, tokens)
    const presented: unknown[] = []
    await context.route('**/api/auth/token/refresh', async (route) => {
      presented.push(route.request().postDataJSON())
      await route.continue()
    })
    // Time jumps only once both start-ups' profile calls are answered (a jump would time them out).
    const profiles = [page, second].map((tab) => tab.waitForResponse('**/api/user/profile'))
    await page.goto('/')
    await second.goto('/')
    for (const profile of profiles) expect((await profile).status()).toBe(200)
    await expect(greeting(page)).toBeVisible()
    await expect(greeting(second)).toBeVisible()

    // Both tabs planned the same refresh; past it, only one of them may use the token.
    await context.clock.fastForward('14:45')
    await expect.poll(() => presented.length).toBeGreaterThan(0)
    await page.waitForTimeout(1500)
    expect(presented).toEqual([{ refreshToken: tokens.refresh_token }])
    const [first, other] = [await storedSession(page), await storedSession(second)]
    expect(first.refreshToken).not.toBe(tokens.refresh_token)
    expect(other.refreshToken).toBe(first.refreshToken)
    // The session is intact (a reuse would have revoked it): a new tab still gets the profile.
    const third = await context.newPage()
    await third.goto('/')
    await expect(greeting(third)).toBeVisible()
  })

  test('two tabs opened at once on an expired pair: one refresh, both signed in', async ({
    page,
    context,
    stub,
  }) => {
    const tokens = await stub.tokens()
    const second = await context.newPage()
    for (const tab of [page, second]) {
      await putTokens(tab, tokens)
      await tab.addInitScript(() => {
        if (sessionStorage.getItem('e2e-aged')) return
        sessionStorage.setItem('e2e-aged', '1')
        localStorage.setItem('token_received_at', String(Date.now() - 901_000))
      })
    }
    const presented: unknown[] = []
    await context.route('**/api/auth/token/refresh', async (route) => {
      presented.push(route.request().postDataJSON())
      await route.continue()
    })
    await Promise.all([page.goto('/'), second.goto('/')])
    await expect(greeting(page)).toBeVisible()
    await expect(greeting(second)).toBeVisible()
    await expect.poll(() => presented.length).toBe(1)
    await page.waitForTimeout(1000)
    expect(presented).toEqual([{ refreshToken: tokens.refresh_token }])
    // Both use the new pair, and the session was not revoked by a reuse.
    await page.reload()
    await expect(greeting(page)).toBeVisible()
    expect((await storedSession(second)).refreshToken).toBe(
      (await storedSession(page)).refreshToken,
    )
  })
})
