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
  test('has typed fields, 6 inquiry types and 5 team sizes (CONTACT-2)', async ({ page }) => {
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

  test('asks for the required fields (CONTACT-2)', async ({ page }) => {
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

  test('sends the payload, shows the submitting state, then resets and notifies (CONTACT-3)', async ({
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

  test('a failure keeps every value and names the contact e-mail (CONTACT-3)', async ({ page }) => {
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

  test('shows the form, response times, office, other methods and a 5-item FAQ (CONTACT-1)', async ({
    page,
  }) => {
    await page.goto('/contact')
    const form = page.getByRole('region', { name: 'Send us a message' })
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeVisible()
    const methods = page.getByRole('region', { name: 'Other ways to reach us' })
    await expect(methods.getByRole('link', { name: 'contact@devenv.example' })).toBeVisible()
    await expect(methods.getByRole('button', { name: 'Book Demo Call' })).toBeVisible()
    const office = page.getByRole('region', { name: 'Office' })
    await expect(office).toContainText('Tbilisi')
    // Each promise beside what it is for: general 24 h, enterprise sales 4 h, support 2 h.
    const times = page.getByRole('region', { name: 'Response times' })
    await expect(times.getByRole('term')).toHaveText([
      'General inquiries',
      'Enterprise sales',
      'Technical support',
      'Schedule Demo',
    ])
    await expect(times.getByRole('definition')).toHaveText([
      'Within 24 hours',
      'Within 4 hours',
      'Within 2 hours',
      '30-minute demo',
    ])
    await expect(page.locator('.accordion__button')).toHaveCount(5)
  })

  test('Book Demo Call only shows the info notification (CONTACT-1)', async ({ page }) => {
    await page.goto('/contact')
    await page.getByRole('button', { name: 'Book Demo Call' }).click()
    await expect(toast(page, 'info')).toContainText(
      'Our demo booking calendar will open right here soon. For now, please use the contact form to request your demo.',
    )
    await expect(page).toHaveURL('/contact')
  })

  test('a demo request goes to POST /api/demo/request and is answered with a 30-minute demo (CONTACT-4)', async ({
    page,
    request,
  }) => {
    // The page promises the length; the API behind the site's own origin books it.
    await page.goto('/contact')
    const times = page.getByRole('region', { name: 'Response times' })
    await expect(times.getByRole('definition').last()).toHaveText('30-minute demo')
    const response = await request.post('/api/demo/request', {
      data: {
        name: 'Giorgi Kapanadze',
        email: 'giorgi@kartulisoft.example',
        company: 'Kartuli Soft LLC',
      },
    })
    expect(response.status()).toBe(201)
    expect(((await response.json()) as { message: string }).message).toContain('30-minute demo')
  })

  test('reads in Georgian, including the required-fields message', async ({ page }) => {
    await useLocale(page, 'ka')
    await page.goto('/contact')
    await expect(page.getByLabel(ka['field.firstName'])).toBeVisible()
    await page.locator('form.form button[type="submit"]').click()
    await expect(page.getByRole('alert')).toHaveText(ka['validation.requiredFields'])
  })
})
