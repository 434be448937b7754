import type { Page } from '@playwright/test'
import { DEMO_ACCOUNT, expect, test } from './stub'

/**
 * Hostile text in every field the site echoes back is shown as text and never runs (docs/security.md,
 * ASVS 5.3.3): the profile name in the greeting and on the account pages, the contact form, the AI
 * chat. Each payload would set window.__xss or add an element if it were ever parsed as HTML.
 */
const PAYLOADS = [
  '<img src=x onerror="window.__xss=1">',
  '<script>window.__xss=2</script>',
  '"><svg onload="window.__xss=3">',
  "javascript:window.__xss=4//'",
]

async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined()
  expect(await page.locator('img[src="x"], svg[onload], body script:not([src])').count()).toBe(0)
}

test.describe('echoed text is rendered as text', () => {
  test('a hostile profile name in the greeting and on My Account', async ({ page, stub }) => {
    const tokens = await stub.signIn(page)
    const [first, last] = PAYLOADS
    const updated = await stub.api.put('/api/user/profile', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
      data: { firstName: first, lastName: last },
    })
    expect(updated.status()).toBe(200)

    await page.goto('/my/page')
    // The greeting shows the name from the profile, literally.
    await expect(page.getByRole('button', { name: `${first} ${last}` })).toBeVisible()
    await expect(page.getByText(`${first} ${last}`).first()).toBeVisible()
    await expectInert(page)
  })

  test('a hostile profile edit through the settings form', async ({ page, stub }) => {
    await stub.signIn(page)
    await page.goto('/changeprofile')
    await page.getByLabel('First Name', { exact: true }).fill(PAYLOADS[2] ?? '')
    await page.getByLabel('Last Name', { exact: true }).fill(PAYLOADS[3] ?? '')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByRole('button', { name: `${PAYLOADS[2]} ${PAYLOADS[3]}` })).toBeVisible()
    await expectInert(page)
  })

  test('hostile text in the contact form is sent as data and shown nowhere as HTML', async ({
    page,
    stub,
  }) => {
    await page.goto('/contact')
    await page.getByLabel(/^First Name/).fill(PAYLOADS[0] ?? '')
    await page.getByLabel(/^Last Name/).fill(PAYLOADS[1] ?? '')
    await page.getByLabel(/^Email/).fill('nino@example.com')
    await page.getByLabel('Company (optional)').fill(PAYLOADS[2] ?? '')
    await page.getByLabel('Inquiry Type').selectOption('support')
    await page.getByLabel(/^Message/).fill(PAYLOADS.join('\n'))
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.locator('[data-sonner-toast][data-type="success"]')).toBeVisible()
    await expectInert(page)
    const received = (await (await stub.api.get('/__dev/contacts')).json()) as {
      items: Array<Record<string, unknown>>
    }
    // Stored verbatim: escaping is the job of whatever renders it, not of the store.
    expect(received.items[0]?.body).toMatchObject({
      firstName: PAYLOADS[0],
      message: PAYLOADS.join('\n'),
    })
  })

  test('a hostile question to the AI assistant, and its answer', async ({ page, stub }) => {
    await stub.signIn(page, DEMO_ACCOUNT)
    await page.goto('/admin')
    const question = page.getByRole('textbox', { name: 'Your question' })
    await expect(page.getByRole('combobox', { name: 'Model' })).toBeEnabled()
    for (const payload of PAYLOADS.slice(0, 2)) {
      await question.fill(payload)
      await question.press('Enter')
      const log = page.getByRole('log', { name: 'Conversation' })
      await expect(log.locator('.chat-message--user').last()).toContainText(payload)
      await expect(log.locator('.chat-message--assistant')).not.toHaveCount(0)
    }
    await expectInert(page)
  })
})
