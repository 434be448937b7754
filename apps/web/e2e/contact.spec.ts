import { ka } from '@devenv/domain/messages/ka'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { toast, useLocale } from './support'

// POST /api/contact is answered here, so that success, failure and a slow answer are deterministic.
type Body = Record<string, unknown>

async function fill(page: Page) {
  await page.getByLabel(/^First Name/).fill('Nino')
  await page.getByLabel(/^Last Name/).fill('Beridze')
  await page.getByLabel(/^Email/).fill('nino@example.com')
  await page.getByLabel('Company (optional)').fill('Kartuli Soft')
  await page.getByLabel(/^Phone/).fill('+995 32 200 00 00')
  await page.getByLabel('Inquiry Type').selectOption('demo')
  await page.getByLabel('Team Size').selectOption('6-20')
  await page.getByLabel(/^Message/).fill('We would like a demo.')
  await page.getByLabel('Subscribe to our newsletter').check()
}

test.describe('contact', () => {
  // CONTACT-2: the e-mail and phone fields' types, the inquiry types' labels, the team sizes.
  test('has typed fields, 6 inquiry types and 5 team sizes', async ({ page }) => {
    await page.goto('/contact')
    await expect(page.getByLabel(/^Email/)).toHaveAttribute('type', 'email')
    await expect(page.getByLabel(/^Phone/)).toHaveAttribute('type', 'tel')
    await expect(page.getByLabel('Inquiry Type').locator('option:not([value=""])')).toHaveText([
      'Start Free Trial',
      'Schedule Demo',
      'Enterprise Solution',
      'Technical Support',
      'Partnership',
      'Other',
    ])
    await expect(page.getByLabel('Team Size').locator('option:not([value=""])')).toHaveText([
      '1-5',
      '6-20',
      '21-50',
      '51-100',
      '100+',
    ])
  })

  test('asks for the required fields', async ({ page }) => {
    let posted = false
    await page.route('**/api/contact', (route) => {
      posted = true
      return route.fulfill({ status: 201, json: { status: 'received' } })
    })
    await page.goto('/contact')
    await page.getByLabel(/^First Name/).fill('Nino')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields')
    expect(posted).toBe(false)
  })

  // An empty submit said only, in grey, that something was missing: each missing field is marked.
  test('an empty submit marks each missing field, in the error colour, with the message', async ({
    page,
  }) => {
    await page.goto('/contact')
    await page.getByRole('button', { name: 'Send Message' }).click()
    const message = 'Please fill in all required fields'
    const alert = page.getByRole('alert')
    await expect(alert).toHaveText(message)
    const danger = await page.evaluate(() => {
      const probe = document.createElement('span')
      probe.style.color = 'var(--color-danger)'
      document.body.append(probe)
      const colour = getComputedStyle(probe).color
      probe.remove()
      return colour
    })
    await expect(alert).toHaveCSS('color', danger)
    const required = [
      page.getByLabel(/^First Name/),
      page.getByLabel(/^Last Name/),
      page.getByLabel(/^Email/),
      page.getByLabel('Inquiry Type'),
      page.getByLabel(/^Message/),
    ]
    for (const field of required) {
      await expect(field).toHaveAttribute('aria-invalid', 'true')
      await expect(field).toHaveAccessibleDescription(new RegExp(message))
      await expect(field).toHaveCSS('border-top-color', danger)
    }
    for (const optional of [page.getByLabel(/^Phone/), page.getByLabel('Company (optional)')]) {
      await expect(optional).not.toHaveAttribute('aria-invalid', 'true')
    }
    // The first missing field has the focus; a field filled in is no longer marked.
    const [firstName, lastName] = required as [Locator, Locator]
    await expect(firstName).toBeFocused()
    await firstName.fill('Nino')
    await expect(firstName).not.toHaveAttribute('aria-invalid', 'true')
    await expect(lastName).toHaveAttribute('aria-invalid', 'true')
  })

  // CONTACT-3: sent to POST /contact, then the form cleared and a notice.
  test('sends the payload, shows the submitting state, then resets and notifies', async ({
    page,
  }) => {
    const bodies: Body[] = []
    let release: () => void = () => {}
    const answered = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/contact', async (route) => {
      bodies.push(route.request().postDataJSON() as Body)
      await answered
      await route.fulfill({ status: 201, json: { status: 'received' } })
    })
    await page.goto('/contact')
    await fill(page)
    const submit = page.getByRole('button', { name: 'Send Message' })
    await submit.click()
    const sending = page.getByRole('button', { name: 'Sending...' })
    await expect(sending).toBeDisabled()
    await expect(page.getByLabel(/^First Name/)).toBeDisabled()
    await expect(page.getByLabel(/^Message/)).toBeDisabled()
    // A repeat submission while in flight is ignored.
    await page.locator('form.form').evaluate((form: HTMLFormElement) => form.requestSubmit())
    release()
    await expect(toast(page, 'success')).toBeVisible()
    await expect(page.getByLabel(/^First Name/)).toHaveValue('')
    await expect(page.getByLabel('Inquiry Type')).toHaveValue('')
    expect(bodies).toHaveLength(1)
    const body = bodies[0] ?? {}
    expect(body).toMatchObject({
      firstName: 'Nino',
      lastName: 'Beridze',
      email: 'nino@example.com',
      company: 'Kartuli Soft',
      phone: '+995 32 200 00 00',
      inquiryType: 'demo',
      teamSize: '6-20',
      message: 'We would like a demo.',
      newsletter: true,
      source: 'website_contact_form',
    })
    expect(Date.parse(String(body.timestamp))).not.toBeNaN()
    expect(String(body.userAgent)).toContain('Mozilla')
  })

  test('a failure keeps every value and names the contact e-mail', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 500, json: { message: 'Internal error' } }),
    )
    await page.goto('/contact')
    await fill(page)
    await page.getByRole('button', { name: 'Send Message' }).click()
    const message =
      'Failed to send message. Please try again or contact us directly at contact@devenv.example'
    await expect(page.getByRole('alert')).toHaveText(message)
    await expect(toast(page, 'error')).toContainText(message)
    await expect(page.getByLabel(/^First Name/)).toHaveValue('Nino')
    await expect(page.getByLabel('Team Size')).toHaveValue('6-20')
    await expect(page.getByLabel(/^Message/)).toHaveValue('We would like a demo.')
    await expect(page.getByLabel('Subscribe to our newsletter')).toBeChecked()
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled()
  })

  // CONTACT-1: the page's parts, response times and five-item FAQ.
  test('shows response times, office, other methods and a 5-item FAQ', async ({ page }) => {
    await page.goto('/contact')
    await expect(page.getByText('Within 24 hours', { exact: true })).toBeVisible()
    await expect(page.getByText('Within 4 hours', { exact: true })).toBeVisible()
    await expect(page.getByText('Within 2 hours', { exact: true })).toBeVisible()
    await expect(page.getByText('30-minute demo', { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'contact@devenv.example' })).toBeVisible()
    await expect(page.locator('.accordion__button')).toHaveCount(5)
  })

  // CONTACT-1: 'Book Demo Call' only notifies.
  test('Book Demo Call only shows the info notification', async ({ page }) => {
    await page.goto('/contact')
    await page.getByRole('button', { name: 'Book Demo Call' }).click()
    await expect(toast(page, 'info')).toContainText(
      'Our demo booking calendar will open right here soon. For now, please use the contact form to request your demo.',
    )
    await expect(page).toHaveURL('/contact')
  })

  test('reads in Georgian, including the required-fields message', async ({ page }) => {
    await useLocale(page, 'ka')
    await page.goto('/contact')
    await expect(page.getByLabel(ka['field.firstName'])).toBeVisible()
    await page.locator('form.form button[type="submit"]').click()
    await expect(page.getByRole('alert')).toHaveText(ka['validation.requiredFields'])
  })
})
