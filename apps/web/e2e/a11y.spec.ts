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

for (const theme of ['light', 'dark'] as const) {
  for (const locale of ['en', 'ka'] as const) {
    test(`no axe violations on the public pages (${theme}, ${locale})`, async ({ page }) => {
      await useTheme(page, theme)
      await useLocale(page, locale)
      for (const path of PAGES) {
        await page.goto(path)
        await expect(page.locator('html')).toHaveAttribute('lang', locale)
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        expect(await axeViolations(page), `${path} (${theme}, ${locale})`).toEqual([])
      }
    })
  }
}

test('no axe violations with the FAQ open, the mobile menu open, a toast and the modal', async ({
  page,
}) => {
  await page.goto('/pricing')
  await page.locator('.accordion__button').first().click()
  expect(await axeViolations(page)).toEqual([])
  await page.goto('/contact')
  await page.getByRole('button', { name: 'Book Demo Call' }).click()
  await expect(page.locator('[data-sonner-toast]')).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  await page.setViewportSize({ width: 375, height: 740 })
  await page.getByRole('button', { name: 'Open menu' }).click()
  expect(await axeViolations(page)).toEqual([])
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
})
