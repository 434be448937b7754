import {
  acceptSkips,
  coverageShortfall,
  formatSummary,
  type RunReport,
  untestedParts,
  writeReports,
} from '../report'
import { EXIT, type SharedOptions } from './options'
import { say } from './terminal'

/**
 * The end of every run: the summary with its coverage matrix on stdout, the three reports when
 * asked, and the exit code (1 on a failure, on coverage under `--min-coverage`, or on a whole
 * part skipped that `--allow-skip` does not accept).
 */
export async function finishRun(
  run: RunReport,
  shared: SharedOptions,
  /** Lines the mode prints just above the closing line (`fuzz`: what its time bound cut). */
  closing: readonly string[] = [],
): Promise<number> {
  const report = acceptSkips(run, shared.allowSkip)
  if (shared.reportDir !== undefined) {
    const paths = await writeReports(shared.reportDir, report)
    say(`reports: ${paths.join(', ')}\n`)
  }
  const shortfall =
    shared.minCoverage === undefined ? [] : coverageShortfall(report.coverage, shared.minCoverage)
  const lines = formatSummary(report).split('\n')
  // The closing line stays last, where CI logs look for it.
  lines.splice(
    -1,
    0,
    ...closing,
    ...(shortfall.length > 0
      ? [`coverage below --min-coverage ${shared.minCoverage}%: ${shortfall.join(', ')}`]
      : []),
  )
  say(lines.join('\n'))
  return report.summary.failed > 0 || shortfall.length > 0 || untestedParts(report).length > 0
    ? EXIT.failed
    : EXIT.passed
}
