import { expect, test } from '@playwright/test'
import { axeViolations, looksOf, useLook, useTheme } from './support'

const PAGES = [
  '/',
  '/pricing',
  '/contact',
  '/reset-password',
  '/legal/terms-of-service',
  '/legal/privacy-policy',
  '/no-such-page',
]

// One page in one look per test: a test's timeout measures one page's scan. Each page is
// scanned in both themes and both locales, pairwise (looksOf).
test.describe('no axe violations on the public pages', () => {
  PAGES.forEach((path, index) => {
    for (const look of looksOf(index)) {
      test(`${path} (${look.theme}, ${look.locale})`, async ({ page }) => {
        await useLook(page, look)
        await page.goto(path)
        await expect(page.locator('html')).toHaveAttribute('lang', look.locale)
        await expect(page.locator('html')).toHaveAttribute('data-theme', look.theme)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        expect(await axeViolations(page), `${path} (${look.theme}, ${look.locale})`).toEqual([])
      })
    }
  })
})

test.describe('no axe violations in the open states of the public pages', () => {
  test('the FAQ open', async ({ page }) => {
    await page.goto('/pricing')
    await page.locator('.accordion__button').first().click()
    await expect(page.locator('.accordion__button').first()).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    expect(await axeViolations(page)).toEqual([])
  })

  test('a toast', async ({ page }) => {
    await page.goto('/contact')
    await page.getByRole('button', { name: 'Book Demo Call' }).click()
    await expect(page.locator('[data-sonner-toast]')).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })

  for (const theme of ['light', 'dark'] as const) {
    test(`every kind of notification reads at 4.5:1 or more (${theme})`, async ({ page }) => {
      await useTheme(page, theme)
      await page.goto('/contact')
      // The first notification loads the toaster, and with it the colours of every kind.
      await page.getByRole('button', { name: 'Book Demo Call' }).click()
      const toaster = page.locator(`[data-sonner-toaster][data-sonner-theme="${theme}"]`)
      await expect(toaster).toHaveCount(1)
      const ratios = await toaster.evaluate((element) => {
        const style = getComputedStyle(element)
        // The colour as the browser resolves it (rgb), through a probe that takes the variable.
        const rgbOf = (variable: string) => {
          const probe = document.createElement('span')
          probe.style.color = style.getPropertyValue(variable)
          element.append(probe)
          const rgb = getComputedStyle(probe)
            .color.match(/[\d.]+/g)
            ?.slice(0, 3)
            .map(Number)
          probe.remove()
          return rgb ?? [0, 0, 0]
        }
        // WCAG 2's relative luminance and contrast ratio.
        const luminance = (rgb: number[]) => {
          const [r = 0, g = 0, b = 0] = rgb.map((value) => {
            const channel = value / 255
            return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
          })
          return 0.2126 * r + 0.7152 * g + 0.0722 * b
        }
        return Object.fromEntries(
          ['success', 'info', 'warning', 'error'].map((kind) => {
            const [lighter, darker] = [
              luminance(rgbOf(`--${kind}-text`)),
              luminance(rgbOf(`--${kind}-bg`)),
            ].sort((a, b) => b - a) as [number, number]
            return [kind, Math.round(((lighter + 0.05) / (darker + 0.05)) * 100) / 100]
          }),
        )
      })
      for (const [kind, ratio] of Object.entries(ratios)) {
        expect(ratio, `${kind} (${theme}): ${ratio}:1`).toBeGreaterThanOrEqual(4.5)
      }
    })
  }

  test('the mobile menu open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/contact')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })

  test('the sign-in modal opened from the mobile menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/contact')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
})
