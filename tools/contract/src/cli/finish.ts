import {
  coverageShortfall,
  formatSummary,
  REPORT_FILES,
  type RunHandler,
  type RunReport,
  RunStream,
  reportFileOutput,
  reportPath,
  untestedParts,
} from '../report'
import type { SharedOptions } from './options'
import { type StatusLine, statusLine } from './progress'
import { say, statusLineStream, warn } from './terminal'
import { EXIT } from './usage'

/** The coverage figures under `--min-coverage`, each as `operations 40.0%`; none without it. */
const shortfallOf = (report: RunReport, shared: SharedOptions): string[] =>
  shared.minCoverage === undefined ? [] : coverageShortfall(report.coverage, shared.minCoverage)

/**
 * The terminal's handler: progress on stderr (a status line rewritten in place on a terminal, a
 * line each half-minute in a log) and each alert on stdout as the run goes (none with `--quiet`);
 * at the end the reports' paths, then the summary with its coverage matrix on stdout.
 */
export function terminalOutput(
  shared: SharedOptions,
  /**
   * Lines the mode prints just above the closing line (`fuzz`: what its time bound cut), read when
   * the run finishes.
   */
  closing: readonly string[] = [],
): RunHandler {
  let status: StatusLine | undefined
  return (event) => {
    if (event.type === 'progress' && event.status) {
      if (shared.quiet) return
      status ??= statusLine(statusLineStream)
      status.show(event.text)
      return
    }
    // Whatever is printed next starts on a clean line; any other event ends the status line.
    status?.clear()
    if (event.type !== 'alert') status = undefined
    if (event.type === 'progress' && !shared.quiet) warn(`  ... ${event.text}`)
    if (event.type === 'alert' && !shared.quiet) say(event.text)
    if (event.type !== 'finished') return
    const { report } = event
    const dir = shared.reportDir
    if (dir !== undefined)
      say(`reports: ${REPORT_FILES.map((file) => reportPath(dir, file)).join(', ')}\n`)
    const shortfall = shortfallOf(report, shared)
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
  }
}

/** A run's outputs: report.json, junit.xml and report.html when asked for, then the terminal. */
export function runOutputs(shared: SharedOptions, closing: readonly string[] = []): RunHandler[] {
  const dir = shared.reportDir
  return [
    ...(dir === undefined ? [] : REPORT_FILES.map((file) => reportFileOutput(dir, file))),
    terminalOutput(shared, closing),
  ]
}

/**
 * The exit code of a finished run: 1 on a failure, on coverage under `--min-coverage`, or on a
 * whole part skipped that `--allow-skip` does not accept.
 */
export function exitCodeOf(report: RunReport, shared: SharedOptions): number {
  return report.summary.failed > 0 ||
    shortfallOf(report, shared).length > 0 ||
    untestedParts(report).length > 0
    ? EXIT.failed
    : EXIT.passed
}

/**
 * The end of a run whose mode built its report whole (merge): the report handed to
 * the outputs as the run's last event, and the exit code.
 */
export async function finishRun(
  run: RunReport,
  shared: SharedOptions,
  closing: readonly string[] = [],
): Promise<number> {
  const report = await new RunStream(runOutputs(shared, closing), shared.allowSkip).finishWith(run)
  return exitCodeOf(report, shared)
}
