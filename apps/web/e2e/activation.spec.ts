import type { Page } from '@playwright/test'
import { expect, type Stub, test } from './stub'
import { toast } from './support'

const PASSWORD = 'Tbilisi-Rustaveli-7'

/** Registers through the API (as the modal does) and answers the mailed activation token. */
async function registerAndReadActivation(stub: Stub, email: string): Promise<string> {
  const registered = await stub.api.post('/api/auth/registration', {
    data: { username: email, password: PASSWORD, userType: 'PERSONAL' },
  })
  expect(registered.status()).toBe(201)
  const mail = await stub.waitForMail(email, 'activation')
  const token = mail.linkParams.activate
  expect(token).toBeTruthy()
  return token ?? ''
}

async function signInStatus(stub: Stub, email: string): Promise<number> {
  return (await stub.api.post('/api/auth/auth', { data: { email, password: PASSWORD } })).status()
}

function countActivationCalls(page: Page): { count: () => number } {
  let calls = 0
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/auth/activate')) calls += 1
  })
  return { count: () => calls }
}

test.describe('the activation link', () => {
  test('the e-mailed link activates the account once, reports it, cleans the address and opens sign-in (AUTH-9)', async ({
    page,
    stub,
  }) => {
    const email = 'tamar.activation@example.com'
    const token = await registerAndReadActivation(stub, email)
    expect(await signInStatus(stub, email)).toBe(403)

    const calls = countActivationCalls(page)
    await page.goto(`/?activate=${token}`)
    await expect(toast(page, 'success')).toContainText(
      'Your account has been activated. You can now sign in.',
    )
    await expect(page).toHaveURL('/?auth=login')
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
    expect(calls.count()).toBe(1)
    expect(await signInStatus(stub, email)).toBe(200)

    // The token left the address: a reload activates nothing again.
    await page.reload()
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
    await page.waitForTimeout(300)
    expect(calls.count()).toBe(1)
    await expect(toast(page, 'error')).toHaveCount(0)

    // The link is single use: opening it again is reported as a failure.
    await page.goto(`/?activate=${token}`)
    await expect(toast(page, 'error')).toContainText(
      'Account activation failed. The link may be invalid or expired.',
    )
    expect(calls.count()).toBe(2)
  })

  test('a bad token is reported as a failure and the sign-in modal still opens (AUTH-9)', async ({
    page,
  }) => {
    await page.goto('/?activate=this-token-was-never-issued-by-the-server-0123')
    await expect(toast(page, 'error')).toContainText(
      'Account activation failed. The link may be invalid or expired.',
    )
    await expect(page).toHaveURL('/?auth=login')
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
  })

  test('an expired link (after 24 hours) fails', async ({ page, stub }) => {
    const email = 'levan.late@example.com'
    const token = await registerAndReadActivation(stub, email)
    await stub.advanceClock(24 * 60 * 60 + 60)
    await page.goto(`/?activate=${token}`)
    await expect(toast(page, 'error')).toContainText('Account activation failed.')
    expect(await signInStatus(stub, email)).toBe(403)
  })
})
