// What a slow phone's main thread does while a public page starts, measured in Chromium with the
// CPU slowed down (CDP Emulation.setCPUThrottlingRate): the longest task of the start-up, and the
// delay of a visitor's first click. Used by the bench (scripts/lighthouse.mjs).
//
// - Start-up: a run without input, from the navigation until the app has owned the page for
//   QUIET_MS (the html element's data-hydrated mark, set by src/app.tsx). Every task over 50 ms
//   the browser reports ('longtask' entries, observed from before the document's first byte) is
//   counted, whatever ran in it: parsing, scripts, hydration, idle-time work. What held them is
//   read from the long animation frames: the longest single script run (the site's code and its
//   libraries) and the longest rendering (the browser's style, layout and paint).
// - Click: a second run, in which the page's own control is clicked CLICK_AFTER_LOAD_MS after the
//   load event, as a real mouse press and release. Its input delay is the longest wait of the
//   interaction's events (pointerdown to click) before their first handler ran, the Event Timing
//   definition, read from each event's timeStamp, so that no threshold hides a short one. Its
//   answer is the time from the press until what the click does is on the page (the FAQ item open,
//   the address at #features), so a click held for a part that hydrates later still counts.
import { chromium } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs'

export const CPU_SLOWDOWN = 4
export const LONG_TASK_MS = 50
export const CLICK_AFTER_LOAD_MS = 1000
const QUIET_MS = 2000
const GIVE_UP_MS = 30_000
const UNANSWERED_MS = 10_000

/**
 * The control each page's visitor clicks first, and how its answer shows on the page. Pages
 * without a control of their own click the theme switcher, which every page's bar carries.
 */
export const CLICKS = {
  '/': {
    label: "'Explore Platform'",
    selector: 'a.button[href="/#features"]',
    answer: { hash: '#features' },
  },
  '/pricing': {
    label: 'first FAQ item',
    selector: '.accordion__button',
    answer: { expanded: '.accordion__button' },
  },
  '/contact': {
    label: 'first FAQ item',
    selector: '.accordion__button',
    answer: { expanded: '.accordion__button' },
  },
}
const THEME_SWITCH = {
  label: 'theme switch',
  selector: 'header button.icon-button[title]',
  answer: { theme: 'dark' },
}
export const clickOf = (path) => CLICKS[path] ?? THEME_SWITCH

// Installed before any of the page's own scripts: the observers see the whole start-up. The
// probe then reads the page only through small CDP evaluations of what this installs: Playwright's
// own helpers would inject their scripts into the page, tasks of their own in the measured window.
function observeStartup() {
  const seen = { longTasks: [], frames: [], events: [], hydratedAt: null }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      seen.longTasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })
  // What held each long frame: its longest script run, and its rendering (style, layout, paint).
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      seen.frames.push({
        script: Math.max(0, ...entry.scripts.map((script) => script.duration)),
        rendering: entry.renderStart ? entry.startTime + entry.duration - entry.renderStart : 0,
      })
  }).observe({ type: 'long-animation-frame', buffered: true })
  // Capturing on the window runs before the page's own listeners, the early-input keeper's too.
  for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {
    addEventListener(
      type,
      (event) => seen.events.push({ type, at: event.timeStamp, handled: performance.now() }),
      { capture: true },
    )
  }
  new MutationObserver((_, observer) => {
    if (document.documentElement.dataset.hydrated !== 'true') return
    seen.hydratedAt = performance.now()
    observer.disconnect()
    // The html element is not parsed yet when this runs: the document is watched.
  }).observe(document, { subtree: true, attributeFilter: ['data-hydrated'] })
  const afterFrames = (done, check) =>
    requestAnimationFrame(() => (check() ? done() : afterFrames(done, check)))
  window.__startup = {
    seen,
    /** Resolves once the app has owned the page for `quiet` ms, or after `limit` ms. */
    settled: (quiet, limit) =>
      new Promise((done) => {
        const check = () => seen.hydratedAt !== null && performance.now() - seen.hydratedAt >= quiet
        const timer = setInterval(() => {
          if (!check() && performance.now() < limit) return
          clearInterval(timer)
          done(seen)
        }, 100)
      }),
    /** Scrolls the control into view as a visitor would, and says where its middle is. */
    locate(selector) {
      const control = document.querySelector(selector)
      if (!control) return null
      control.scrollIntoView({ block: 'center', behavior: 'instant' })
      const rect = control.getBoundingClientRect()
      const load = performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? 0
      return {
        x: rect.x + rect.width / 2,
        y: rect.y + rect.height / 2,
        sinceLoad: performance.now() - load,
      }
    },
    /** The time of the first frame that shows what the click does, or null after `limit` ms. */
    answered({ hash, expanded, theme }, limit) {
      const done = () =>
        hash
          ? window.location.hash === hash
          : expanded
            ? document.querySelector(expanded)?.getAttribute('aria-expanded') === 'true'
            : document.documentElement.dataset.theme === theme
      const giveUp = performance.now() + limit
      return new Promise((resolve) =>
        afterFrames(
          () => resolve(done() ? performance.now() : null),
          () => done() || performance.now() > giveUp,
        ),
      )
    },
  }
}

