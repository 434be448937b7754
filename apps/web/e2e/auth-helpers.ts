import type { Locator, Page } from '@playwright/test'
import { type Account, expect, test as stubTest, type Tokens } from './stub'

/**
 * Every test of the auth specs runs in its own stub session, also when it never calls the stub
 * itself: sign-in failures feed the stub's login lock, which must not leak between tests.
 */
export const test = stubTest.extend<{ isolatedStub: undefined }>({
  isolatedStub: [
    async ({ stub }, use) => {
      void stub
      await use(undefined)
    },
    { auto: true },
  ],
})

export { expect }

/** The open auth modal with the given title. */
export const authDialog = (page: Page, title: 'Sign In' | 'Create Account' | 'Reset Password') =>
  page.getByRole('dialog', { name: title })

/** Opens the sign-in modal from the navigation bar. */
export async function openSignIn(page: Page): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: 'Sign in', exact: true })
    .click()
  const dialog = authDialog(page, 'Sign In')
  await expect(dialog).toBeVisible()
  return dialog
}

/** Fills and sends the sign-in form of an open sign-in modal. */
export async function submitSignIn(dialog: Locator, account: Account): Promise<void> {
  await dialog.getByLabel('Email').fill(account.email)
  await dialog.getByLabel(/^Password/).fill(account.password)
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click()
}

export type NewAccount = { firstName: string; lastName: string; email: string; password: string }

/** From the bar: Sign in, then Sign up; fills the Create Account form, solves the puzzle, sends it. */
export async function registerThroughModal(page: Page, account: NewAccount): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: 'Sign in', exact: true })
    .click()
  await authDialog(page, 'Sign In').getByRole('button', { name: 'Sign up' }).click()
  const register = authDialog(page, 'Create Account')
  await register.getByLabel('First Name').fill(account.firstName)
  await register.getByLabel('Last Name').fill(account.lastName)
  await register.getByLabel('Email').fill(account.email)
  await register.getByLabel(/^Password/).fill(account.password)
  await register.getByLabel(/^Confirm Password/).fill(account.password)
  await register.getByRole('checkbox', { name: /I agree to the/ }).check()
  await solveCaptcha(register)
  await register.getByRole('button', { name: 'Create Account' }).click()
}

/** Solves the human-verification sum inside `scope` and waits for the verified event. */
export async function solveCaptcha(scope: Locator): Promise<void> {
  const puzzle = scope.getByRole('group', { name: 'Human Verification' })
  const question = puzzle.getByLabel(/What is \d+ \+ \d+\?/)
  const label = (await puzzle.locator('label').textContent()) ?? ''
  const [, a, b] = /What is (\d+) \+ (\d+)\?/.exec(label) ?? []
  await question.fill(String(Number(a) + Number(b)))
  await expect(puzzle.getByRole('status')).toHaveText('Human verification completed')
}

/** Puts a token pair into a page's storage before its first script (every document of the page). */
export async function putTokens(page: Page, tokens: Tokens): Promise<void> {
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-tokens-put')) return
    sessionStorage.setItem('e2e-tokens-put', '1')
    localStorage.setItem('access_token', value.access_token)
    localStorage.setItem('refresh_token', value.refresh_token)
    localStorage.setItem('token_valid_seconds', String(value.token_valid_seconds))
  }, tokens)
}

/** The session keys of a page's storage. */
export async function storedSession(page: Page) {
  return page.evaluate(() => ({
    accessToken: localStorage.getItem('access_token'),
    refreshToken: localStorage.getItem('refresh_token'),
    tokenValidSeconds: localStorage.getItem('token_valid_seconds'),
    receivedAt: localStorage.getItem('token_received_at'),
  }))
}

/** The JSON bodies of the page's calls to one API path, in order (read through a pass-through route). */
export async function recordCalls(page: Page, path: string): Promise<Array<unknown>> {
  const bodies: unknown[] = []
  await page.route(
    (url) => url.pathname === `/api${path}`,
    async (route) => {
      bodies.push(route.request().postDataJSON())
      await route.continue()
    },
  )
  return bodies
}

/**
 * On the reset page a mailed link opened: sets the new password twice and submits; waits for the
 * success text and the countdown's sign-in modal at home.
 */
export async function resetPasswordOnPage(page: Page, password: string): Promise<void> {
  await page.getByLabel('New Password*', { exact: true }).fill(password)
  await page.getByLabel('Confirm New Password*', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(
    page.getByText(
      'Password has been reset successfully. You can now login with your new password.',
    ),
  ).toBeVisible()
  await expect(authDialog(page, 'Sign In')).toBeVisible({ timeout: 60_000 })
}
