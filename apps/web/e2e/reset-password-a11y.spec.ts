import type { Page } from '@playwright/test'
import { expect, test } from './stub'
import { axeViolationsOfStillCopy, expectNoAxeViolations, useTheme } from './support'

const HASH = '7fba1365c5404facd29db55ea827c4d2f6d7a8d2242976bedcbe0f0a59132586'
const LINK = `/reset-password?user=nino%40example.com&hash=${HASH}`

async function submitWith(page: Page, status: number, body: object) {
  await page.route('**/api/auth/set-password', (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
  )
  await page.goto(LINK)
  await page.getByLabel('New Password*', { exact: true }).fill('Narikala-42')
  await page.getByLabel('Confirm New Password*', { exact: true }).fill('Narikala-42')
  await page.getByRole('button', { name: 'Submit' }).click()
}

// One state per test: a test's timeout measures one state's way there and its scan.
for (const theme of ['light', 'dark'] as const) {
  test.describe(`reset password page, ${theme} theme: no axe violations`, () => {
    test.beforeEach(async ({ page }) => {
      await useTheme(page, theme)
    })

    test('arrival: an invalid link', async ({ page }) => {
      await page.goto('/reset-password')
      await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      await expectNoAxeViolations(page, 'invalid link')
    })

    test('arrival: an invalid token', async ({ page }) => {
      await page.goto(`/reset-password?user=nino%40example.com&hash=nothex`)
      await expect(page.getByRole('heading', { name: 'Invalid Reset Token' })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      await expectNoAxeViolations(page, 'invalid token')
    })

    test('the form, empty', async ({ page }) => {
      await page.goto(LINK)
      await expect(page.getByLabel('New Password*', { exact: true })).toBeVisible()
      await expectNoAxeViolations(page, 'empty form')
    })

    test('the form with the checklist and the mismatch', async ({ page }) => {
      await page.goto(LINK)
      await page.getByLabel('New Password*', { exact: true }).fill('abc')
      await page.getByLabel('Confirm New Password*', { exact: true }).fill('abd')
      await expect(page.getByRole('list', { name: 'Your new password needs:' })).toBeVisible()
      await expect(page.getByText('Passwords do not match')).toBeVisible()
      await expectNoAxeViolations(page, 'checklist and mismatch')
    })

    test('the form, valid', async ({ page }) => {
      await page.goto(LINK)
      await page.getByLabel('New Password*', { exact: true }).fill('Narikala-42')
      await page.getByLabel('Confirm New Password*', { exact: true }).fill('Narikala-42')
      await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled()
      await expectNoAxeViolations(page, 'valid form')
    })

    test('success, within the 3-second countdown', async ({ page }) => {
      await submitWith(page, 200, { status: true, message: 'Password has been reset.' })
      // On a busy machine the first second of the countdown may be gone before it is looked at.
      const countdown = page.getByText(/^Redirecting to login in \d seconds\.\.\.$/)
      await expect(countdown).toBeVisible()
      // The success state as it was shown, scanned in a still copy (the countdown moves on).
      expect(await axeViolationsOfStillCopy(page), 'success').toEqual([])
      // The copy holds the success state, in the theme's colours.
      await expect(countdown).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    })

    test('a failed call: server error', async ({ page }) => {
      await submitWith(page, 500, { status: false, message: 'Unexpected failure' })
      await expect(page.getByRole('heading', { name: 'Server Error' })).toBeVisible()
      await expectNoAxeViolations(page, 'server error')
    })
  })
}
