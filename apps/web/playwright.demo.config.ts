import { defineConfig } from '@playwright/test'
import { chromiumProject } from './e2e/chromium'

/**
 * The static demo (pnpm build:demo) served by nginx alone: no stub process, the stub runs in the
 * page. Its own config so the main browser suite (playwright.config.ts) is unchanged.
 */
const port = Number(process.env.PW_DEMO_PORT ?? 4175)

export default defineConfig({
  testDir: './e2e-demo',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: [['list'], ['junit', { outputFile: 'reports/e2e-demo.xml' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
  },
  projects: [chromiumProject],
  webServer: {
    command: 'node scripts/serve.mjs --demo',
    url: `http://127.0.0.1:${port}/`,
    env: { WEB_PORT: String(port) },
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
})
