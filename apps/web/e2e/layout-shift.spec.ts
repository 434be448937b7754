import { expect, test } from '@playwright/test'
import { PRERENDERED_ROUTES } from '../scripts/site.mjs'

/** The bar, as Lighthouse measures it on a phone: cumulative layout shift <= 0.01. */
const MAX_LAYOUT_SHIFT = 0.01
const VALID_HASH = '7fba1365c5404facd29db55ea827c4d2f6d7a8d2242976bedcbe0f0a59132586'

// The public prerendered pages, and the reset page with a valid and an invalid link.
const PAGES = [
  ...PRERENDERED_ROUTES.map((route) => route.path).filter((path) => path !== '/404'),
  `/reset-password?user=${encodeURIComponent('ada@example.com')}&hash=${VALID_HASH}`,
  '/reset-password?user=ada%40example.com&hash=not-a-hash',
]

// Lighthouse's mobile preset: a 412 px wide phone. The prerendered page paints first, then hydrates
// (and the reset page checks its link): whatever hydration changes must fit the painted boxes.
test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true })

for (const path of PAGES) {
  test(`${path} does not move while it loads and hydrates`, async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: number[] = []
      Object.assign(window, { __layoutShifts: shifts })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number
          hadRecentInput: boolean
        })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value)
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto(path)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await page.waitForLoadState('networkidle')
    // Two frames after the last network answer: any late re-layout has happened by then.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    )
    const shifts = await page.evaluate(
      () => (window as unknown as { __layoutShifts: number[] }).__layoutShifts,
    )
    const total = shifts.reduce((sum, value) => sum + value, 0)
    test.info().annotations.push({ type: 'layout shift', description: total.toFixed(4) })
    expect(total).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT)
  })
}

test('the reset page reserves the form box before it knows the link', async ({ browser }) => {
  const heights: Record<string, number> = {}
  const link = `/reset-password?user=${encodeURIComponent('ada@example.com')}&hash=${VALID_HASH}`
  for (const [label, javaScriptEnabled, path] of [
    ['prerendered', false, '/reset-password'],
    ['invalid link', true, '/reset-password'],
    ['form', true, link],
  ] as const) {
    const context = await browser.newContext({
      javaScriptEnabled,
      viewport: { width: 412, height: 823 },
    })
    const page = await context.newPage()
    await page.goto(path)
    if (javaScriptEnabled) {
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      await expect(
        page.locator(
          label === 'form' ? 'form.reset-password__form' : '[data-testid=reset-problem]',
        ),
      ).toBeVisible()
    }
    const box = await page.locator('.reset-password__footer').boundingBox()
    heights[label] = box?.y ?? -1
    await context.close()
  }
  // The footer under the state box stands at the same height in all three.
  expect(heights['invalid link']).toBe(heights.prerendered)
  expect(heights.form).toBe(heights.prerendered)
  expect(heights.prerendered).toBeGreaterThan(0)
})
