import { createDevClient, type DevClient, type DevTransport } from '@devenv/openapi/dev-protocol'
import { test as base, type Page } from '@playwright/test'
import { STUB_ORIGIN } from '../e2e/stub-origin'
import { DEV_BROWSER_STUB_PROJECT } from './projects'

/**
 * The development suite's fixture: each test's own stub, read through the development protocol
 * as a developer's tools read it.
 * - With the stub server (`npm run dev`), a stub session of its own: the `stubSession` cookie on
 *   the site (Vite's proxy forwards it with every /api call), and `/__dev` on the stub's port.
 * - With the stub in the browser (`--stub=browser`), the page's own stub: each test's browser
 *   context has a storage of its own, and so a stub of its own, and the page's service worker
 *   answers `/__dev` as it answers `/api`.
 */
export const test = base.extend<{ dev: DevClient }>({
  dev: [
    async ({ page, context, baseURL }, use, testInfo) => {
      if (testInfo.project.name === DEV_BROWSER_STUB_PROJECT) {
        await use(createDevClient({ transport: pageTransport(page) }))
        return
      }
      const session = `pw-dev-${testInfo.testId}-${testInfo.retry}`
      await context.addCookies([{ name: 'stubSession', value: session, url: baseURL ?? '' }])
      await use(createDevClient({ origin: STUB_ORIGIN, session }))
    },
    // Every test, whether it reads the mailbox or not: its sign-ins, windows and environments
    // are then its own, never the default store's.
    { auto: true },
  ],
})

/** The development protocol's requests, sent by the page itself (its service worker answers). */
function pageTransport(page: Page): DevTransport {
  return (request) =>
    page.evaluate(async ({ method, path, headers, body }) => {
      const response = await fetch(path, { method, headers, body })
      const text = await response.text()
      let json: unknown
      try {
        json = text === '' ? undefined : JSON.parse(text)
      } catch {
        json = undefined
      }
      return { status: response.status, json }
    }, request)
}

export { expect } from '@playwright/test'
