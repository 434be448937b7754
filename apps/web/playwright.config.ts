import { defineConfig } from '@playwright/test'
import { chromiumProject } from './e2e/chromium'

const port = Number(process.env.PW_WEB_PORT ?? 4173)
const stubPort = Number(process.env.PW_STUB_PORT ?? 4011)
// The stub's built CLI (built through turbo: @devenv/stub-api is a dev dependency of this app).
const stubCommand = process.env.PW_STUB_COMMAND ?? 'node ../stub-api/dist/cli.js'

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: [['list'], ['junit', { outputFile: 'reports/e2e.xml' }]],
  // Prints how much of the contract the run exercised against the stub (information only).
  globalTeardown: './e2e/coverage-summary.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
  },
  projects: [chromiumProject],
  // The production site as it ships: nginx serving dist/, proxying /api to the stub.
  webServer: [
    {
      command: stubCommand,
      url: `http://127.0.0.1:${stubPort}/api/health`,
      // TRUST_PROXY: nginx (below) connects from 127.0.0.1 and names the visitor in X-Forwarded-For.
      env: {
        PORT: String(stubPort),
        HOST: '127.0.0.1',
        STUB_MODE: 'test',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '127.0.0.1',
      },
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: 'node scripts/serve.mjs',
      url: `http://127.0.0.1:${port}/`,
      env: { WEB_PORT: String(port), API_UPSTREAM: `http://127.0.0.1:${stubPort}` },
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
})
