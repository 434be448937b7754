import type { Locator, Page } from '@playwright/test'
import { authDialog, expect, recordCalls, solveCaptcha, test } from './auth-helpers'
import { USER_ACCOUNT } from './stub'

const PASSWORD = 'Tbilisi-Sunrise-2025'

async function openRegister(page: Page): Promise<Locator> {
  await page.goto('/?auth=register')
  const dialog = authDialog(page, 'Create Account')
  await expect(dialog).toBeVisible()
  return dialog
}

type Registration = { email: string; company?: string; password?: string }

async function fillRegistration(dialog: Locator, registration: Registration): Promise<void> {
  const password = registration.password ?? PASSWORD
  await dialog.getByLabel('First Name').fill('Nino')
  await dialog.getByLabel('Last Name').fill('Beridze')
  await dialog.getByLabel('Email').fill(registration.email)
  await dialog.getByLabel(/^Password/).fill(password)
  await dialog.getByLabel(/^Confirm Password/).fill(password)
  if (registration.company) await dialog.getByLabel('Company (optional)').fill(registration.company)
  await dialog.getByRole('checkbox', { name: /I agree to the/ }).check()
  await solveCaptcha(dialog)
}

const submitOf = (dialog: Locator) => dialog.getByRole('button', { name: 'Create Account' })
const freshEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`

test.describe('create account', () => {
  test('sends exactly the three fields, then the sign-in modal says to check the mailbox (AUTH-6, AUTH-12)', async ({
    page,
    stub,
  }) => {
    const email = freshEmail('nino')
    const bodies = await recordCalls(page, '/auth/registration')
    const dialog = await openRegister(page)
    await fillRegistration(dialog, { email: ` ${email} ` })
    await submitOf(dialog).click()
    const signIn = authDialog(page, 'Sign In')
    await expect(signIn.getByRole('status')).toHaveText(
      'Account created successfully! Please check your email to verify your account.',
    )
    await expect(signIn.getByLabel('Email')).toHaveValue(email)
    expect(bodies).toEqual([{ username: email, password: PASSWORD, userType: 'PERSONAL' }])
    const mail = await stub.waitForMail(email, 'activation')
    expect(mail.linkParams.activate).toMatch(/^[\w-]{32,128}$/)
  })

  test('a company makes it a COMPANY account (AUTH-6)', async ({ page }) => {
    const email = freshEmail('giorgi')
    const bodies = await recordCalls(page, '/auth/registration')
    const dialog = await openRegister(page)
    await fillRegistration(dialog, { email, company: 'Kartuli Soft LLC' })
    await submitOf(dialog).click()
    await expect(authDialog(page, 'Sign In')).toBeVisible()
    expect(bodies).toEqual([{ username: email, password: PASSWORD, userType: 'COMPANY' }])
  })

  test('the rules speak in the required order (AUTH-7) as fields are left; submit waits for all of them', async ({
    page,
  }) => {
    const dialog = await openRegister(page)
    const submit = submitOf(dialog)
    await expect(submit).toBeDisabled()
    await expect(submit).toHaveAccessibleDescription(/fill in your name, email and password/)
    const email = dialog.getByLabel('Email')
    const password = dialog.getByLabel(/^Password/)
    const confirm = dialog.getByLabel(/^Confirm Password/)

    await email.fill('nino')
    await email.blur()
    await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible()
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await email.fill('')
    await expect(dialog.getByText('Please enter your email address.')).toBeVisible()
    await email.fill('nino@example.com')
    await expect(email).not.toHaveAttribute('aria-invalid')

    await password.fill('short')
    await password.blur()
    await expect(dialog.getByText('Password must be at least 8 characters long.')).toBeVisible()
    await expect(dialog.getByText('Password strength: Weak')).toBeVisible()
    // Eight spaces are long enough but score 20 of 100: too weak once both fields agree.
    await password.fill('        ')
    await confirm.fill('       x')
    await confirm.blur()
    await expect(dialog.getByText('Passwords do not match.')).toBeVisible()
    await confirm.fill('        ')
    await password.focus()
    await password.blur()
    await expect(
      dialog.getByText('Password is too weak. Please use a stronger password.'),
    ).toBeVisible()
    await password.fill(PASSWORD)
    await confirm.fill(PASSWORD)
    await expect(dialog.getByText('Password strength: Strong')).toBeVisible()
    await expect(password).toHaveAccessibleDescription('Password strength: Strong')

    const answer = dialog.getByLabel(/What is \d+ \+ \d+\?/)
    await answer.focus()
    await answer.blur()
    await expect(dialog.getByText('Please complete the human verification first.')).toBeVisible()

    await dialog.getByLabel('First Name').fill('Nino')
    await dialog.getByLabel('Last Name').fill('Beridze')
    await dialog.getByRole('checkbox', { name: /I agree to the/ }).check()
    await expect(submit).toBeDisabled()
    await solveCaptcha(dialog)
    await expect(dialog.getByText('Please complete the human verification first.')).toHaveCount(0)
    await expect(submit).toBeEnabled()
    await dialog.getByRole('checkbox', { name: /I agree to the/ }).uncheck()
    await expect(submit).toBeDisabled()
  })

  test('the terms box links to both legal pages, in a new tab (AUTH-6)', async ({ page }) => {
    const dialog = await openRegister(page)
    const terms = dialog.getByRole('link', { name: /Terms of Service/ })
    const privacy = dialog.getByRole('link', { name: /Privacy Policy/ })
    await expect(terms).toHaveAttribute('href', '/legal/terms-of-service')
    await expect(privacy).toHaveAttribute('href', '/legal/privacy-policy')
    await expect(terms).toHaveAttribute('target', '_blank')
    const [legal] = await Promise.all([page.context().waitForEvent('page'), terms.click()])
    await expect(legal.getByRole('heading', { level: 1 })).toHaveText('Terms of Service')
  })

  type Fault = {
    name: string
    text: string
    arrange: (page: Page, stub: import('./stub').Stub) => Promise<void>
    email?: string
  }
  const answer = (status: number, body: unknown) => async (page: Page) => {
    await page.route('**/api/auth/registration', (route) => route.fulfill({ status, json: body }))
  }
  const faults: Fault[] = [
    {
      name: 'an address that is taken (409)',
      text: 'An account with this email already exists. Please use a different email or try logging in.',
      arrange: async () => {},
      email: USER_ACCOUNT.email,
    },
    {
      name: 'a 400 with field errors: their texts joined',
      text: 'Please enter a valid email address. Password must be at least 8 characters long',
      arrange: (page, stub) => stub.prefer(page, '/auth/registration', 'code=400'),
    },
    {
      name: "'Validation errors' without values",
      text: 'Please check your input.',
      arrange: answer(400, { message: 'Validation errors' }),
    },
    {
      name: "'Validation errors' with values on another status",
      text: 'This address is on a block list',
      arrange: answer(422, {
        message: 'Validation errors',
        errors: { username: 'This address is on a block list' },
      }),
    },
    {
      name: 'a bare 400',
      text: 'Invalid registration data. Please check your input.',
      arrange: answer(400, {}),
    },
    {
      name: 'another server message, as it is',
      text: 'An unexpected error occurred. Please try again in a few minutes.',
      arrange: (page, stub) => stub.prefer(page, '/auth/registration', 'code=500'),
    },
    {
      name: 'no usable answer',
      text: 'Failed to create account. Please try again.',
      arrange: (page, stub) => stub.prefer(page, '/auth/registration', 'reset'),
    },
  ]

  for (const fault of faults) {
    test(`${fault.name}: AUTH-8's text, and a fresh puzzle`, async ({ page, stub }) => {
      await fault.arrange(page, stub)
      const dialog = await openRegister(page)
      await fillRegistration(dialog, { email: fault.email ?? freshEmail('fault') })
      await submitOf(dialog).click()
      const alert = dialog.getByRole('alert').filter({ hasText: fault.text })
      await expect(alert).toHaveText(fault.text)
      await expect(alert).toBeFocused()
      // The captcha resets after a failed submission (CAPTCHA-3): a new, unsolved puzzle.
      const status = dialog.getByRole('group', { name: 'Human Verification' }).getByRole('status')
      await expect(status).toHaveText('')
      await expect(dialog.getByLabel(/What is \d+ \+ \d+\?/)).toHaveValue('')
      await expect(submitOf(dialog)).toBeDisabled()
      await expect(authDialog(page, 'Create Account')).toBeVisible()
    })
  }
})

