import { expect, type Page, type Response, test } from '@playwright/test'
import { authDialog, registerThroughModal, submitSignIn } from '../e2e/auth-helpers'
import { axeViolations, toast } from '../e2e/support'

/**
 * The static demo as a visitor meets it: nginx serves files only (scripts/serve.mjs --demo), and
 * every API and mailbox answer comes from the stub running in the page (MSW's service worker).
 */

const PASSWORD = 'Batumi-Boulevard-42'
const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' })
const demoPanel = (page: Page) => page.getByRole('region', { name: 'Demo' })

/** Every answer to /api or /__dev that the page received, to prove none came from the network. */
function watchStubAnswers(page: Page): Response[] {
  const answers: Response[] = []
  page.on('response', (response) => {
    const { pathname } = new URL(response.url())
    if (pathname.startsWith('/api/') || pathname.startsWith('/__dev/')) answers.push(response)
  })
  return answers
}

async function openDemoPanel(page: Page) {
  await page.getByRole('button', { name: 'Demo: accounts and mailbox' }).click()
  await expect(demoPanel(page)).toBeVisible()
}

test('a visitor registers, opens the activation mail in the page, signs in and creates an environment', async ({
  page,
}) => {
  // A whole visit of many steps: three times the default bound (playwright.demo.config.ts).
  test.slow()
  const answers = watchStubAnswers(page)
  const email = `demo-visitor-${Date.now()}@example.com`

  await page.goto('/')
  await expect(navigation(page).getByText('Demo Mode', { exact: true })).toBeVisible()

  // Register through the modal.
  await registerThroughModal(page, {
    firstName: 'Nino',
    lastName: 'Beridze',
    email,
    password: PASSWORD,
  })
  await expect(authDialog(page, 'Sign In')).toContainText(
    'Account created successfully! Please check your email to verify your account.',
  )
  await authDialog(page, 'Sign In').getByRole('button', { name: 'Close' }).click()

  // The activation mail, read in the page's own mailbox; its link is a full page load.
  await openDemoPanel(page)
  const mail = demoPanel(page)
    .getByRole('listitem')
    .filter({ hasText: `To ${email}` })
  await expect(mail).toContainText('Activate your DevEnv account')
  await mail.getByRole('link', { name: /\?activate=/ }).click()
  await expect(toast(page, 'success')).toContainText(
    'Your account has been activated. You can now sign in.',
  )

  // Sign in: the stub kept the new account across the page load.
  await submitSignIn(authDialog(page, 'Sign In'), { email, password: PASSWORD })
  await expect(page).toHaveURL(/\/admin$/)
  await expect(navigation(page).getByRole('button', { name: email })).toBeVisible()

  // Create an environment, watch it provision, then delete it.
  await page.getByRole('textbox', { name: 'Name' }).fill('demo-api')
  await page.getByRole('button', { name: 'Create environment' }).click()
  await expect(
    toast(page, 'success').filter({ hasText: 'demo-api is being created' }),
  ).toBeVisible()
  const environment = page.getByRole('article', { name: 'demo-api' })
  await expect(environment.getByText('Provisioning')).toBeVisible()
  await expect(environment.getByText('Running')).toBeVisible({ timeout: 60_000 })
  await page.getByRole('button', { name: 'Delete demo-api' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete environment' }).click()
  await expect(environment).toHaveCount(0, { timeout: 60_000 })

  // Nothing answered from the network: nginx serves files, the page's stub answered everything.
  expect(answers.length).toBeGreaterThan(5)
  expect(answers.filter((answer) => !answer.fromServiceWorker()).map((a) => a.url())).toEqual([])
})

test('the seeded demo account of the README signs in and finds its running environment', async ({
  page,
}) => {
  await page.goto('/pricing')
  await openDemoPanel(page)
  await expect(demoPanel(page)).toContainText('demo@devenv.example')
  await expect(demoPanel(page)).toContainText('DemoPass123!')
  // The panel and the badge keep the site's accessibility.
  expect(await axeViolations(page)).toEqual([])
  await navigation(page).getByRole('button', { name: 'Sign in', exact: true }).click()
  await submitSignIn(authDialog(page, 'Sign In'), {
    email: 'demo@devenv.example',
    password: 'DemoPass123!',
  })
  await expect(page).toHaveURL(/\/admin$/)
  const seeded = page.getByRole('article', { name: 'ml-notebooks' })
  await expect(seeded.getByText('Running')).toBeVisible()
})

test('any path of the static host falls back to the site, which routes it', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page).toHaveURL(/\/404\?from=%2Fno%2Fsuch%2Fpage$/)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await expect(navigation(page).getByText('Demo Mode', { exact: true })).toBeVisible()
})

test('Dashboard opens the single-sign-on receiver inside the demo, and the visitor comes back', async ({
  page,
}) => {
  const notes: string[] = []
  page.on('console', (message) => notes.push(message.text()))
  await page.goto('/pricing')
  await navigation(page).getByRole('button', { name: 'Sign in', exact: true }).click()
  await submitSignIn(authDialog(page, 'Sign In'), {
    email: 'demo@devenv.example',
    password: 'DemoPass123!',
  })
  await expect(page).toHaveURL(/\/admin$/)
  const [accessToken, refreshToken, lifetime] = await page.evaluate(() =>
    ['access_token', 'refresh_token', 'token_valid_seconds'].map((key) =>
      localStorage.getItem(key),
    ),
  )

  // There: a page of the site (no document load), the three values of SESSION-8 on it.
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.isNavigationRequest()) documents.push(request.url())
  })
  await navigation(page).getByRole('button', { name: 'Dashboard' }).click()
  await expect(page).toHaveURL(/\/demo\/admin-panel\?token=/)
  const panel = page.getByRole('region', { name: 'Admin panel (demo)' })
  await expect(panel.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(panel.getByText(accessToken ?? 'no token', { exact: true })).toBeVisible()
  await expect(panel.getByText(refreshToken ?? 'no refresh token', { exact: true })).toBeVisible()
  await expect(panel).toContainText(`${lifetime} seconds`)
  await expect(panel).toContainText(/Signed in as .+ \(demo@devenv\.example\)\./)
  expect(documents).toEqual([])
  // The sign-in's toast has sonner's own success colours: the scan is of this page.
  await toast(page, 'success').getByRole('button', { name: 'Close' }).click()
  await expect(toast(page, 'success')).toHaveCount(0)
  expect(await axeViolations(page)).toEqual([])

  // And back: the browser's Back, then the page's own link.
  await page.goBack()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('article', { name: 'ml-notebooks' })).toBeVisible()
  await navigation(page).getByRole('button', { name: 'Dashboard' }).click()
  await panel.getByRole('link', { name: 'Back to the site' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(navigation(page).getByRole('button', { name: 'Dashboard' })).toBeVisible()

  // The demo's stub signs with a key of its own: no note about JWT_SECRET.
  expect(notes.filter((text) => text.includes('JWT_SECRET'))).toEqual([])
})

test('developer tools are not blocked in the demo, signed out', async ({ page }) => {
  await page.goto('/')
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  const prevented = await page.evaluate(() =>
    ['F12', 'i'].map((key) => {
      const event = new KeyboardEvent('keydown', {
        key,
        code: key === 'i' ? 'KeyI' : key,
        ctrlKey: key === 'i',
        shiftKey: key === 'i',
        cancelable: true,
        bubbles: true,
      })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }),
  )
  expect(prevented).toEqual([false, false])
  await page.locator('main').click({ button: 'right', position: { x: 5, y: 5 } })
  await page.waitForTimeout(300)
  await expect(toast(page, 'warning')).toHaveCount(0)
})
