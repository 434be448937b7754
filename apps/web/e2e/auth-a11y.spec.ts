import type { Page } from '@playwright/test'
import { authDialog, expect, solveCaptcha, test } from './auth-helpers'
import { USER_ACCOUNT } from './stub'
import { expectNoAxeViolations, type Look, looksOf, useLook, useTheme } from './support'

/** The modal that `?auth=` opens, with its email field filled in. */
async function openWithEmail(page: Page, auth: string, email: string) {
  await page.goto(`/?auth=${auth}`)
  const dialog = page.locator('dialog[open]')
  await dialog.locator('input[type="email"]').fill(email)
  return dialog
}

type State = {
  name: string
  /** Brings the page in `look` to the state, then scans it. */
  scan: (page: Page, look: Look) => Promise<void>
}

const inLocale = (look: Look, english: string, georgian: string) =>
  look.locale === 'en' ? english : georgian

const STATES: State[] = [
  {
    name: 'sign in',
    async scan(page, look) {
      await page.goto('/?auth=login')
      await expect(page.locator('html')).toHaveAttribute('data-theme', look.theme)
      await expect(page.locator('dialog[open] form')).toBeVisible()
      await expectNoAxeViolations(page, 'sign in')
    },
  },
  {
    name: 'sign in with a server error',
    async scan(page) {
      const signIn = await openWithEmail(page, 'login', USER_ACCOUNT.email)
      await signIn.locator('input[type="password"]').fill('NotThePassword1!')
      await signIn.locator('button[type="submit"]').click()
      await expect(signIn.getByRole('alert')).not.toBeEmpty()
      await expectNoAxeViolations(page, 'sign in with an error')
    },
  },
  {
    name: 'register with a field error, a strength label and a verified puzzle',
    async scan(page, look) {
      const register = await openWithEmail(page, 'register', 'nino')
      await register.locator('input[type="email"]').blur()
      await expect(register.locator('[aria-invalid="true"]')).toHaveCount(1)
      await register.locator('input[autocomplete="new-password"]').first().fill('short')
      if (look.locale === 'en') await solveCaptcha(register)
      await expectNoAxeViolations(page, 'register with errors')
    },
  },
  {
    name: 'the puzzle failed after three wrong answers',
    async scan(page) {
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
      await expectNoAxeViolations(page, 'captcha failed')
    },
  },
  {
    name: 'forgot password with its puzzle',
    async scan(page) {
      const forgot = await openWithEmail(page, 'forgot-password', USER_ACCOUNT.email)
      await expect(forgot.locator('fieldset.captcha')).toBeVisible()
      await expectNoAxeViolations(page, 'forgot password')
    },
  },
  {
    name: 'Email Sent',
    async scan(page, look) {
      const forgot = await openWithEmail(page, 'forgot-password', USER_ACCOUNT.email)
      const answer = forgot.locator('fieldset.captcha input')
      const label = (await forgot.locator('fieldset.captcha label').textContent()) ?? ''
      const [a, b] = (label.match(/\d+/g) ?? []).map(Number)
      await answer.fill(String((a ?? 0) + (b ?? 0)))
      await expect(forgot.locator('fieldset.captcha')).toHaveAttribute('data-status', 'completed')
      await forgot.locator('button[type="submit"]').click()
      await expect(
        forgot.getByRole('heading', { name: inLocale(look, 'Email Sent!', 'წერილი გაიგზავნა!') }),
      ).toBeVisible()
      await expectNoAxeViolations(page, 'email sent')
    },
  },
]

// One state of the auth modals in one look per test: a test's timeout measures one state's way
// there and its scan. Each state is scanned in both themes and both locales, pairwise (looksOf).
test.describe('no axe violations in the auth modals', () => {
  STATES.forEach((state, index) => {
    for (const look of looksOf(index)) {
      test(`${state.name} (${look.theme}, ${look.locale})`, async ({ page }) => {
        await useLook(page, look)
        await state.scan(page, look)
      })
    }
  })
})

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
    await expectNoAxeViolations(page, `locked (${theme})`)
  })
}
