import { defineConfig } from '@playwright/test'
import { cpuBudget } from './e2e/bounds'
import { chromiumProject } from './e2e/chromium'
import { suiteOptions } from './e2e/reports'
import { EXIT_WITH_RUNNER, testPort } from './e2e/test-ports'

// Free ports unless given: a server another run left behind cannot disturb this one.
const web = await testPort('PW_WEB_PORT')
const stub = await testPort('PW_STUB_PORT')
const port = web.port
const stubPort = stub.port
// The stub's built CLI (built through turbo: @devenv/stub-api is a dev dependency of this app).
// `pnpm record:site` (PW_RECORD_DIR): the stub behind the toolkit's recording proxy.
const recording = process.env.PW_RECORD_DIR !== undefined
const stubCommand =
  process.env.PW_STUB_COMMAND ??
  `node --import ${EXIT_WITH_RUNNER} ${recording ? 'scripts/stub-recorded.mjs' : '../stub-api/dist/cli.js'}`

export default defineConfig({
  testDir: './e2e',
  ...suiteOptions('e2e'),
  // Two per CPU: many tests wait on the page's own timers (puzzles, countdowns, polling), and the
  // test command used 58% of two cores with three workers (27 Nov: the whole command 9 min 57 s
  // with three, 9 min 20 s with four). Per CPU of the budget, so that a cgroup's quota of one CPU
  // gets two rather than four browsers fighting over it.
  workers: 2 * cpuBudget(),
  // Prints how much of the contract the run exercised against the stub (information only).
  globalTeardown: './e2e/coverage-summary.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failure keeps its trace (DOM snapshots, network, console) and a screenshot of its end; the
    // trace's screencast, a JPEG of every frame of every test, kept or not, was a sixth of the
    // suite's CPU (docs/decisions/build-and-ci.md).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
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
      reuseExistingServer: stub.reuse,
      // Bounds a start that hangs; a slow machine under load starts in seconds.
      timeout: 180_000,
      // A recording proxy ends each session's file on SIGTERM; SIGKILL would cut the last lines.
      ...(recording ? { gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 } } : {}),
    },
    {
      command: `node --import ${EXIT_WITH_RUNNER} scripts/serve.mjs`,
      url: `http://127.0.0.1:${port}/`,
      env: { WEB_PORT: String(port), API_UPSTREAM: `http://127.0.0.1:${stubPort}` },
      reuseExistingServer: web.reuse,
      timeout: 180_000,
    },
  ],
})
