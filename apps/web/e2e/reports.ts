import type { ReporterDescription } from '@playwright/test'

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
