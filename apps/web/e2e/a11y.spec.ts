import { expect, test } from '@playwright/test'
import { axeViolations, useLocale, useTheme } from './support'

const PAGES = [
  '/',
  '/pricing',
  '/contact',
  '/reset-password',
  '/legal/terms-of-service',
  '/legal/privacy-policy',
  '/no-such-page',
]

// One page in one theme and locale per test: a test's timeout measures one page's scan.
for (const theme of ['light', 'dark'] as const) {
  for (const locale of ['en', 'ka'] as const) {
    test.describe(`no axe violations on the public pages (${theme}, ${locale})`, () => {
      for (const path of PAGES) {
        test(path, async ({ page }) => {
          await useTheme(page, theme)
          await useLocale(page, locale)
          await page.goto(path)
          await expect(page.locator('html')).toHaveAttribute('lang', locale)
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
          expect(await axeViolations(page), `${path} (${theme}, ${locale})`).toEqual([])
        })
      }
    })
  }
}

test.describe('no axe violations in the open states of the public pages', () => {
  test('the FAQ open', async ({ page }) => {
    await page.goto('/pricing')
    await page.locator('.accordion__button').first().click()
    await expect(page.locator('.accordion__button').first()).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    expect(await axeViolations(page)).toEqual([])
  })

  test('a toast', async ({ page }) => {
    await page.goto('/contact')
    await page.getByRole('button', { name: 'Book Demo Call' }).click()
    await expect(page.locator('[data-sonner-toast]')).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })

  test('the mobile menu open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/contact')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })

  test('the sign-in modal opened from the mobile menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/contact')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
})
