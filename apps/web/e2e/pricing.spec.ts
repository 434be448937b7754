import { ka } from '@devenv/domain/messages/ka'
import { expect, test } from '@playwright/test'
import { freezeClock, pauseClock, showPendingToast, toast, useLocale } from './support'

test.describe('pricing', () => {
  test('shows three plans from the domain, Professional featured as Most Popular (PLAN-1, PLAN-2)', async ({
    page,
  }) => {
    await page.goto('/pricing')
    const plans = page.locator('article.plan')
    await expect(plans).toHaveCount(3)
    await expect(plans.locator('h2')).toHaveText(['Starter', 'Professional', 'Enterprise'])
    await expect(plans.locator('.plan__amount')).toHaveText(['$75', '$150', '$300'])
    const featured = page.locator('article.plan--featured')
    await expect(featured.locator('h2')).toHaveText('Professional')
    await expect(featured.getByText('Most Popular')).toBeVisible()
    await expect(plans.nth(2)).toContainText('GPU available')
    await expect(plans.nth(2)).toContainText('99.99% uptime')
  })

  test('the comparison table says included or not included for booleans (PLAN-2)', async ({
    page,
  }) => {
    await page.goto('/pricing')
    const table = page.getByRole('table', { name: 'Compare plans' })
    const gpu = table.getByRole('row', { name: /^GPU/ })
    await expect(gpu.getByRole('cell')).toHaveText(['Not included', 'Not included', 'Included'])
    const vcpu = table.getByRole('row', { name: /^vCPU/ })
    await expect(vcpu.getByRole('cell')).toHaveText(['2', '4', '8'])
    await expect(
      table
        .getByRole('row', { name: /^Bandwidth/ })
        .getByRole('cell')
        .last(),
    ).toHaveText('Unlimited')
  })

  // On a phone the table showed Feature, Starter and a sliver of "Profe…", and nothing said more
  // was to the side.
  test('on a phone the comparison says it scrolls sideways, and scrolls from the keyboard', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/pricing')
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    const hint = page.getByText('Scroll sideways to compare every plan.')
    const region = page.getByRole('group', { name: 'Compare plans' })
    await region.scrollIntoViewIfNeeded()
    await expect(hint).toBeVisible()
    // A fade at the edge where more of the table is.
    const fades = () =>
      region.evaluate((element) => {
        const frame = element.parentElement as HTMLElement
        return {
          start: getComputedStyle(frame, '::before').opacity,
          end: getComputedStyle(frame, '::after').opacity,
        }
      })
    await expect.poll(fades).toEqual({ start: '0', end: '1' })
    // The region takes the keyboard focus, and the arrow keys scroll it.
    await region.focus()
    await expect(region).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0)
    await region.evaluate((element) => {
      element.scrollLeft = element.scrollWidth
    })
    await expect.poll(fades).toEqual({ start: '1', end: '0' })
  })

  test('at desktop width the whole comparison shows, without a hint to scroll', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/pricing')
    const region = page.getByRole('group', { name: 'Compare plans' })
    await expect(region).toBeVisible()
    expect(await region.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    )
    await expect(page.getByText('Scroll sideways to compare every plan.')).toBeHidden()
  })

  test('the six FAQ items toggle independently, by mouse and keyboard (PLAN-2, PLAN-4)', async ({
    page,
  }) => {
    await page.goto('/pricing')
    const faq = page.locator('.accordion__button')
    await expect(faq).toHaveCount(6)
    await faq.nth(0).click()
    await faq.nth(1).focus()
    await page.keyboard.press('Enter')
    await expect(faq.nth(0)).toHaveAttribute('aria-expanded', 'true')
    await expect(faq.nth(1)).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByText('no credit card is required')).toBeVisible()
    await expect(page.getByText('15% discount')).toBeVisible()
    await faq.nth(0).click()
    await expect(faq.nth(0)).toHaveAttribute('aria-expanded', 'false')
    await expect(faq.nth(1)).toHaveAttribute('aria-expanded', 'true')
    await faq.nth(2).click()
    // In the FAQ answer (the page's terms under the heading say it too).
    await expect(
      page
        .locator('.accordion')
        .getByText('Upgrades take effect immediately; downgrades apply at the next billing cycle.'),
    ).toBeVisible()
  })

  test('choosing Starter announces it and goes to /contact after 2 s (PLAN-3)', async ({
    page,
  }) => {
    await freezeClock(page)
    await page.goto('/pricing')
    await pauseClock(page)
    await page.locator('article.plan').first().getByRole('button').click()
    const elapsed = await showPendingToast(page)
    await expect(toast(page, 'success')).toContainText(
      'Starter plan selected! Redirecting to setup...',
    )
    await page.clock.runFor(1900 - elapsed)
    await expect(page).toHaveURL('/pricing')
    await page.clock.runFor(100)
    await expect(page).toHaveURL('/contact')
  })

  test('choosing Professional announces it too (PLAN-3)', async ({ page }) => {
    await freezeClock(page)
    await page.goto('/pricing')
    await pauseClock(page)
    await page.locator('article.plan--featured').getByRole('button').click()
    const elapsed = await showPendingToast(page)
    await expect(toast(page, 'success')).toContainText(
      'Professional plan selected! Redirecting to setup...',
    )
    await page.clock.runFor(2000 - elapsed)
    await expect(page).toHaveURL('/contact')
  })

  test('Enterprise goes to /contact at once; Schedule Demo links there (PLAN-3, PLAN-2)', async ({
    page,
  }) => {
    await page.goto('/pricing')
    await page.locator('article.plan').nth(2).getByRole('button').click()
    await expect(page).toHaveURL('/contact')
    await page.goto('/pricing')
    await page.getByRole('link', { name: 'Schedule Demo' }).click()
    await expect(page).toHaveURL('/contact')
  })

  test('reads in Georgian', async ({ page }) => {
    await useLocale(page, 'ka')
    await freezeClock(page)
    await page.goto('/pricing')
    await pauseClock(page)
    await expect(page.getByText(ka['pricing.mostPopular'])).toBeVisible()
    await page.locator('article.plan').first().getByRole('button').click()
    await showPendingToast(page)
    await expect(toast(page, 'success')).toContainText(
      ka['pricing.planSelected'].replace('{plan}', 'Starter'),
    )
  })
})
