import { DEMO_ACCOUNT, expect, test, USER_ACCOUNT } from './stub'
import { securityEvent } from './support'

test.describe('technical', () => {
  test('shows the user, the Demo Mode badge and the static sections; logs the visit', async ({
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

  test('no Demo Mode badge for a regular user', async ({ page, stub }) => {
    await stub.signIn(page, USER_ACCOUNT)
    await page.goto('/technical')
    await expect(page.getByText('Authenticated as')).toContainText(USER_ACCOUNT.email)
    await expect(page.getByText('Demo Mode')).toHaveCount(0)
  })

  test('signed out: home with the sign-in modal and the return path; the attempt is logged', async ({
    page,
  }) => {
    const event = await securityEvent(page, 'unauthorized_access')
    await page.goto('/technical')
    await expect(page).toHaveURL('/?redirect=%2Ftechnical&auth=login')
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
    expect((await event.body).details).toEqual({ path: '/technical' })
  })
})
