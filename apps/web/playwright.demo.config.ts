import { defineConfig } from '@playwright/test'
import { cpuBudget, EXPECT_BOUND_MS, TEST_BOUND_MS } from './e2e/bounds'
import { chromiumProject } from './e2e/chromium'
import { suiteReporters } from './e2e/reports'
import { EXIT_WITH_RUNNER, testPort } from './e2e/test-ports'

/**
 * The static demo (pnpm build:demo) served by nginx alone: no stub process, the stub runs in the
 * page. Its own config so the main browser suite (playwright.config.ts) is unchanged.
 */
const demo = await testPort('PW_DEMO_PORT')
const port = demo.port

export default defineConfig({
  testDir: './e2e-demo',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: cpuBudget(),
  timeout: TEST_BOUND_MS,
  expect: { timeout: EXPECT_BOUND_MS },
  reporter: suiteReporters('e2e-demo'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
  },
  // Apart from the main suite's test-results/, which this run would otherwise empty at its start
  // (the main suite's traces of a failed first try were lost so).
  outputDir: 'test-results/demo',
  projects: [chromiumProject],
  webServer: {
    command: `node --import ${EXIT_WITH_RUNNER} scripts/serve.mjs --demo`,
    url: `http://127.0.0.1:${port}/`,
    env: { WEB_PORT: String(port) },
    reuseExistingServer: demo.reuse,
    timeout: 180_000,
  },
})
