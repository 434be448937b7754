import type { Page } from '@playwright/test'
import { expect, test } from './stub'
import { storedEvents } from './support'

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' })

test.describe('the user menu', () => {
  test('stays open on a click elsewhere in the bar, closes on a click outside it', async ({
    page,
    stub,
  }) => {
    await stub.signIn(page)
    await page.goto('/pricing')
    const toggle = nav(page).getByRole('button', { name: 'Nino Beridze' })
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await nav(page)
      .getByRole('button', { name: /Switch to (dark|light) theme/ })
      .click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await page.getByRole('heading', { level: 1 }).click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })
})

test.describe('page views', () => {
  test('opening and closing the sign-in modal logs none; a new page does', async ({ page }) => {
    await page.goto('/')
    await nav(page).getByRole('button', { name: 'Sign in', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Sign In' })
    await expect(dialog).toBeVisible()
    await expect(page).toHaveURL('/?auth=login')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL('/')
    await nav(page).getByRole('link', { name: 'Pricing' }).click()
    await expect(page).toHaveURL('/pricing')
    await expect
      .poll(async () =>
        (await storedEvents(page))
          .filter((entry) => entry.type === 'page_view')
          .map((entry) => entry.details.path),
      )
      .toEqual(['/', '/pricing'])
  })
})

// The connection test's three states on /technical: e2e/technical.spec.ts.

test.describe('the contact form checks fields as the contract does', () => {
  test('a malformed phone number: a message on the field, nothing sent', async ({ page }) => {
    let sent = 0
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) sent += 1
    })
    await page.goto('/contact')
    await page.getByLabel(/^First Name/).fill('Nino')
    await page.getByLabel(/^Last Name/).fill('Beridze')
    await page.getByLabel(/^Email/).fill('nino@example.com')
    await page.getByLabel(/^Phone/).fill('call me maybe')
    await page.getByLabel(/^Inquiry Type/).selectOption('support')
    await page.getByLabel(/^Message/).fill('Hello')
    await page.getByRole('button', { name: 'Send Message' }).click()
    const phone = page.getByLabel(/^Phone/)
    await expect(phone).toHaveAttribute('aria-invalid', 'true')
    await expect(phone).toHaveAccessibleDescription(
      'Please enter a phone number: digits, spaces and + ( ) - . only.',
    )
    await expect(phone).toBeFocused()
    // What the contract allows is all the field takes.
    await page.getByLabel(/^First Name/).fill('N'.repeat(150))
    await expect(page.getByLabel(/^First Name/)).toHaveValue('N'.repeat(100))
    expect(sent).toBe(0)
  })
})
