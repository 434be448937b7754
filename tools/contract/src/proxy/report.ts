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
    ],
    suites: run.suites,
    coverage: run.coverage,
    // Nothing passed through: the run judged nothing, which must not read as a pass.
    skippedParts:
      run.exchangeCount === 0
        ? [{ part: 'proxy.traffic', reason: 'no request passed through the proxy' }]
        : [],
  })
  return {
    ...report,
    // An undocumented operation has no operationId to report.
    failures: report.failures.map((failure) =>
      failure.suite === UNDOCUMENTED_SUITE ? { ...failure, operationId: null } : failure,
    ),
  }
}
