import type { Page } from '@playwright/test'
import { expect, test } from './stub'
import { toast } from './support'

// A prerendered page paints before its scripts are fetched (index.html's inline start).
// What a visitor does in that moment must not be lost: each test holds the app's entry script
// back, acts on the painted page, then lets the script through.
async function holdTheApp(page: Page): Promise<() => void> {
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  return release
}

const notHydrated = async (page: Page) =>
  expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull()

test('a form filled and sent before the app has the page is sent once it has', async ({ page }) => {
  const bodies: Array<Record<string, unknown>> = []
  await page.route('**/api/contact', async (route) => {
    bodies.push(route.request().postDataJSON() as Record<string, unknown>)
    await route.fulfill({ status: 201, json: { status: 'received' } })
  })
  const letTheAppIn = await holdTheApp(page)
  // The load event may wait for the held script: the page is painted long before.
  await page.goto('/contact', { waitUntil: 'commit' })
  await page.getByLabel(/^First Name/).fill('Nino')
  await page.getByLabel(/^Last Name/).fill('Beridze')
  await page.getByLabel(/^Email/).fill('nino@example.com')
  await page.getByLabel('Inquiry Type').selectOption('support')
  await page.getByLabel(/^Message/).fill('Sent before the scripts came.')
  await page.getByLabel('Subscribe to our newsletter').check()
  await page.getByRole('button', { name: 'Send Message' }).click()
  await notHydrated(page)
  // Held: no native submission (the address keeps no query) and nothing sent yet.
  expect(new URL(page.url()).search).toBe('')
  expect(bodies).toEqual([])

  letTheAppIn()
  await expect(toast(page, 'success')).toBeVisible()
  expect(bodies).toHaveLength(1)
  expect(bodies[0]).toMatchObject({
    firstName: 'Nino',
    lastName: 'Beridze',
    email: 'nino@example.com',
    inquiryType: 'support',
    message: 'Sent before the scripts came.',
    newsletter: true,
  })
})

test('a button clicked before the app has the page does its work once it has', async ({ page }) => {
  const letTheAppIn = await holdTheApp(page)
  await page.goto('/contact', { waitUntil: 'commit' })
  await page.getByRole('button', { name: 'Book Demo Call' }).click()
  await notHydrated(page)
  await expect(toast(page, 'info')).toHaveCount(0)

  letTheAppIn()
  await expect(toast(page, 'info')).toBeVisible()
  await expect(toast(page, 'info')).toHaveCount(1)
})

test('a page scrolled before the app has it stays where the visitor has it', async ({ page }) => {
  const letTheAppIn = await holdTheApp(page)
  await page.goto('/pricing', { waitUntil: 'commit' })
  const question = page.getByRole('button', { name: 'Is there a free trial?' })
  await question.scrollIntoViewIfNeeded()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  // What the visitor sees is where the item sits on the screen. The page's offset itself may move
  // while sections below the first screen are laid out (content-visibility), the browser's scroll
  // anchoring keeping the item in place.
  const seenAt = async () => Math.round((await question.boundingBox())?.y ?? Number.NaN)
  // Measured once the painted page is whole (its style sheets and fonts in) and holds still over two
  // frames: on a busy machine the browser may still be laying out (and anchoring) the sections it
  // scrolled past, which is not the app's doing.
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every(
        (link) => link.sheet !== null,
      ),
  )
  const frames = () =>
    page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
  await expect
    .poll(async () => {
      const first = await seenAt()
      await frames()
      return first === (await seenAt())
    })
    .toBe(true)
  const before = await seenAt()

  letTheAppIn()
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  expect(await seenAt()).toBe(before)
  // The FAQ hydrates on its own (HydratedApart): the click opens the item where it was.
  await question.click()
  await expect(question).toHaveAttribute('aria-expanded', 'true')
  expect(await seenAt()).toBe(before)
})

/** Whether each context menu of the page was refused, in order (read once its dispatch is over). */
async function recordContextMenus(page: Page): Promise<() => Promise<boolean[]>> {
  await page.addInitScript(() => {
    addEventListener(
      'contextmenu',
      (event) => {
        setTimeout(() => {
          const seen = JSON.parse(sessionStorage.getItem('context-menus') ?? '[]') as boolean[]
          sessionStorage.setItem('context-menus', JSON.stringify([...seen, event.defaultPrevented]))
        })
      },
      true,
    )
  })
  return () =>
    page.evaluate(() => JSON.parse(sessionStorage.getItem('context-menus') ?? '[]') as boolean[])
}

// UI-4: a right-click on the painted page, before the app had it, got the browser's own menu.
test('a right-click before the app has the page is refused, and answered once it has', async ({
  page,
}) => {
  const refused = await recordContextMenus(page)
  const letTheAppIn = await holdTheApp(page)
  await page.goto('/', { waitUntil: 'commit' })
  await page.locator('.hero h1').click({ button: 'right' })
  await notHydrated(page)
  await expect.poll(refused).toEqual([true])
  await expect(toast(page, 'warning')).toHaveCount(0)

  letTheAppIn()
  await expect(toast(page, 'warning')).toHaveText(
    'Access to developer tools is restricted. Please authenticate first.',
  )
  await expect(toast(page, 'warning')).toHaveCount(1)
  const blocked = () =>
    page.evaluate(
      () =>
        (
          JSON.parse(localStorage.getItem('security-log') ?? '[]') as Array<{ type: string }>
        ).filter((entry) => entry.type === 'developer_tools_blocked').length,
    )
  await expect.poll(blocked).toBe(1)
})

test('signed in, a right-click before the app has the page gets the menu', async ({
  page,
  stub,
}) => {
  await stub.signIn(page)
  const refused = await recordContextMenus(page)
  const letTheAppIn = await holdTheApp(page)
  await page.goto('/', { waitUntil: 'commit' })
  await page.locator('.hero h1').click({ button: 'right' })
  await notHydrated(page)
  await expect.poll(refused).toEqual([false])

  letTheAppIn()
  await expect(page.getByRole('button', { name: 'Dashboard' })).toBeVisible()
  await expect(toast(page, 'warning')).toHaveCount(0)
})
