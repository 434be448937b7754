import {
  coverageShortfall,
  formatSummary,
  REPORT_FILES,
  type RunHandler,
  type RunReport,
  reportFileOutput,
  reportPath,
  untestedParts,
} from '../report'
import type { SharedOptions } from './options'
import { progressOutput } from './progress'
import { say } from './terminal'
import { EXIT } from './usage'

/** The coverage figures under `--min-coverage`, each as `operations 40.0%`; none without it. */
const shortfallOf = (report: RunReport, shared: SharedOptions): string[] =>
  shared.minCoverage === undefined ? [] : coverageShortfall(report.coverage, shared.minCoverage)

/**
 * What a mode prints once its run has ended, read when the report is done: `results` above the
 * summary (fuzz's table and failures), `closing` just above the closing line (what its time
 * bound cut).
 */
export type EndLines = { results?: readonly string[]; closing?: readonly string[] }

/**
 * The terminal's handler: each alert on stdout as the run goes (none with `--quiet`); at the end
 * the mode's results, the reports' paths, then the summary with its coverage matrix on stdout.
 */
export function terminalOutput(shared: SharedOptions, end: EndLines = {}): RunHandler {
  return {
    handle: (event) => {
      if (event.type === 'alert' && !shared.quiet) say(event.text)
      if (event.type !== 'finished') return
      const { report } = event
      for (const line of end.results ?? []) say(line)
      const dir = shared.reportDir
      if (dir !== undefined)
        say(`reports: ${REPORT_FILES.map((file) => reportPath(dir, file)).join(', ')}\n`)
      const shortfall = shortfallOf(report, shared)
      const lines = formatSummary(report).split('\n')
      // The closing line stays last, where CI logs look for it.
      lines.splice(
        -1,
        0,
        ...(end.closing ?? []),
        ...(shortfall.length > 0
          ? [`coverage below --min-coverage ${shared.minCoverage}%: ${shortfall.join(', ')}`]
          : []),
      )
      say(lines.join('\n'))
    },
  }
}

/**
 * A run's outputs: report.json, junit.xml and report.html when asked for, the progress line
 * (not with `--quiet`), then the terminal.
 */
export function runOutputs(shared: SharedOptions, end: EndLines = {}): RunHandler[] {
  const dir = shared.reportDir
  return [
    ...(dir === undefined ? [] : REPORT_FILES.map((file) => reportFileOutput(dir, file))),
    ...(shared.quiet ? [] : [progressOutput()]),
    terminalOutput(shared, end),
  ]
}

/**
 * The exit code of a finished run: 1 on a failure, on coverage under `--min-coverage`, or on a
 * whole part skipped that `--allow-skip` does not accept (an interrupted run's rest among them).
 */
export function exitCodeOf(report: RunReport, shared: SharedOptions): number {
  return report.summary.failed > 0 ||
    shortfallOf(report, shared).length > 0 ||
    untestedParts(report).length > 0
    ? EXIT.failed
    : EXIT.passed
}

export type StopSignals = {
  /** Settles on the first of SIGINT, SIGTERM or the end of the duration, with its name. */
  stopped: Promise<string>
  /** Stops listening, once the reports are written and the verdict is known. */
  release: () => void
}

/**
 * Listens for SIGINT and SIGTERM until the run's end is reported, not only until the first:
 * pnpm and tsx pass a group's signal on, so a second one comes while the reports are written,
 * and a signal nobody listens for kills the process before they are.
 */
export function listenForStop(durationSeconds?: number): StopSignals {
  let stop: (reason: string) => void = () => {}
  const stopped = new Promise<string>((resolve) => {
    stop = resolve
  })
  const timer =
    durationSeconds === undefined
      ? undefined
      : setTimeout(() => stop('duration'), durationSeconds * 1000)
  // The first signal names the end; later ones settle nothing and are only absorbed.
  const onSignal = (signal: NodeJS.Signals) => stop(signal)
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  return {
    stopped,
    release() {
      clearTimeout(timer)
      // On the next turn: the binary has exited by then, so no late signal finds Node's default
      // (death, exit 130/143) instead of the verdict; a caller in process gets its handlers back.
      setImmediate(() => {
        process.off('SIGINT', onSignal)
        process.off('SIGTERM', onSignal)
      })
    },
  }
}
