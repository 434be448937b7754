import type { Page } from '@playwright/test'
import { expect, test, USER_ACCOUNT } from './stub'
import { axeViolations, type Look, toast, useLook } from './support'

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })

/** The next call to an API path, read through a pass-through route (the client streams bodies). */
async function nextCall(
  page: Page,
  path: string,
): Promise<() => Promise<{ body: unknown; authorization: string | undefined }>> {
  let resolve: (call: { body: unknown; authorization: string | undefined }) => void = () => {}
  const found = new Promise<{ body: unknown; authorization: string | undefined }>((done) => {
    resolve = done
  })
  await page.route(
    (url) => url.pathname === `/api${path}`,
    async (route) => {
      const request = route.request()
      if (request.method() !== 'GET') {
        resolve({ body: request.postDataJSON(), authorization: request.headers().authorization })
      }
      await route.fallback()
    },
  )
  return () => found
}

async function openSettings(page: Page) {
  await page.goto('/changeprofile')
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible()
  await expect(field(page, 'First Name')).toHaveValue('Nino')
}

test.describe('/changeprofile: personal information', () => {
  test('an edit is saved, notified, and shown on the account page and in the greeting (ACCOUNT-1)', async ({
    page,
    stub,
  }) => {
    await stub.signIn(page)
    await openSettings(page)
    await expect(page).toHaveTitle(/^Profile Settings \| DevEnv/)
    await expect(field(page, 'Email')).toHaveValue(USER_ACCOUNT.email)
    await field(page, 'First Name').fill('Nina')
    await field(page, 'Last Name').fill('Beridze-Kapanadze')
    const saved = await nextCall(page, '/user/profile')
    await page.getByRole('button', { name: 'Save changes' }).click()
    expect((await saved()).body).toEqual({
      firstName: 'Nina',
      lastName: 'Beridze-Kapanadze',
      company: 'Kartuli Soft LLC',
    })
    await expect(toast(page, 'success')).toContainText('Profile updated successfully')
    await expect(page.getByRole('button', { name: 'Nina Beridze-Kapanadze' })).toBeVisible()

    await page.goto('/my/page')
    await expect(page.getByText('Nina Beridze-Kapanadze').first()).toBeVisible()
  })

  test('empty names are refused before sending', async ({ page, stub }) => {
    await stub.signIn(page)
    await openSettings(page)
    await field(page, 'First Name').fill('   ')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(field(page, 'First Name')).toHaveAttribute('aria-invalid', 'true')
    await expect(field(page, 'First Name')).toHaveAccessibleDescription(
      'Please enter your first name.',
    )
    await expect(field(page, 'First Name')).toBeFocused()
  })

  test('a failed save says so with the required notice (ACCOUNT-1); a 400 shows the server’s field errors', async ({
    page,
    stub,
  }) => {
    await stub.signIn(page)
    await openSettings(page)
    await stub.prefer(page, '/user/profile', 'code=500')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(toast(page, 'error')).toContainText('Failed to update profile')
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to update profile' }),
    ).toBeVisible()

    // A name the form would refuse, sent anyway: the stub's own 400 lands under the field.
    await page.route('**/api/user/profile', (route) =>
      route.continue({
        postData: JSON.stringify({ firstName: 'N'.repeat(150), lastName: 'Beridze' }),
      }),
    )
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(field(page, 'First Name')).toHaveAttribute('aria-invalid', 'true')
    await expect(field(page, 'First Name')).toHaveAccessibleDescription(/100/)
    await expect(field(page, 'First Name')).toBeFocused()
  })
})

test.describe('/changeprofile: change password', () => {
  const NEW_PASSWORD = 'Mtatsminda-Evening-77'

  test('changes the password: the new one signs in, the old one no longer does (ACCOUNT-2)', async ({
    page,
    stub,
  }) => {
    await stub.signIn(page)
    await openSettings(page)
    await field(page, 'Current password').fill(USER_ACCOUNT.password)
    await field(page, 'New password').fill(NEW_PASSWORD)
    await expect(page.getByText('Password strength: Strong')).toBeVisible()
    await field(page, 'Confirm new password').fill(NEW_PASSWORD)
    const sent = await nextCall(page, '/auth/change-password')
    await page.getByRole('button', { name: 'Change password' }).click()
    const request = await sent()
    expect(request.body).toEqual({
      username: USER_ACCOUNT.email,
      oldPassword: USER_ACCOUNT.password,
      newPassword: NEW_PASSWORD,
    })
    expect(request.authorization).toBeUndefined()
    await expect(toast(page, 'success')).toContainText('Password changed successfully')
    await expect(field(page, 'Current password')).toHaveValue('')

    const withNew = await stub.api.post('/api/auth/auth', {
      data: { email: USER_ACCOUNT.email, password: NEW_PASSWORD },
    })
    expect(withNew.status()).toBe(200)
    const withOld = await stub.api.post('/api/auth/auth', { data: USER_ACCOUNT })
    expect(withOld.status()).toBe(401)
  })

  test('the domain’s rules, a wrong current password and the failure notice (ACCOUNT-2)', async ({
    page,
    stub,
  }) => {
    await stub.signIn(page)
    await openSettings(page)
    await field(page, 'New password').fill('short')
    await field(page, 'Confirm new password').fill('other')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(field(page, 'Current password')).toHaveAccessibleDescription(
      'Please enter your current password.',
    )
    await expect(field(page, 'New password')).toHaveAccessibleDescription(
      /Password must be at least 8 characters long\./,
    )
    await expect(field(page, 'Confirm new password')).toHaveAccessibleDescription(
      'Passwords do not match.',
    )

    await field(page, 'Current password').fill('Not-My-Password-1')
    await field(page, 'New password').fill(NEW_PASSWORD)
    await field(page, 'Confirm new password').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(field(page, 'Current password')).toHaveAccessibleDescription(
      'The current password is not correct.',
    )
    await expect(toast(page, 'error')).toContainText('Failed to change password')
  })

  const LOOKS: readonly Look[] = [
    { theme: 'light', locale: 'en' },
    { theme: 'dark', locale: 'en' },
    { theme: 'light', locale: 'ka' },
  ]
  for (const look of LOOKS) {
    test(`no axe violations (${look.theme}, ${look.locale})`, async ({ page, stub }) => {
      await useLook(page, look)
      await stub.signIn(page)
      await page.goto('/changeprofile')
      await expect(page.locator('input[autocomplete="given-name"]')).toHaveValue('Nino')
      expect(await axeViolations(page)).toEqual([])
    })

    test(`no axe violations with errors shown (${look.theme}, ${look.locale})`, async ({
      page,
      stub,
    }) => {
      await useLook(page, look)
      await stub.signIn(page)
      await page.goto('/changeprofile')
      await expect(page.locator('input[autocomplete="given-name"]')).toHaveValue('Nino')
      await page.locator('input[autocomplete="given-name"]').fill('')
      await page.locator('input[autocomplete="new-password"]').first().fill('short')
      await page.locator('form').first().locator('button[type="submit"]').click()
      await page.locator('form').nth(1).locator('button[type="submit"]').click()
      await expect(page.locator('.field__error')).not.toHaveCount(0)
      expect(await axeViolations(page)).toEqual([])
    })
  }
})
