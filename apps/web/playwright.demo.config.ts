import { defineConfig } from '@playwright/test'
import { cpuBudget } from './e2e/bounds'
import { chromiumProject } from './e2e/chromium'
import { suiteOptions } from './e2e/reports'
import { EXIT_WITH_RUNNER, testPort } from './e2e/test-ports'

/**
 * The static demo (pnpm build:demo) served by nginx alone: no stub process, the stub runs in the
 * page. Its own config so the main browser suite (playwright.config.ts) is unchanged.
 */
const demo = await testPort('PW_DEMO_PORT')
const port = demo.port

export default defineConfig({
  testDir: './e2e-demo',
  ...suiteOptions('e2e-demo'),
  workers: cpuBudget(),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failure keeps its trace (DOM snapshots, network, console) and a screenshot of its end; the
    // trace's screencast, a JPEG of every frame of every test, kept or not, was a sixth of the
    // suite's CPU (docs/decisions/build-and-ci.md).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
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
