import { describe, expect, it } from 'vitest'
import defineSite from '../vite.config.ts'

/** The site's configuration for a `vite` command in a mode, as the CLI resolves it before defaults. */
const configFor = (mode) =>
  defineSite({ command: 'serve', mode, isSsrBuild: false, isPreview: false })

describe('the development servers', () => {
  it('optimise their dependencies into folders of their own, one per mode', async () => {
    // Two servers sharing node_modules/.vite replaced or removed each other's optimised
    // dependencies: the other then answered every library with 504 until restarted.
    const site = await configFor('development')
    const browserStub = await configFor('browser-stub')
    expect(site.cacheDir).toBe('node_modules/.vite/site')
    expect(browserStub.cacheDir).toBe('node_modules/.vite/browser-stub')
  })
})