async function openPage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } })
  const page = await context.newPage()
  // The same browser that Lighthouse's trace would show: light theme, no stored choice.
  await page.emulateMedia({ colorScheme: 'light' })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  await page.addInitScript(observeStartup)
  await page.goto(url, { waitUntil: 'load', timeout: GIVE_UP_MS })
  /** Evaluates an expression in the page as the DevTools console would (no injected helper). */
  const inPage = async (expression) => {
    const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
      expression,
      awaitPromise: true,
      returnByValue: true,
    })
    if (exceptionDetails) throw new Error(`${url}: ${exceptionDetails.exception?.description}`)
    return result.value
  }
  return { context, page, inPage }
}

/** One start-up without input: every long task, the longest and their blocking time. */
export async function measureStartup(browser, url) {
  const { context, inPage } = await openPage(browser, url)
  try {
    const { longTasks, frames, hydratedAt } = await inPage(
      `window.__startup.settled(${QUIET_MS}, ${GIVE_UP_MS})`,
    )
    return {
      hydratedAt,
      longTasks,
      longestTask: Math.max(0, ...longTasks.map((task) => task.duration)),
      // Only frames over 50 ms are reported: 0 means no script run or rendering reached that.
      longestScript: Math.max(0, ...frames.map((frame) => frame.script)),
      longestRendering: Math.max(0, ...frames.map((frame) => frame.rendering)),
      // Lighthouse's definition: what each task holds the thread beyond 50 ms.
      blocking: longTasks.reduce((sum, task) => sum + Math.max(0, task.duration - LONG_TASK_MS), 0),
    }
  } finally {
    await context.close()
  }
}

/** One click CLICK_AFTER_LOAD_MS after the load event: its input delay and its answer. */
export async function measureClick(browser, url, click) {
  const { context, page, inPage } = await openPage(browser, url)
  try {
    const box = await inPage(`window.__startup.locate(${JSON.stringify(click.selector)})`)
    if (!box) throw new Error(`${url} has no ${click.selector}`)
    await page.waitForTimeout(Math.max(0, CLICK_AFTER_LOAD_MS - box.sinceLoad))
    await page.mouse.click(box.x, box.y)
    // A click that never gets its answer (it landed elsewhere, or was dropped) is unanswered.
    const answeredAt = await inPage(
      `window.__startup.answered(${JSON.stringify(click.answer)}, ${UNANSWERED_MS})`,
    )
    const { events } = await inPage('window.__startup.seen')
    const pressed = events.find((event) => event.type === 'pointerdown') ?? events[0]
    if (!pressed) throw new Error(`${url}: the click reached no listener`)
    return {
      inputDelay: Math.max(...events.map((event) => event.handled - event.at)),
      answer: answeredAt === null ? null : answeredAt - pressed.at,
    }
  } finally {
    await context.close()
  }
}

export async function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] })
}
