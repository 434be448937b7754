import { DEMO_ACCOUNT, USER_ACCOUNT } from '@devenv/openapi/dev-protocol'
import type { Page } from '@playwright/test'
import {
  authDialog,
  openSignIn,
  registerThroughModal,
  resetPasswordOnPage,
  solveCaptcha,
  submitSignIn,
} from '../e2e/auth-helpers'
import { toast } from '../e2e/support'
import { expect, test } from './dev'
import { DEV_BROWSER_STUB_PROJECT } from './projects'

/**
 * The site as `npm run dev` serves it (playwright.dev.config.ts): React's StrictMode mounts every
 * effect twice, Vite serves the source unbundled, and the stub is the server or the page's own.
 * The production suites cannot see what breaks only here: in development the auth windows closed
 * themselves 300 ms after opening, and nobody could sign in.
 */

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' })
const userMenu = (page: Page, name: string) => navigation(page).getByRole('button', { name })

/** Longer than StrictMode's rehearsal and the queued close event that followed it. */
const STAYS_OPEN_MS = 1_500

async function expectStaysOpen(page: Page, title: Parameters<typeof authDialog>[1]) {
  const dialog = authDialog(page, title)
  await expect(dialog).toBeVisible()
  await page.waitForTimeout(STAYS_OPEN_MS)
  await expect(dialog).toBeVisible()
}

test.describe('each auth window opens and stays open', () => {
  for (const [auth, title] of [
    ['login', 'Sign In'],
    ['register', 'Create Account'],
    ['forgot-password', 'Reset Password'],
  ] as const) {
    test(`by its address: ?auth=${auth}`, async ({ page }) => {
      await page.goto(`/?auth=${auth}`)
      await expectStaysOpen(page, title)
      await expect(page).toHaveURL(new RegExp(`auth=${auth}`))
    })
  }

  test('by a click, then by the links between them', async ({ page }) => {
    await page.goto('/')
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await navigation(page).getByRole('button', { name: 'Sign in', exact: true }).click()
    await expectStaysOpen(page, 'Sign In')
    await authDialog(page, 'Sign In').getByRole('button', { name: 'Sign up' }).click()
    await expectStaysOpen(page, 'Create Account')
    await authDialog(page, 'Create Account').getByRole('button', { name: 'Sign in' }).click()
    await authDialog(page, 'Sign In').getByRole('button', { name: 'Forgot password?' }).click()
    await expectStaysOpen(page, 'Reset Password')
  })

  test('by Enter on the button of the bar', async ({ page }) => {
    await page.goto('/')
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await navigation(page).getByRole('button', { name: 'Sign in', exact: true }).focus()
    await page.keyboard.press('Enter')
    await expectStaysOpen(page, 'Sign In')
  })
})

test('sign in with a seeded account, open the Dashboard, sign out', async ({ page, baseURL }) => {
  await page.goto('/')
  await submitSignIn(await openSignIn(page), DEMO_ACCOUNT)
  await expect(page).toHaveURL(/\/admin$/)
  await expect(userMenu(page, 'Demo User')).toBeVisible()

  // The Dashboard reaches a single-sign-on receiver that exists here: the stub's, or the page's
  // own where the stub runs in the page.
  await navigation(page).getByRole('button', { name: 'Dashboard' }).click()
  if (test.info().project.name === DEV_BROWSER_STUB_PROJECT) {
    await expect(page).toHaveURL(/\/demo\/admin-panel\?token=/)
    await expect(page.getByRole('region', { name: 'Admin panel (demo)' })).toBeVisible()
    await page.goBack()
  } else {
    await expect(page).toHaveURL(/\/__dev\/sso\?token=/)
    await expect(page.locator('body')).toContainText(DEMO_ACCOUNT.email)
    await page.goto(`${baseURL}/admin`)
  }

  await userMenu(page, 'Demo User').click()
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(toast(page, 'success').filter({ hasText: 'Logged out successfully' })).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull()
})

test('register, then activate through the mailbox; the mail links to this site', async ({
  page,
  dev,
  baseURL,
}) => {
  const email = `dev-${test.info().project.name}-${Date.now()}@example.com`
  const password = 'Tbilisi-Dev-Mode-71'
  await page.goto('/')
  await registerThroughModal(page, { firstName: 'Eka', lastName: 'Lomidze', email, password })
  await expect(authDialog(page, 'Sign In')).toContainText(
    'Account created successfully! Please check your email to verify your account.',
  )
  await authDialog(page, 'Sign In').getByRole('button', { name: 'Close' }).click()

  const mail = await dev.waitForMail(email, 'activation')
  expect(new URL(mail.link).origin).toBe(baseURL)
  await page.goto(mail.link)
  await expect(toast(page, 'success')).toContainText(
    'Your account has been activated. You can now sign in.',
  )
  await submitSignIn(authDialog(page, 'Sign In'), { email, password })
  await expect(page).toHaveURL(/\/admin$/)
  await expect(userMenu(page, email)).toBeVisible()
})

test('reset a forgotten password through the mailbox, then sign in with the new one', async ({
  page,
  dev,
  baseURL,
}) => {
  const newPassword = 'Kutaisi-Dev-Reset-64'
  await page.goto('/')
  await (await openSignIn(page)).getByRole('button', { name: 'Forgot password?' }).click()
  const forgot = authDialog(page, 'Reset Password')
  await forgot.getByLabel('Email').fill(USER_ACCOUNT.email)
  await solveCaptcha(forgot)
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(forgot.getByRole('heading', { name: 'Email Sent!' })).toBeVisible()
  await forgot.getByRole('button', { name: 'Close' }).click()

  const mail = await dev.waitForMail(USER_ACCOUNT.email, 'password-reset')
  expect(new URL(mail.link).origin).toBe(baseURL)
  await page.goto(mail.link)
  await resetPasswordOnPage(page, newPassword)
  await submitSignIn(authDialog(page, 'Sign In'), { ...USER_ACCOUNT, password: newPassword })
  await expect(page).toHaveURL(/\/admin$/)
})

test('create an environment, see it run, delete it', async ({ page }) => {
  const name = `dev-${Date.now().toString(36)}`
  await page.goto('/')
  await submitSignIn(await openSignIn(page), USER_ACCOUNT)
  await expect(page).toHaveURL(/\/admin$/)
  await page.getByRole('textbox', { name: 'Name' }).fill(name)
  await page.getByRole('button', { name: 'Create environment' }).click()
  await expect(toast(page, 'success').filter({ hasText: `${name} is being created` })).toBeVisible()
  const environment = page.getByRole('article', { name })
  await expect(environment.getByText('Running')).toBeVisible({ timeout: 60_000 })
  await page.getByRole('button', { name: `Delete ${name}` }).click()
  // The confirmation is a dialog too: it must stay open under StrictMode as well.
  const confirm = page.getByRole('dialog')
  await page.waitForTimeout(STAYS_OPEN_MS)
  await confirm.getByRole('button', { name: 'Delete environment' }).click()
  await expect(environment).toHaveCount(0, { timeout: 60_000 })
})
