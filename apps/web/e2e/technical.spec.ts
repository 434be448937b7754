import type { Page } from '@playwright/test'
import { DEMO_ACCOUNT, expect, test, USER_ACCOUNT } from './stub'
import { securityEvent } from './support'

test.describe('technical', () => {
  test('shows the user, the Demo Mode badge and the static sections; logs the visit (SITE-10, AUTH-10)', async ({
    page,
    stub,
  }) => {
    await stub.signIn(page, DEMO_ACCOUNT)
    const event = await securityEvent(page, 'technical_page_access')
    const response = await page.goto('/technical')
    expect(response?.status()).toBe(200)
    await expect(page.getByText('Authenticated as')).toContainText(DEMO_ACCOUNT.email)
    await expect(page.getByText('Demo Mode')).toBeVisible()
    for (const heading of [
      'Infrastructure',
      'Platform services',
      'AI/LLM integration',
      'Client portfolio',
      'Security notice',
    ]) {
      await expect(page.getByRole('heading', { name: new RegExp(heading) })).toBeVisible()
    }
    await expect(page.getByText('Restricted', { exact: true })).toBeVisible()
    const body = await event.body
    expect(body.details).toEqual({ user: DEMO_ACCOUNT.email })
    expect(Date.parse(String(body.timestamp))).not.toBeNaN()
  })

  test('no Demo Mode badge for a regular user (AUTH-10)', async ({ page, stub }) => {
    await stub.signIn(page, USER_ACCOUNT)
    await page.goto('/technical')
    await expect(page.getByText('Authenticated as')).toContainText(USER_ACCOUNT.email)
    await expect(page.getByText('Demo Mode')).toHaveCount(0)
  })

  test('signed out: home with the sign-in modal and the return path; the attempt is logged (SITE-4)', async ({
    page,
  }) => {
    const event = await securityEvent(page, 'unauthorized_access')
    await page.goto('/technical')
    await expect(page).toHaveURL('/?redirect=%2Ftechnical&auth=login')
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
    expect((await event.body).details).toEqual({ path: '/technical' })
  })

  test.describe('the connection test (GET /health)', () => {
    const connectionTest = (page: Page) => page.getByRole('region', { name: 'Connection test' })

    test('checks, then reports connected with the status and the data the API answered (SITE-10)', async ({
      page,
      stub,
    }) => {
      await stub.signIn(page)
      // The answer waits until the checking state has been seen.
      let answer: () => void = () => {}
      const answered = new Promise<void>((resolve) => {
        answer = resolve
      })
      await page.route('**/api/health', async (route) => {
        await answered
        await route.continue()
      })
      await page.goto('/technical')
      const section = connectionTest(page)
      await expect(section.getByRole('status')).toHaveText('Checking the connection to the API...')
      await expect(section.getByRole('button', { name: 'Test again' })).toBeDisabled()
      answer()

      await expect(section.getByText('Connected')).toBeVisible()
      await expect(section.getByRole('term')).toHaveText([
        'Status',
        'API version',
        'Uptime',
        'Server time',
      ])
      const values = section.getByRole('definition')
      await expect(values.nth(0)).toHaveText('ok')
      await expect(values.nth(1)).toHaveText(/^\d+\.\d+\.\d+/)
      await expect(values.nth(2)).toHaveText(/^\d+ seconds$/)
      const serverTime = await values.nth(3).textContent()
      expect(Date.parse(serverTime ?? '')).not.toBeNaN()
      await expect(section.getByRole('alert')).toHaveCount(0)
      await expect(section.getByRole('button', { name: 'Test again' })).toBeEnabled()
    })

    test('reports the failure with its status, and connects when tested again (SITE-10, API-8)', async ({
      page,
      stub,
    }) => {
      await stub.signIn(page)
      // A 5xx is tried once more before the error shows: both answers are the stub's 503.
      await stub.prefer(page, '/health', 'code=503', 2)
      await page.goto('/technical')
      const section = connectionTest(page)
      // Its own panel: what failed, and why.
      const alert = section.getByRole('alert')
      await expect(alert).toHaveText('Health check failedThe API answered with status 503.')
      await expect(section.getByText('Connected')).toHaveCount(0)

      await section.getByRole('button', { name: 'Test again' }).click()
      await expect(section.getByText('Connected')).toBeVisible()
      await expect(alert).toHaveCount(0)
    })
  })
})
