import type { Page } from '@playwright/test'
import {
  authDialog,
  expect,
  registerThroughModal,
  resetPasswordOnPage,
  solveCaptcha,
  submitSignIn,
  test,
} from './auth-helpers'
import { toast } from './support'

/**
 * A new visitor's whole life with the account, through the interface only, against the real stub:
 * register -> the activation mail -> activate -> sign in -> technical page -> profile edit ->
 * change password -> sign out -> forgot password -> the mailed reset link -> sign in again.
 * The stub is read only for what a person would read in their inbox.
 */
const FIRST_PASSWORD = 'Kazbegi-Morning-31'
const SECOND_PASSWORD = 'Svaneti-Towers-47'
const THIRD_PASSWORD = 'Mestia-Snowfall-58'

const userMenu = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name })

test('register, activate, sign in, edit, change password, sign out, reset, sign in', async ({
  page,
  stub,
}) => {
  // A whole journey of many steps: three times the default bound (playwright.config.ts).
  test.slow()
  const email = `journey-${Date.now()}@example.com`

  // Register.
  await page.goto('/')
  await registerThroughModal(page, {
    firstName: 'Tamar',
    lastName: 'Kvaratskhelia',
    email,
    password: FIRST_PASSWORD,
  })
  const signIn = authDialog(page, 'Sign In')
  await expect(signIn).toContainText(
    'Account created successfully! Please check your email to verify your account.',
  )
  await signIn.getByRole('button', { name: 'Close' }).click()

  // The activation mail, and its link.
  const activation = await stub.waitForMail(email, 'activation')
  await page.goto(`/?activate=${encodeURIComponent(activation.linkParams.activate ?? '')}`)
  await expect(toast(page, 'success')).toBeVisible()
  await expect(page).not.toHaveURL(/activate=/)

  // Sign in: to the dashboard.
  await submitSignIn(authDialog(page, 'Sign In'), { email, password: FIRST_PASSWORD })
  await expect(toast(page, 'success').filter({ hasText: 'Successfully logged in!' })).toBeVisible()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(userMenu(page, email)).toBeVisible()

  // The technical page.
  await page.goto('/technical')
  await expect(page.getByText('Authenticated as')).toBeVisible()

  // Profile: a name, then the greeting says it.
  await page.goto('/changeprofile')
  await page.getByLabel('First Name', { exact: true }).fill('Tamar')
  await page.getByLabel('Last Name', { exact: true }).fill('Kvaratskhelia')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(
    toast(page, 'success').filter({ hasText: 'Profile updated successfully' }),
  ).toBeVisible()
  await expect(userMenu(page, 'Tamar Kvaratskhelia')).toBeVisible()

  // Change the password.
  await page.getByLabel('Current password', { exact: true }).fill(FIRST_PASSWORD)
  await page.getByLabel('New password', { exact: true }).fill(SECOND_PASSWORD)
  await page.getByLabel('Confirm new password', { exact: true }).fill(SECOND_PASSWORD)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(
    toast(page, 'success').filter({ hasText: 'Password changed successfully' }),
  ).toBeVisible()

  // Sign out.
  await userMenu(page, 'Tamar Kvaratskhelia').click()
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(toast(page, 'success').filter({ hasText: 'Logged out successfully' })).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull()

  // Forgot the password: the reset mail.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: 'Sign in', exact: true })
    .click()
  await authDialog(page, 'Sign In').getByRole('button', { name: 'Forgot password?' }).click()
  const forgot = authDialog(page, 'Reset Password')
  await forgot.getByLabel('Email').fill(email)
  await solveCaptcha(forgot)
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(forgot.getByRole('heading', { name: 'Email Sent!' })).toBeVisible()
  await expect(forgot).toContainText(email)
  await forgot.getByRole('button', { name: 'Close' }).click()

  // The mailed link: a new password, the countdown, then the sign-in modal at home.
  const reset = await stub.waitForMail(email, 'password-reset')
  const link = new URL(reset.link)
  await page.goto(`${link.pathname}${link.search}`)
  await resetPasswordOnPage(page, THIRD_PASSWORD)
  await expect(page).toHaveURL(/^[^?]*\/(\?.*)?$/)

  // The old passwords no longer work; the new one does.
  await submitSignIn(authDialog(page, 'Sign In'), { email, password: SECOND_PASSWORD })
  await expect(authDialog(page, 'Sign In')).toContainText('Invalid email or password')
  await submitSignIn(authDialog(page, 'Sign In'), { email, password: THIRD_PASSWORD })
  await expect(page).toHaveURL(/\/admin$/)
  await expect(userMenu(page, 'Tamar Kvaratskhelia')).toBeVisible()
})
