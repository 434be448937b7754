import { defineConfig } from '@playwright/test'
import { cpuBudget } from './e2e/bounds'
import { chromiumProject } from './e2e/chromium'
import { suiteOptions } from './e2e/reports'
import { testPort } from './e2e/test-ports'
import { DEV_BROWSER_STUB_PROJECT, DEV_SERVER_PROJECT } from './e2e-dev/projects'

/**
 * The site as `npm run dev` serves it: Vite's development server (React's StrictMode, unbundled
 * modules, the source of the workspace packages), started by README command 1's own supervisor
 * (tools/scripts/dev.mjs), once with the stub API server and once with the stub in the browser.
 * The production suites (playwright.config.ts, playwright.demo.config.ts) never see this build.
 */
const web = await testPort('PW_DEV_WEB_PORT')
const browserWeb = await testPort('PW_DEV_BROWSER_WEB_PORT')
// The stub fixture of e2e/stub.ts reaches the stub on PW_STUB_PORT: this run's dev stub.
const stub = await testPort('PW_STUB_PORT')

/** dev.mjs, from the repository's root; it ends with the runner (its standard input, as the
 * other suites' servers do through e2e/test-ports.ts's EXIT_WITH_RUNNER). */
const devCommand = (stubMode: 'server' | 'browser') =>
  `node --import ./tools/scripts/exit-with-parent.mjs tools/scripts/dev.mjs --stub=${stubMode}`
// dev.mjs stops its parts on SIGTERM, each process group whole: a SIGKILL would leave them.
const gracefulShutdown = { signal: 'SIGTERM', timeout: 15_000 } as const

export default defineConfig({
  testDir: './e2e-dev',
  ...suiteOptions('e2e-dev'),
  workers: cpuBudget(),
  outputDir: 'test-results/dev',
  projects: [
    {
      ...chromiumProject,
      name: DEV_SERVER_PROJECT,
      use: { ...chromiumProject.use, baseURL: `http://127.0.0.1:${web.port}` },
    },
    {
      ...chromiumProject,
      name: DEV_BROWSER_STUB_PROJECT,
      use: { ...chromiumProject.use, baseURL: `http://127.0.0.1:${browserWeb.port}` },
      // The command's own tests start servers of their own: they run once, in the project above.
      testIgnore: /(newcomer|dev-command)\.spec\.ts$/,
    },
  ],
  webServer: [
    {
      command: devCommand('server'),
      cwd: '../..',
      url: `http://127.0.0.1:${web.port}/`,
      env: { WEB_DEV_PORT: String(web.port), PORT: String(stub.port) },
      reuseExistingServer: web.reuse,
      gracefulShutdown,
      // Bounds a start that hangs; Vite and the stub answer within seconds.
      timeout: 180_000,
    },
    {
      command: devCommand('browser'),
      cwd: '../..',
      url: `http://127.0.0.1:${browserWeb.port}/`,
      env: { WEB_DEV_PORT: String(browserWeb.port) },
      reuseExistingServer: browserWeb.reuse,
      gracefulShutdown,
      timeout: 180_000,
    },
  ],
})
