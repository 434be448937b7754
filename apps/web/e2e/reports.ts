import type { PlaywrightTestConfig, ReporterDescription } from '@playwright/test'
import { EXPECT_BOUND_MS, TEST_BOUND_MS } from './bounds'

/**
 * A browser suite's reporters: the list for people; JUnit at reports/<name>.xml for the test
 * command's count; JSON at reports/<name>.json for the tests that passed only on their retry
 * (tools/scripts/test-summary.mjs names them: a retry keeps the run green, not silent).
 */
export function suiteReporters(name: string): ReporterDescription[] {
  return [
    ['list'],
    ['junit', { outputFile: `reports/${name}.xml` }],
    ['json', { outputFile: `reports/${name}.json` }],
  ]
}

/**
 * What every browser suite's config says alike (playwright.config.ts, the demo's, the
 * development one's): parallel tests, one retry and no `.only` in CI, the bounds, the reporters
 * named for the suite. Each config adds its workers, servers and projects.
 */
export function suiteOptions(name: string) {
  return {
    fullyParallel: true,
    forbidOnly: Boolean(process.env.CI),
    retries: process.env.CI ? 1 : 0,
    timeout: TEST_BOUND_MS,
    expect: { timeout: EXPECT_BOUND_MS },
    reporter: suiteReporters(name),
  } satisfies PlaywrightTestConfig
}
