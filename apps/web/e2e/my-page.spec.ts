import { accountKa } from '../src/features/account/messages/ka'
import { DEMO_ACCOUNT, expect, test } from './stub'
import { axeViolations, useLocale, useTheme } from './support'

test.describe('/my/page', () => {
  test('the demo account: its details and a summary of its environments (ENV-4)', async ({
    page,
    stub,
  }) => {
    await stub.signIn(page, DEMO_ACCOUNT)
    await page.goto('/my/page')
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible()
    await expect(page).toHaveTitle(/^My Account \| DevEnv/)
    const details = page.getByRole('region', { name: 'Account details' })
    await expect(details.getByText('Demo User')).toBeVisible()
    await expect(details.getByText('Demo Mode')).toBeVisible()
    await expect(details.getByText('demo@devenv.example')).toBeVisible()
    await expect(details.getByText('Personal', { exact: true })).toBeVisible()
    await expect(details.locator('.chip')).toHaveText(['Demo'])
    await expect(details.locator('time')).toHaveText('January 15, 2025')

    const summary = page.getByRole('region', { name: 'Your environments' })
    await expect(summary.getByText('1 in total')).toBeVisible()
    await expect(summary.getByRole('term')).toHaveText(['Running'])
    await expect(summary.getByRole('definition')).toHaveText(['1'])
    await summary.getByRole('link', { name: 'ml-notebooks' }).click()
    await expect(page).toHaveURL('/admin')
    await expect(page.getByRole('article', { name: 'ml-notebooks' })).toBeVisible()
  })

  test('a company account without environments is invited to create one (ENV-4)', async ({
    page,
    stub,
  }) => {
    await stub.signIn(page)
    await page.goto('/my/page')
    const details = page.getByRole('region', { name: 'Account details' })
    await expect(details.getByText('Nino Beridze')).toBeVisible()
    await expect(details.getByText('Kartuli Soft LLC')).toBeVisible()
    await expect(details.getByText('Company', { exact: true }).last()).toBeVisible()
    await expect(details.getByText('Demo Mode')).toHaveCount(0)
    const summary = page.getByRole('region', { name: 'Your environments' })
    await expect(summary.getByText('You have no environments yet.')).toBeVisible()
    await summary.getByRole('link', { name: 'Create an environment' }).click()
    await expect(page).toHaveURL('/admin')
  })

  // In Georgian the role showed its raw value ('demo') and the date was American English.
  test('Georgian: the role is translated and the date written the Georgian way', async ({
    page,
    stub,
  }) => {
    await useLocale(page, 'ka')
    await stub.signIn(page, DEMO_ACCOUNT)
    await page.goto('/my/page')
    const details = page.locator('.account-details')
    await expect(details.locator('.chip')).toHaveText([accountKa['account.role.demo']])
    // Member since 15 January 2025 (CLDR's long date: "15 იანვარი, 2025").
    await expect(details.locator('time')).toHaveText('15 იანვარი, 2025')
  })

  for (const [theme, locale] of [
    ['light', 'en'],
    ['dark', 'en'],
    ['dark', 'ka'],
  ] as const) {
    test(`no axe violations (${theme}, ${locale})`, async ({ page, stub }) => {
      await useTheme(page, theme)
      await useLocale(page, locale)
      await stub.signIn(page, DEMO_ACCOUNT)
      await page.goto('/my/page')
      await expect(page.getByText('demo@devenv.example')).toBeVisible()
      await expect(page.getByRole('term').first()).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
    })
  }
})