test.describe('the human verification', () => {
  test('a wrong answer, a new puzzle a second later; the third wrong answer fails it (CAPTCHA-2, CAPTCHA-3)', async ({
    page,
  }) => {
    const dialog = await openRegister(page)
    const puzzle = dialog.getByRole('group', { name: 'Human Verification' })
    const status = puzzle.getByRole('status')
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const answer = puzzle.getByLabel(/What is \d+ \+ \d+\?/)
      await expect(answer).toHaveValue('')
      await expect(answer).toBeEditable()
      // 5..19 + 5..19 never makes 99.
      await answer.fill('99')
      await answer.press('Enter')
      if (attempt < 3) await expect(status).toHaveText('Incorrect answer. Please try again.')
    }
    await expect(status).toContainText(
      'Too many incorrect captcha attempts. Please refresh the page and try again.',
    )
    await expect(status).toContainText('Human verification failed. Please try again.')
    await expect(puzzle.getByLabel(/What is \d+ \+ \d+\?/)).not.toBeEditable()
    await expect(puzzle.getByRole('button', { name: 'Verify' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
  })

  test('takes digits only, two at most: a number from 0 to 99 (CAPTCHA-1)', async ({ page }) => {
    const dialog = await openRegister(page)
    const answer = dialog.getByLabel(/What is \d+ \+ \d+\?/)
    await expect(answer).toHaveAttribute('inputmode', 'numeric')
    await answer.pressSequentially('a1-2.3')
    await expect(answer).toHaveValue('12')
    await answer.fill('')
    await dialog.getByRole('button', { name: 'Verify' }).click()
    await expect(
      dialog.getByRole('group', { name: 'Human Verification' }).getByRole('status'),
    ).toHaveText('Enter a whole number from 0 to 99.')
  })
})
