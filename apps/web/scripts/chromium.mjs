// Debian's Chromium and the flags every browser run of the site uses (the Playwright specs and
// the Lighthouse bench): Playwright cannot download its own browser on this network.
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
