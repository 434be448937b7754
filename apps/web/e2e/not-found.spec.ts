import { ka } from '@devenv/domain/messages/ka'
import { expect, test } from './stub'
import { securityEvent, storedEvents, toast, useLocale } from './support'

test.describe('not found', () => {
  test('an unknown path answers 404 and shows the page, keeping the path asked for; the visit is logged (SITE-3, SITE-11)', async ({
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

  test('a client-side unknown link lands on /404 too (SITE-3)', async ({ page }) => {
    await page.goto('/')
    // The router listens for history changes once the page has hydrated.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await page.evaluate(() => {
      history.pushState({}, '', '/missing-page')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
    await expect(page).toHaveURL(/^[^?]*\/404\?from=%2Fmissing-page$/)
  })

  test('the restricted-access note shows for technical-looking paths (SITE-11)', async ({
    page,
  }) => {
    for (const word of ['technical', 'admin', 'api', 'docs', 'infrastructure', 'tech']) {
      const path = `/old-${word}-pages/v2`
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('Page Not Found')
      await expect(page.getByRole('note'), path).toContainText('restricted technical resources')
    }
    await page.goto('/old-pages/v2')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
    await expect(page.getByRole('note')).toHaveCount(0)
  })

  test('Back to Home, Go Back without history, and help links (SITE-11)', async ({ page }) => {
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

  test('Go Back returns to the previous page when there is one; the referrer is logged (SITE-11)', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/pricing')
    const event = await securityEvent(page, '404_page_access')
    await page.goto('/nowhere', { referer: `${baseURL}/pricing` })
    expect((await event.body).details).toEqual({
      original_path: '/nowhere',
      referrer: `${baseURL}/pricing`,
    })
    await page.getByRole('button', { name: 'Go Back' }).click()
    await expect(page).toHaveURL('/pricing')
  })

  test('Login shows only when signed out and opens the sign-in modal (SITE-11)', async ({
    page,
  }) => {
    await page.goto('/nowhere')
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
  })

  test('signed in: no Login, and Technical Docs links to /technical (SITE-11)', async ({
    page,
    stub,
  }) => {
    await stub.signIn(page)
    await page.goto('/nowhere')
    await expect(
      page
        .getByRole('navigation', { name: 'Helpful links' })
        .getByRole('link', { name: 'Technical Docs' }),
    ).toHaveAttribute('href', '/technical')
    await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0)
  })

  test('the documentation search notifies and logs; a blank query does nothing (SITE-11)', async ({
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
