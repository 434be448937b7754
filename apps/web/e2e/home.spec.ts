import { ka } from '@devenv/domain/messages/ka'
import { expect, test } from './stub'
import { useLocale } from './support'

test.describe('home', () => {
  test('has the required title, tagline, 6 features, 4 stack categories and 4 stats (SITE-9, SITE-13)', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page).toHaveTitle('AI-Native Development Environments')
    await expect(
      page.locator('.hero').getByText('AI-Native Development Platform', { exact: true }),
      'the tagline in the home hero',
    ).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'AI-Native Development Environments',
    )
    const features = page.locator('#features').getByRole('heading', { level: 3 })
    await expect(features).toHaveText([
      'Instant Provisioning',
      'AI Integration',
      'Enterprise Security',
      'Auto Scaling',
      'Global Access',
      'DevOps Integration',
    ])
    for (const category of ['Infrastructure', 'Development', 'AI & Analytics', 'Security']) {
      await expect(page.getByRole('heading', { name: category, exact: true })).toBeVisible()
    }
    const stats = page.locator('.stat__value')
    await expect(stats).toHaveText(['< 2 min', '99.9%', '500+', '24/7'])
  })

  test('Start Free Trial goes to /contact (SITE-9)', async ({ page }) => {
    await page.goto('/')
    await page.locator('.hero').getByRole('link', { name: 'Start Free Trial' }).click()
    await expect(page).toHaveURL('/contact')
  })

  test('Explore Platform scrolls to the features section (SITE-2, SITE-9)', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('link', { name: 'Explore Platform' }).click()
    await expect(page).toHaveURL('/#features')
    await expect(page.locator('#features h2')).toBeInViewport()
  })

  test('View Technical Details opens the sign-in modal when signed out (SITE-9)', async ({
    page,
  }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'View Technical Details' }).click()
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
    await expect(page).toHaveURL(/auth=login/)
  })

  test('View Technical Details goes to /technical when signed in (SITE-9)', async ({
    page,
    stub,
  }) => {
    await stub.signIn(page)
    await page.goto('/')
    await page.getByRole('link', { name: 'View Technical Details' }).click()
    await expect(page).toHaveURL('/technical')
    await expect(page.getByText('Authenticated as')).toBeVisible()
  })

  test('reads in Georgian when ka is chosen', async ({ page }) => {
    await useLocale(page, 'ka')
    await page.goto('/')
    await expect(page.getByText(ka['app.tagline'], { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { name: ka['home.feature.autoScaling'] })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'ka')
    await expect(page).toHaveTitle(ka['page.home.title'])
  })
})
