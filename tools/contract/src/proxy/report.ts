import { buildRunReport, type RunReport } from '../report'
import { UNDOCUMENTED_SUITE } from './judging'
import type { ProxyRun } from './run'

/** The parts of a proxy run, as `--allow-skip` names them. */
export const PROXY_PARTS = ['proxy.traffic'] as const

/** The report of a proxy run: what report.json, junit.xml and report.html are written from. */
export function proxyRunReport(run: ProxyRun): RunReport {
  const report = buildRunReport({
    mode: 'proxy',
    target: run.upstream,
    startedAt: run.startedAt.toISOString(),
    durationMs: run.durationMs,
    notes: [
      `${run.exchangeCount} exchanges through ${run.address}, ${run.violationCount} violations; ended by ${run.endedBy}`,
      ...notKeptNotes(run),
    ],
    suites: run.suites,
    coverage: run.coverage,
    // Nothing passed through: the run judged nothing, which must not read as a pass.
    skippedParts:
      run.exchangeCount === 0
        ? [{ part: 'proxy.traffic', reason: 'no request passed through the proxy' }]
        : [],
  })
  // buildRunReport lists a failure per failed check, in the order of the suites and their checks.
  const unrepeatable = new Set(run.unrepeatable.map(({ suite, check }) => `${suite}\n${check}`))
  const failedChecks = run.suites.flatMap((suite) =>
    suite.checks.flatMap((check, index) =>
      check.status === 'failed' ? [unrepeatable.has(`${suite.name}\n${index}`)] : [],
    ),
  )
  // Should the two ever part, no failure keeps a reproducer that may send another request.
  const paired = failedChecks.length === report.failures.length
  return {
    ...report,
    failures: report.failures.map((failure, index) => ({
      ...failure,
      // An undocumented operation has no operationId to report.
      ...(failure.suite === UNDOCUMENTED_SUITE ? { operationId: null } : {}),
      // A curl of a cut request would send another one: its detail says why there is none.
      ...(!paired || failedChecks[index] ? { reproducer: null, variables: [] } : {}),
    })),
  }
}

/** What the report says of the exchanges judged but not kept in detail. */
function notKeptNotes({ notKept }: ProxyRun): string[] {
  if (notKept.distinct === 0 && !notKept.atLeast) return []
  return [
    `${notKept.atLeast ? 'at least ' : ''}${notKept.distinct} more distinct exchanges (seen ${notKept.seen} times) were judged and counted but not kept in detail: ${notKept.why.join(' and ')}; each operation's checks named "… (details not kept)" count them`,
  ]
}
