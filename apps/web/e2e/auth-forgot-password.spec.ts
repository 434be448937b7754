import type { Locator, Page } from '@playwright/test'
import { authDialog, expect, recordCalls, solveCaptcha, test } from './auth-helpers'
import { type Stub, USER_ACCOUNT } from './stub'
import { toast } from './support'

async function openForgot(page: Page): Promise<Locator> {
  await page.goto('/?auth=forgot-password')
  const dialog = authDialog(page, 'Reset Password')
  await expect(dialog).toBeVisible()
  return dialog
}

async function requestLink(dialog: Locator, email: string): Promise<void> {
  await dialog.getByLabel('Email').fill(email)
  await solveCaptcha(dialog)
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click()
}

test.describe('forgot password', () => {
  test('the puzzle shows once the address has an @; Email Sent!, the mail, Resend, Back to login (RESET-1, API-10)', async ({
    page,
    stub,
  }) => {
    const bodies = await recordCalls(page, '/auth/reset-password')
    const dialog = await openForgot(page)
    const puzzle = dialog.getByRole('group', { name: 'Human Verification' })
    await dialog.getByLabel('Email').fill('user')
    await expect(puzzle).toHaveCount(0)
    await dialog.getByLabel('Email').fill('user@')
    await expect(puzzle).toBeVisible()
    await requestLink(dialog, USER_ACCOUNT.email)

    await expect(dialog.getByRole('heading', { name: 'Email Sent!' })).toBeFocused()
    await expect(
      dialog.getByText(`We sent a password reset link to ${USER_ACCOUNT.email}.`),
    ).toBeVisible()
    await expect(toast(page, 'success')).toContainText('Password reset link sent to your email!')
    const mail = await stub.waitForMail(USER_ACCOUNT.email, 'password-reset')
    expect(mail.linkParams.user).toBe(USER_ACCOUNT.email)

    await dialog.getByRole('button', { name: 'Resend Email' }).click()
    await expect(dialog.getByRole('status')).toHaveText('Password reset link resent successfully!')
    expect(bodies).toEqual([{ username: USER_ACCOUNT.email }, { username: USER_ACCOUNT.email }])

    await dialog.getByRole('button', { name: 'Back to login' }).click()
    await expect(authDialog(page, 'Sign In')).toBeVisible()
  })

  test('the rules: required, then the shape, then the puzzle; nothing is sent (RESET-2)', async ({
    page,
  }) => {
    const bodies = await recordCalls(page, '/auth/reset-password')
    const dialog = await openForgot(page)
    const send = dialog.getByRole('button', { name: 'Send Reset Link' })
    await send.click()
    await expect(dialog.getByText('Please enter your email address.')).toBeVisible()
    await dialog.getByLabel('Email').fill('nino@example')
    await send.click()
    await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible()
    await dialog.getByLabel('Email').fill('nino@example.com')
    await send.click()
    await expect(dialog.getByText('Please complete the human verification first.')).toBeVisible()
    expect(bodies).toEqual([])
  })

  test(`an unknown address: the API answers 401 "user don't exist" by default, and the modal says no account has it (API-7)`, async ({
    page,
  }) => {
    const dialog = await openForgot(page)
    const answered = page.waitForResponse('**/api/auth/reset-password')
    await requestLink(dialog, 'nobody-here@example.com')
    const answer = await answered
    expect(answer.status(), 'the existing backend answers an unknown address with 401').toBe(401)
    expect(await answer.json()).toMatchObject({ message: "user don't exist" })
    await expect(dialog.getByRole('alert')).toHaveText(
      'No account found with this email address. Please check your email or create a new account.',
    )
  })

  type Fault = {
    name: string
    text: string
    email?: string
    arrange: (page: Page, stub: Stub) => Promise<void>
  }
  const json = (status: number, body: unknown) => async (page: Page) => {
    await page.route('**/api/auth/reset-password', (route) => route.fulfill({ status, json: body }))
  }
  const faults: Fault[] = [
    {
      name: '429',
      text: 'Too many requests. Please wait a few minutes before trying again.',
      arrange: (page, stub) => stub.prefer(page, '/auth/reset-password', 'code=429'),
    },
    {
      name: "401 user don't exist",
      text: 'No account found with this email address. Please check your email or create a new account.',
      email: 'nobody-here@example.com',
      arrange: async () => {},
    },
    {
      name: 'another 401: its message',
      text: 'Reset requests are paused for this account',
      arrange: json(401, { message: 'Reset requests are paused for this account' }),
    },
    { name: 'a 401 without a message', text: 'Authentication failed.', arrange: json(401, {}) },
    {
      name: '400 with errors: the first value',
      text: 'Please enter a valid email address',
      arrange: (page, stub) => stub.prefer(page, '/auth/reset-password', 'code=400'),
    },
    {
      name: "'Validation errors' without values",
      text: 'Invalid request. Please check your input.',
      arrange: json(400, { message: 'Validation errors' }),
    },
    {
      name: 'another server message',
      text: 'An unexpected error occurred. Please try again in a few minutes.',
      arrange: (page, stub) => stub.prefer(page, '/auth/reset-password', 'code=500'),
    },
    {
      name: 'no usable answer',
      text: 'Failed to send reset email. Please try again.',
      arrange: (page, stub) => stub.prefer(page, '/auth/reset-password', 'reset'),
    },
  ]

  for (const fault of faults) {
    test(`${fault.name}: RESET-3's text, and a fresh puzzle`, async ({ page, stub }) => {
      await fault.arrange(page, stub)
      const dialog = await openForgot(page)
      await requestLink(dialog, fault.email ?? USER_ACCOUNT.email)
      const alert = dialog.getByRole('alert').filter({ hasText: fault.text })
      await expect(alert).toHaveText(fault.text)
      await expect(alert).toBeFocused()
      await expect(dialog.getByRole('heading', { name: 'Email Sent!' })).toHaveCount(0)
      const puzzle = dialog.getByRole('group', { name: 'Human Verification' })
      await expect(puzzle.getByRole('status')).toHaveText('')
      await expect(puzzle.getByLabel(/What is/)).toHaveValue('')
    })
  }

  const resendFaults: Fault[] = [
    {
      name: '429',
      text: 'Please wait before requesting another email.',
      arrange: (page, stub) => stub.prefer(page, '/auth/reset-password', 'code=429'),
    },
    {
      name: 'a server message',
      text: 'An unexpected error occurred. Please try again in a few minutes.',
      arrange: (page, stub) => stub.prefer(page, '/auth/reset-password', 'code=500'),
    },
    {
      name: 'no usable answer',
      text: 'Failed to resend email. Please try again later.',
      arrange: (page, stub) => stub.prefer(page, '/auth/reset-password', 'reset'),
    },
  ]

  for (const fault of resendFaults) {
    test(`Resend Email, ${fault.name}: RESET-3's text`, async ({ page, stub }) => {
      const dialog = await openForgot(page)
      await requestLink(dialog, USER_ACCOUNT.email)
      await expect(dialog.getByRole('heading', { name: 'Email Sent!' })).toBeVisible()
      await fault.arrange(page, stub)
      await dialog.getByRole('button', { name: 'Resend Email' }).click()
      await expect(dialog.getByRole('alert')).toHaveText(fault.text)
      await expect(dialog.getByRole('heading', { name: 'Email Sent!' })).toBeVisible()
    })
  }
})
