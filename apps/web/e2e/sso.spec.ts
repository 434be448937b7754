import type { Page } from '@playwright/test'
import { expect, STUB_ORIGIN, type Stub, test } from './stub'

type Arrival = { url: URL; rawQuery: string }

/**
 * The build's admin panel address is the `main` environment's (`pnpm build` sets no
 * VITE_APP_ENV), which does not exist here: the navigation to it is caught, remembered, and sent
 * on to the stub's single-sign-on receiver, the development admin panel (CONF-2).
 */
async function catchSingleSignOn(page: Page, stub: Stub, baseURL: string): Promise<Arrival[]> {
  const arrivals: Arrival[] = []
  const site = new URL(baseURL).origin
  await page.route(
    (url) => url.origin !== site && url.origin !== STUB_ORIGIN && url.pathname.endsWith('/sso'),
    (route) => {
      const url = new URL(route.request().url())
      arrivals.push({ url, rawQuery: url.search.slice(1) })
      const receiver = `${STUB_ORIGIN}/__dev/sso${url.search}&stubSession=${stub.id}`
      return route.fulfill({ status: 302, headers: { location: receiver } })
    },
  )
  return arrivals
}

const storage = (page: Page, key: string) =>
  page.evaluate((name) => localStorage.getItem(name), key)

test.describe('Dashboard single sign-on', () => {
  test('sends the browser to the admin panel with token, refresh and token_valid_seconds (SESSION-8, CONF-2)', async ({
    page,
    stub,
    baseURL,
  }) => {
    const issued = await stub.signIn(page)
    const arrivals = await catchSingleSignOn(page, stub, baseURL ?? '')
    await page.goto('/')
    const dashboard = page.getByRole('button', { name: 'Dashboard' })
    await expect(dashboard).toBeVisible()
    const [accessToken, refreshToken] = [
      await storage(page, 'access_token'),
      await storage(page, 'refresh_token'),
    ]
    await dashboard.click()
    await expect(page).toHaveURL(/\/__dev\/sso\?/)

    const [arrival] = arrivals
    expect(arrivals).toHaveLength(1)
    expect(arrival?.url.pathname).toBe('/sso')
    expect([...(arrival?.url.searchParams.keys() ?? [])]).toEqual([
      'token',
      'refresh',
      'token_valid_seconds',
    ])
    expect(arrival?.url.searchParams.get('token')).toBe(accessToken)
    expect(arrival?.url.searchParams.get('refresh')).toBe(refreshToken)
    expect(arrival?.url.searchParams.get('token_valid_seconds')).toBe(
      String(issued.token_valid_seconds),
    )

    // The development admin panel verified the token and shows who arrived, and when the token
    // expires.
    await expect(page.getByRole('heading', { name: 'Signed in by single sign-on' })).toBeVisible()
    await expect(page.getByText('Nino Beridze')).toBeVisible()
    await expect(page.getByText('user@devenv.example')).toBeVisible()
    await expect(page.getByText('Token expires')).toBeVisible()
    const expires = await page.locator('time').getAttribute('datetime')
    expect(
      Date.parse(expires ?? '') - Date.now(),
      'the token expires within its validity',
    ).toBeLessThanOrEqual(issued.token_valid_seconds * 1000)
    expect(Date.parse(expires ?? ''), 'the token expires in the future').toBeGreaterThan(
      Date.now() - 60_000,
    )
  })

  test('every value is URL-encoded, and a missing refresh token is sent empty (SESSION-8)', async ({
    page,
    stub,
    baseURL,
  }) => {
    await stub.signIn(page)
    const arrivals = await catchSingleSignOn(page, stub, baseURL ?? '')
    await page.goto('/')
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await expect(page.getByRole('button', { name: 'Dashboard' })).toBeVisible()
    await page.evaluate(() => localStorage.setItem('refresh_token', 'a+b/c=d&e f'))
    await page.getByRole('button', { name: 'Dashboard' }).click()
    await expect(page).toHaveURL(/\/__dev\/sso\?/)
    expect(arrivals[0]?.rawQuery).toContain('&refresh=a%2Bb%2Fc%3Dd%26e%20f&')

    await page.goto('/')
    // Clicked once the page has hydrated, so the click meets its handler (an early click was lost).
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await expect(page.getByRole('button', { name: 'Dashboard' })).toBeVisible()
    await page.evaluate(() => localStorage.removeItem('refresh_token'))
    await page.getByRole('button', { name: 'Dashboard' }).click()
    await expect(page).toHaveURL(/\/__dev\/sso\?/)
    expect(arrivals[1]?.rawQuery).toMatch(/^token=[\w.-]+&refresh=&token_valid_seconds=900$/)
    await expect(page.getByText('not given')).toBeVisible()
  })

  test('without an access token: the required error is logged and the sign-in modal opens (SESSION-8)', async ({
    page,
    stub,
    baseURL,
  }) => {
    await stub.signIn(page)
    const arrivals = await catchSingleSignOn(page, stub, baseURL ?? '')
    const consoleErrors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })
    await page.goto('/')
    const dashboard = page.getByRole('button', { name: 'Dashboard' })
    await expect(dashboard).toBeVisible()
    const reported = page.waitForRequest((request) => request.url().endsWith('/api/errors/log'))
    // The token vanishes as the button is pressed, after the bar was drawn signed in.
    await page.evaluate(() =>
      document.addEventListener('pointerdown', () => localStorage.removeItem('access_token'), {
        capture: true,
        once: true,
      }),
    )
    await dashboard.click()

    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
    await expect(page).toHaveURL('/?auth=login')
    expect((await reported).postDataJSON()).toMatchObject({
      message: 'No access token available for SSO',
      context: { action: 'dashboard' },
    })
    expect(consoleErrors.some((line) => line.includes('No access token available for SSO'))).toBe(
      true,
    )
    expect(arrivals).toEqual([])
    // The team's error log received it.
    await expect(async () => {
      const logged = (await (await stub.api.get('/__dev/errors')).json()) as {
        items: Array<{ body: { message: string } }>
      }
      expect(logged.items.map((item) => item.body.message)).toContain(
        'No access token available for SSO',
      )
    }).toPass()
  })

  test("the demo's single-sign-on receiver page does not exist outside the demo", async ({
    page,
  }) => {
    await page.goto('/demo/admin-panel?token=t&refresh=r&token_valid_seconds=900')
    await expect(page).toHaveURL(/\/404\?from=%2Fdemo%2Fadmin-panel$/)
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  })
})
