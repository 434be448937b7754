import { fileURLToPath } from 'node:url'
import { devices, type Project } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs'

/**
 * Browser UI a headless run never shows: Chromium 156 loads the omnibox's two WebUI popups into a
 * renderer of their own for every window, that is every test's page, at about the CPU of the
 * page's own renderer (a third of the suite's CPU; docs/decisions/build-and-ci.md).
 */
const UNSHOWN_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']

/** Joins our --disable-features to Playwright's: Chromium would keep only the last one given. */
const LAUNCHER = fileURLToPath(new URL('../scripts/playwright-chromium.sh', import.meta.url))

/** Debian's Chromium: Playwright cannot download its own browser on this network. */
export const chromiumProject: Project = {
  name: 'chromium',
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: LAUNCHER,
      args: [
        `--devenv-chromium=${CHROMIUM_PATH}`,
        ...CHROMIUM_FLAGS,
        `--disable-features=${UNSHOWN_BROWSER_UI.join(',')}`,
      ],
    },
  },
}
