import {
  authDialog,
  expect,
  openSignIn,
  recordCalls,
  storedSession,
  submitSignIn,
  test,
} from './auth-helpers'
import { DEMO_ACCOUNT, USER_ACCOUNT } from './stub'
import { toast } from './support'

const WRONG = { email: USER_ACCOUNT.email, password: 'NotThePassword1!' }
const nav = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Main navigation' })

test.describe('sign in', () => {
  test('signs in: closes, says so, lands on the dashboard and greets from the profile (AUTH-2, AUTH-11, SITE-5)', async ({
    page,
  }) => {
    await page.goto('/')
    const dialog = await openSignIn(page)
    await expect(dialog.getByLabel('Email')).toBeFocused()
    await expect(dialog.getByLabel(/^Password/)).toHaveAttribute('type', 'password')
    await expect(dialog.getByLabel('Remember me')).not.toBeChecked()
    const bodies = await recordCalls(page, '/auth/auth')
    await dialog.getByLabel('Remember me').check()
    await submitSignIn(dialog, USER_ACCOUNT)
    await expect(toast(page, 'success')).toContainText('Successfully logged in!')
    await expect(dialog).toHaveCount(0)
    // Without a redirect the sign-in goes to /dashboard, which is the in-app dashboard at /admin.
    await expect(page).toHaveURL('/admin')
    await expect(nav(page).getByRole('button', { name: 'Nino Beridze' })).toBeVisible()
    // 'Remember me' is not sent anywhere.
    expect(bodies).toEqual([{ email: USER_ACCOUNT.email, password: USER_ACCOUNT.password }])
    const stored = await storedSession(page)
    expect(stored.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(stored.refreshToken).toBeTruthy()
    expect(stored.tokenValidSeconds).toBe('900')
    expect(Number(stored.receivedAt)).toBeGreaterThan(Date.now() - 60_000)
  })

  test('a wrong password shows the server message, clears any session and keeps the modal', async ({
    page,
    stub,
  }) => {
    await stub.signIn(page)
    await page.goto('/?auth=login')
    await expect(nav(page).getByRole('button', { name: 'Nino Beridze' })).toBeVisible()
    const dialog = authDialog(page, 'Sign In')
    await submitSignIn(dialog, WRONG)
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
    ).toBeVisible()
    await expect(dialog.getByLabel(/^Password/)).toBeFocused()
    const stored = await storedSession(page)
    expect(stored.accessToken).toBeNull()
    expect(stored.refreshToken).toBeNull()
  })

  // AUTH-4's notification is one message: failures in a row stacked one toast each over the form.
  test('failures in a row show one notification, and a success then replaces it', async ({
    page,
  }) => {
    // The most toasts on the page at any one moment.
    await page.addInitScript(() => {
      let most = 0
      new MutationObserver(() => {
        most = Math.max(most, document.querySelectorAll('[data-sonner-toast]').length)
        sessionStorage.setItem('most-toasts', String(most))
      }).observe(document, { subtree: true, childList: true })
    })
    const mostToasts = () => page.evaluate(() => Number(sessionStorage.getItem('most-toasts')))
    await page.goto('/?auth=login')
    const dialog = authDialog(page, 'Sign In')
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const answered = page.waitForResponse('**/api/auth/auth')
      await submitSignIn(dialog, WRONG)
      await answered
      await expect(dialog.getByRole('alert')).toHaveText('Invalid email or password')
      await expect(toast(page, 'error')).toContainText('Authentication failed')
    }
    // A toast is on the page within milliseconds of its failure: a second would be there by now.
    await page.waitForTimeout(1000)
    expect(await mostToasts()).toBe(1)
    await expect(toast(page, 'error')).toHaveCount(1)

    await submitSignIn(dialog, USER_ACCOUNT)
    await expect(toast(page, 'success')).toContainText('Successfully logged in!')
    expect(await toast(page, 'error').count()).toBe(0)
    expect(await mostToasts()).toBe(1)
  })

  test('an account that is not activated yet: the server says so', async ({ page, stub }) => {
    const email = `pending-${Date.now()}@example.com`
    const created = await stub.api.post('/api/auth/registration', {
      data: { username: email, password: 'Pending#Pass1', userType: 'PERSONAL' },
    })
    expect(created.status()).toBe(201)
    await page.goto('/?auth=login')
    await submitSignIn(authDialog(page, 'Sign In'), { email, password: 'Pending#Pass1' })
    await expect(authDialog(page, 'Sign In').getByRole('alert')).toHaveText('Account not activated')
  })

  test('without an answer: Login failed', async ({ page }) => {
    await page.route('**/api/auth/auth', (route) => route.abort('connectionreset'))
    await page.goto('/?auth=login')
    await submitSignIn(authDialog(page, 'Sign In'), USER_ACCOUNT)
    await expect(authDialog(page, 'Sign In').getByRole('alert')).toHaveText('Login failed')
  })

  test('the e-mail and password rules, in order, before anything is sent (AUTH-3)', async ({
    page,
  }) => {
    const bodies = await recordCalls(page, '/auth/auth')
    await page.goto('/?auth=login')
    const dialog = authDialog(page, 'Sign In')
    const submit = dialog.getByRole('button', { name: 'Sign In', exact: true })
    await submit.click()
    const email = dialog.getByLabel('Email')
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(dialog.getByText('Please enter your email address.')).toBeVisible()
    await expect(email).toHaveAccessibleDescription('Please enter your email address.')
    await email.fill('nino')
    await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible()
    await email.fill('nino@example.com')
    await submit.click()
    await expect(dialog.getByText('Please enter your password.')).toBeVisible()
    expect(bodies).toEqual([])
  })

  test('returns to the protected page it was sent from (AUTH-2)', async ({ page }) => {
    await page.goto('/technical')
    await expect(page).toHaveURL('/?redirect=%2Ftechnical&auth=login')
    await submitSignIn(authDialog(page, 'Sign In'), DEMO_ACCOUNT)
    await expect(page).toHaveURL('/technical')
    await expect(page.getByText('Authenticated as')).toContainText(DEMO_ACCOUNT.email)
    await expect(page.getByText('Demo Mode')).toBeVisible()
  })

  for (const hostile of [
    '//evil.example/steal',
    'https://evil.example/',
    '/%2F%2Fevil.example',
    '/\\evil.example',
    'javascript:alert(1)',
  ]) {
    test(`refuses a hostile redirect (${hostile}) and goes to the dashboard (AUTH-2)`, async ({
      page,
    }) => {
      await page.goto(`/?auth=login&redirect=${encodeURIComponent(hostile)}`)
      await submitSignIn(authDialog(page, 'Sign In'), USER_ACCOUNT)
      await expect(page).toHaveURL('/admin')
    })
  }

  test('links to the other modals, one at a time; Escape closes and focus returns to the opener (AUTH-1, AUTH-2)', async ({
    page,
  }) => {
    await page.goto('/')
    let dialog = await openSignIn(page)
    await dialog.getByRole('button', { name: 'Forgot password?' }).click()
    await expect(authDialog(page, 'Reset Password')).toBeVisible()
    await expect(page.getByRole('dialog'), 'one auth modal at a time').toHaveCount(1)
    await expect(page).toHaveURL('/?auth=forgot-password')
    await authDialog(page, 'Reset Password').getByRole('button', { name: 'Back to login' }).click()
    dialog = authDialog(page, 'Sign In')
    await expect(dialog).toBeVisible()
    // Moving between the modals replaces the history entry: Back closes the modal.
    await page.goBack()
    await expect(page).toHaveURL('/')
    await expect(dialog).toHaveCount(0)
    dialog = await openSignIn(page)
    await dialog.getByRole('button', { name: 'Sign up' }).click()
    const register = authDialog(page, 'Create Account')
    await expect(register).toBeVisible()
    await expect(page.getByRole('dialog'), 'one auth modal at a time').toHaveCount(1)
    await expect(register.getByLabel('First Name')).toBeFocused()
    await register.getByRole('button', { name: 'Sign in', exact: true }).click()
    dialog = authDialog(page, 'Sign In')
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(nav(page).getByRole('button', { name: 'Sign in', exact: true })).toBeFocused()
  })
})

