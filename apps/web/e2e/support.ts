import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export async function useLocale(page: Page, locale: 'en' | 'ka'): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('preferred-locale', value), locale)
}

export async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('preferred-theme', value), theme)
}

/** A theme and a locale a page is scanned in. */
export type Look = { theme: 'light' | 'dark'; locale: 'en' | 'ka' }

const LOOK_PAIRS: readonly (readonly [Look, Look])[] = [
  [
    { theme: 'light', locale: 'en' },
    { theme: 'dark', locale: 'ka' },
  ],
  [
    { theme: 'light', locale: 'ka' },
    { theme: 'dark', locale: 'en' },
  ],
]

/**
 * The two looks the n-th page or state of an axe matrix is scanned in (pairwise): each is scanned
 * in both themes and both locales, and neighbours between them in all four pairings of theme and
 * locale. Half the scans of the full matrix for the same reach (docs/decisions/testing.md).
 */
export const looksOf = (index: number): readonly [Look, Look] =>
  LOOK_PAIRS[index % 2] as readonly [Look, Look]

/** Opens every later page of the test in the look: its theme and locale as stored choices. */
export async function useLook(page: Page, look: Look): Promise<void> {
  await useTheme(page, look.theme)
  await useLocale(page, look.locale)
}

/**
 * axe's violations on the page as it is now. Only violations are collected (`resultTypes`): the
 * passes and incomplete lists, which no test reads, double a scan's time, and a scan must end
 * within a timed state such as the reset page's 3-second countdown.
 */
export async function axeViolations(page: Page) {
  // A state that fades in (a toast's CSS transition) is scanned once it has: mid-fade, its text is
  // nearly the background's colour (a contrast of 1.05 to 1 seen once, on a busy machine). Endless
  // animations (a spinner) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze()
  return results.violations
}

/** Fails, naming the state, when axe finds a violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  expect(await axeViolations(page), state).toEqual([])
}

/**
 * axe's violations on a still copy of the page as it is now: its markup without scripts, served
 * from the same origin (so its stylesheets load as on the live page) into the same tab. For a state that lasts
 * seconds, such as the reset page's countdown: a scan of the live page needs the page's timers,
 * and on a slow machine the countdown could leave the page before the scan ends.
 */
export async function axeViolationsOfStillCopy(page: Page) {
  const markup = await page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement
    for (const element of copy.querySelectorAll('script, template')) element.remove()
    return `<!doctype html>${copy.outerHTML}`
  })
  await page.route('**/__still-copy', (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: markup }),
  )
  await page.goto('/__still-copy')
  return axeViolations(page)
}

/** Console errors and warnings, for tests that must see none (hydration, CSP). */
export function watchConsole(page: Page): string[] {
  const messages: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      messages.push(`${message.type()}: ${message.text()}`)
    }
  })
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`))
  return messages
}

type EventBody = Record<string, unknown> & { type?: string; details?: Record<string, string> }

/**
 * The body of the next POST /api/security/log of the given type (and matching `where`). Read
 * through a pass-through route: the client streams its bodies, which plain request events miss.
 */
export async function securityEvent(
  page: Page,
  type: string,
  where: (body: EventBody) => boolean = () => true,
): Promise<{ body: Promise<EventBody> }> {
  let resolve: (body: EventBody) => void = () => {}
  const found = new Promise<EventBody>((done) => {
    resolve = done
  })
  await page.route('**/api/security/log', async (route) => {
    const body = route.request().postDataJSON() as EventBody | null
    if (body?.type === type && where(body)) resolve(body)
    await route.continue()
  })
  return { body: found }
}

/** Entries kept in browser storage (newest 100). */
export async function storedEvents(
  page: Page,
): Promise<Array<{ type: string; details: Record<string, string> }>> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('security-log') ?? '[]'))
}

export const toast = (page: Page, type: 'success' | 'error' | 'warning' | 'info') =>
  page.locator(`[data-sonner-toast][data-type="${type}"]`)

/** A fake clock that stands still: time moves only when a test says so. */
export async function freezeClock(page: Page): Promise<void> {
  const start = new Date('2026-03-02T09:00:00Z')
  await page.clock.install({ time: start })
}

/** Call after page.goto: stops the fake clock's flow once the page has hydrated. */
export async function pauseClock(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await page.clock.pauseAt(new Date('2026-03-02T09:30:00Z'))
}

/**
 * With a paused clock: lets the toaster (loaded at the first notification) mount and sonner render
 * the pending toast. Between the fake clock's timers, work goes on in real time: the toaster's
 * chunk arrives, React reveals it on a timer, its effect hands the toast over, and sonner renders
 * it from a zero-delay timer. Fake time therefore moves in small steps until a toast is on the
 * page; stopping once the toaster's live region was there raced the hand-over, and sonner's timer
 * then never ran. Answers how much fake time went by.
 */
export async function showPendingToast(page: Page): Promise<number> {
  const toasts = page.locator('[data-sonner-toast]')
  let advanced = 0
  while ((await toasts.count()) === 0) {
    if (advanced >= 1000) throw new Error('No toast was shown within 1000 ms of fake time')
    await page.waitForTimeout(20)
    await page.clock.runFor(10)
    advanced += 10
  }
  return advanced
}
