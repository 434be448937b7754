import { buildRunReport, checkEventsOf, type RunEvent, type RunReport } from '../report'
import { UNDOCUMENTED_SUITE } from './judging'
import type { ProxyRun } from './run'

/** The parts of a proxy run, as `--allow-skip` names them. */
export const PROXY_PARTS = ['proxy.traffic'] as const

type ToldEvent = Exclude<RunEvent, { type: 'finished' }>

/** The event a proxy run starts with, once it listens. */
export const proxyStarted = (upstream: string, startedAt: Date): ToldEvent => ({
  type: 'started',
  mode: 'proxy',
  target: upstream,
  startedAt: startedAt.toISOString(),
})

/**
 * What a proxy run tells once its traffic has ended: its notes, one check per distinct exchange
 * (how often each was seen is known only now), the part skipped when nothing passed, its coverage.
 */
export function proxyEndEvents(run: ProxyRun): ToldEvent[] {
  return [
    ...notesOf(run).map((text): ToldEvent => ({ type: 'note', text })),
    ...run.suites.flatMap(checkEventsOf),
    ...skippedPartsOf(run).map((part): ToldEvent => ({ type: 'part skipped', ...part })),
    { type: 'coverage', coverage: run.coverage },
  ]
}

/** The report of a proxy run: what report.json, junit.xml and report.html are written from. */
export function proxyRunReport(run: ProxyRun): RunReport {
  return shapeProxyReport(run)(
    buildRunReport({
      mode: 'proxy',
      target: run.upstream,
      startedAt: run.startedAt.toISOString(),
      durationMs: run.durationMs,
      notes: notesOf(run),
      suites: run.suites,
      coverage: run.coverage,
      skippedParts: skippedPartsOf(run),
    }),
  )
}

const notesOf = (run: ProxyRun): string[] => [
  `${run.exchangeCount} exchanges through ${run.address}, ${run.violationCount} violations; ended by ${run.endedBy}`,
  ...notKeptNotes(run),
]

// Nothing passed through: the run judged nothing, which must not read as a pass.
const skippedPartsOf = (run: ProxyRun) =>
  run.exchangeCount === 0
    ? [{ part: 'proxy.traffic', reason: 'no request passed through the proxy' }]
    : []

/**
 * What the proxy does to its report once built: an undocumented call has no operationId, and a
 * failure whose request cannot be repeated as sent has no reproducer.
 */
export function shapeProxyReport(run: Pick<ProxyRun, 'suites' | 'unrepeatable'>) {
  return (report: RunReport): RunReport => {
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
}

/** What the report says of the exchanges judged but not kept in detail. */
function notKeptNotes({ notKept }: ProxyRun): string[] {
  if (notKept.distinct === 0 && !notKept.atLeast) return []
  return [
    `${notKept.atLeast ? 'at least ' : ''}${notKept.distinct} more distinct exchanges (seen ${notKept.seen} times) were judged and counted but not kept in detail: ${notKept.why.join(' and ')}; each operation's checks named "… (details not kept)" count them`,
  ]
}