test.describe('the login lock', () => {
  test('5 failures lock the form until 15 minutes after the last; a reload keeps the count', async ({
    page,
  }) => {
    await page.clock.install()
    const bodies = await recordCalls(page, '/auth/auth')
    await page.goto('/?auth=login')
    const dialog = authDialog(page, 'Sign In')
    const submit = dialog.getByRole('button', { name: 'Sign In', exact: true })
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await submitSignIn(dialog, WRONG)
      await expect(dialog.getByRole('alert')).toHaveText('Invalid email or password')
      await expect(submit).toBeEnabled()
    }
    await submitSignIn(dialog, WRONG)
    const locked = 'Too many login attempts. Please try again later.'
    await expect(dialog.getByRole('alert')).toHaveText(locked)
    await expect(submit).toBeDisabled()
    expect(bodies).toHaveLength(5)

    // The count survives a reload: the form opens locked and sends nothing.
    await page.reload()
    const again = authDialog(page, 'Sign In')
    await expect(again.getByRole('alert')).toHaveText(locked)
    await expect(again.getByRole('button', { name: 'Sign In', exact: true })).toBeDisabled()
    await again.getByLabel(/^Password/).press('Enter')
    expect(bodies).toHaveLength(5)

    // 15 minutes after the last attempt the form opens again.
    await page.clock.fastForward('14:50')
    await expect(again.getByRole('alert')).toHaveText(locked)
    await page.clock.fastForward('00:15')
    await expect(again.getByText(locked)).toHaveCount(0)
    await expect(again.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled()
  })

  test('a success resets the count', async ({ page }) => {
    await page.goto('/?auth=login')
    const dialog = authDialog(page, 'Sign In')
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await submitSignIn(dialog, WRONG)
      await expect(dialog.getByRole('alert')).toHaveText('Invalid email or password')
    }
    expect(await page.evaluate(() => localStorage.getItem('login-lock'))).toContain('"attempts":3')
    await submitSignIn(dialog, USER_ACCOUNT)
    await expect(page).toHaveURL('/admin')
    expect(await page.evaluate(() => localStorage.getItem('login-lock'))).toBeNull()
  })
})

