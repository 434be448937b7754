import type { Page } from '@playwright/test'
import { authDialog, expect, solveCaptcha, test } from './auth-helpers'
import { USER_ACCOUNT } from './stub'
import { axeViolations, useLocale, useTheme } from './support'

async function noViolations(page: Page, state: string): Promise<void> {
  expect(await axeViolations(page), state).toEqual([])
}

// One state of the auth modals in one theme and locale per test: a test's timeout measures one
// state's way there and its scan.
for (const theme of ['light', 'dark'] as const) {
  for (const locale of ['en', 'ka'] as const) {
    test.describe(`no axe violations in the auth modals (${theme}, ${locale})`, () => {
      const inLocale = (english: string, georgian: string) => (locale === 'en' ? english : georgian)

      test.beforeEach(async ({ page }) => {
        await useTheme(page, theme)
        await useLocale(page, locale)
      })

      test('sign in', async ({ page }) => {
        await page.goto('/?auth=login')
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        await expect(page.locator('dialog[open] form')).toBeVisible()
        await noViolations(page, 'sign in')
      })

      test('sign in with a server error', async ({ page }) => {
        await page.goto('/?auth=login')
        const signIn = page.locator('dialog[open]')
        await signIn.locator('input[type="email"]').fill(USER_ACCOUNT.email)
        await signIn.locator('input[type="password"]').fill('NotThePassword1!')
        await signIn.locator('button[type="submit"]').click()
        await expect(signIn.getByRole('alert')).not.toBeEmpty()
        await noViolations(page, 'sign in with an error')
      })

      test('register with a field error, a strength label and a verified puzzle', async ({
        page,
      }) => {
        await page.goto('/?auth=register')
        const register = page.locator('dialog[open]')
        await register.locator('input[type="email"]').fill('nino')
        await register.locator('input[type="email"]').blur()
        await expect(register.locator('[aria-invalid="true"]')).toHaveCount(1)
        await register.locator('input[autocomplete="new-password"]').first().fill('short')
        if (locale === 'en') await solveCaptcha(register)
        await noViolations(page, 'register with errors')
      })

      test('the puzzle failed after three wrong answers', async ({ page }) => {
        await page.goto('/?auth=register')
        const puzzle = page.locator('dialog[open] fieldset.captcha')
        for (let attempt = 0; attempt < 3; attempt += 1) {
          await expect(puzzle.locator('input')).toHaveValue('')
          await expect(puzzle.locator('input')).toBeEditable()
          await puzzle.locator('input').fill('99')
          await puzzle.locator('input').press('Enter')
          if (attempt < 2) await expect(puzzle).toHaveAttribute('data-status', 'puzzle')
          await page.waitForTimeout(350)
        }
        await expect(puzzle).toHaveAttribute('data-status', 'failed')
        await noViolations(page, 'captcha failed')
      })

      test('forgot password with its puzzle', async ({ page }) => {
        await page.goto('/?auth=forgot-password')
        const forgot = page.locator('dialog[open]')
        await forgot.locator('input[type="email"]').fill(USER_ACCOUNT.email)
        await expect(forgot.locator('fieldset.captcha')).toBeVisible()
        await noViolations(page, 'forgot password')
      })

      test('Email Sent', async ({ page }) => {
        await page.goto('/?auth=forgot-password')
        const forgot = page.locator('dialog[open]')
        await forgot.locator('input[type="email"]').fill(USER_ACCOUNT.email)
        const answer = forgot.locator('fieldset.captcha input')
        const label = (await forgot.locator('fieldset.captcha label').textContent()) ?? ''
        const [a, b] = (label.match(/\d+/g) ?? []).map(Number)
        await answer.fill(String((a ?? 0) + (b ?? 0)))
        await expect(forgot.locator('fieldset.captcha')).toHaveAttribute('data-status', 'completed')
        await forgot.locator('button[type="submit"]').click()
        await expect(
          forgot.getByRole('heading', { name: inLocale('Email Sent!', 'წერილი გაიგზავნა!') }),
        ).toBeVisible()
        await noViolations(page, 'email sent')
      })
    })
  }
}

for (const theme of ['light', 'dark'] as const) {
  test(`no axe violations with the lock message (${theme})`, async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem(
        'login-lock',
        JSON.stringify({ attempts: 5, lastAttemptAt: Date.now() }),
      ),
    )
    await useTheme(page, theme)
    await page.goto('/?auth=login')
    const dialog = authDialog(page, 'Sign In')
    await expect(dialog.getByRole('alert')).toHaveText(
      'Too many login attempts. Please try again later.',
    )
    await noViolations(page, `locked (${theme})`)
  })
}
