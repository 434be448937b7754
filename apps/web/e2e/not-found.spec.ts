import { ka } from '@devenv/domain/messages/ka'
import { expect, test } from './stub'
import { securityEvent, storedEvents, toast, useLocale } from './support'

test.describe('not found', () => {
  // SITE-3: HTTP 404 and the Not Found page.
  test('an unknown path answers 404 and shows the page, keeping the path asked for', async ({
    page,
  }) => {
    const event = await securityEvent(page, '404_page_access')
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
    await expect(page).toHaveURL('/404?from=%2Fno%2Fsuch%2Fpage')
    const body = await event.body
    expect(body.details).toEqual({ original_path: '/no/such/page', referrer: 'direct' })
    expect(Date.parse(String(body.timestamp))).not.toBeNaN()
    await expect(page.getByRole('note')).toHaveCount(0)
  })

  // SITE-3: an unknown path leads to /404.
  test('a client-side unknown link lands on /404 too', async ({ page }) => {
    await page.goto('/')
    // The router listens for history changes once the page has hydrated.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await page.evaluate(() => {
      history.pushState({}, '', '/missing-page')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
  })

  // SITE-11: the restricted-access note.
  test('the restricted-access note shows for technical-looking paths', async ({ page }) => {
    await page.goto('/infrastructure/servers')
    await expect(page.getByRole('note')).toContainText('restricted technical resources')
    await page.goto('/docs/v2')
    await expect(page.getByRole('note')).toBeVisible()
  })

  // SITE-11: the ways out and the help links.
  test('Back to Home, Go Back without history, and help links', async ({ page }) => {
    await page.goto('/nowhere')
    await page.getByRole('button', { name: 'Go Back' }).click()
    await expect(page).toHaveURL('/')
    await page.goto('/nowhere')
    await page.getByRole('link', { name: 'Back to Home' }).click()
    await expect(page).toHaveURL('/')
    await page.goto('/nowhere')
    const help = page.getByRole('navigation', { name: 'Helpful links' })
    await expect(help.getByRole('link', { name: 'Platform features' })).toHaveAttribute(
      'href',
      '/#features',
    )
    await expect(help.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing')
    await expect(help.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact')
    await help.getByRole('button', { name: 'Technical Docs' }).click()
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
  })

  test('Go Back returns to the previous page when there is one', async ({ page, baseURL }) => {
    await page.goto('/pricing')
    await page.goto('/nowhere', { referer: `${baseURL}/pricing` })
    await page.getByRole('button', { name: 'Go Back' }).click()
    await expect(page).toHaveURL('/pricing')
  })

  test('Login shows only when signed out and opens the sign-in modal', async ({ page }) => {
    await page.goto('/nowhere')
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
  })

  test('signed in: no Login, and Technical Docs links to /technical', async ({ page, stub }) => {
    await stub.signIn(page)
    await page.goto('/nowhere')
    await expect(
      page
        .getByRole('navigation', { name: 'Helpful links' })
        .getByRole('link', { name: 'Technical Docs' }),
    ).toHaveAttribute('href', '/technical')
    await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0)
  })

  // SITE-11: the documentation search.
  test('the documentation search notifies and logs; a blank query does nothing', async ({
    page,
  }) => {
    await page.goto('/nowhere')
    const search = page.getByRole('searchbox', { name: 'Search the documentation' })
    await search.fill('   ')
    await search.press('Enter')
    await expect(toast(page, 'info')).toHaveCount(0)
    await search.fill('provisioning')
    const event = await securityEvent(page, 'documentation_search')
    await search.press('Enter')
    await expect(toast(page, 'info')).toContainText('Documentation search is coming soon.')
    expect((await event.body).details).toEqual({ query: 'provisioning' })
    const stored = await storedEvents(page)
    expect(stored.some((entry) => entry.type === 'documentation_search')).toBe(true)
  })

  test('reads in Georgian', async ({ page }) => {
    await useLocale(page, 'ka')
    await page.goto('/nowhere')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ka['notFound.title'])
    await expect(page.getByRole('button', { name: ka['notFound.goBack'] })).toBeVisible()
  })
})