test.describe('log out', () => {
  test('calls the server with the refresh token, clears the session, says so, goes home (SESSION-7)', async ({
    page,
    stub,
  }) => {
    const tokens = await stub.signIn(page)
    const bodies = await recordCalls(page, '/auth/logout')
    await page.goto('/pricing')
    await nav(page).getByRole('button', { name: 'Nino Beridze' }).click()
    await nav(page).getByRole('button', { name: 'Log out' }).click()
    await expect(toast(page, 'success')).toContainText('Logged out successfully')
    await expect(page).toHaveURL('/')
    await expect(nav(page).getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
    expect(await storedSession(page)).toEqual({
      accessToken: null,
      refreshToken: null,
      tokenValidSeconds: null,
      receivedAt: null,
    })
    await expect.poll(() => bodies).toEqual([{ refreshToken: tokens.refresh_token }])
    // The server ended that session: its refresh token no longer works.
    const refresh = await stub.api.post('/api/auth/token/refresh', {
      data: { refreshToken: tokens.refresh_token },
    })
    expect(refresh.status()).toBe(401)
  })

  test('a failing sign-out call changes nothing for the user (SESSION-7)', async ({
    page,
    stub,
  }) => {
    await stub.signIn(page)
    await page.route('**/api/auth/logout', (route) => route.fulfill({ status: 500, body: '{}' }))
    await page.goto('/')
    await nav(page).getByRole('button', { name: 'Nino Beridze' }).click()
    await nav(page).getByRole('button', { name: 'Log out' }).click()
    await expect(toast(page, 'success')).toContainText('Logged out successfully')
    expect((await storedSession(page)).accessToken).toBeNull()
  })
})
