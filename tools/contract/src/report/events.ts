import type { Coverage, Uncovered } from './coverage'
import { acceptSkips, buildRunReport, type RunMode, type RunReport } from './run-report'
import type { Shard } from './shard'
import type { CheckResult, CheckStatus, Finding, Suite, SuiteKind } from './suites'

/** A check's outcome, with the suite (operation, flow, property) it belongs to. */
export type CheckEvent = {
  [status in CheckStatus]: {
    type: `check ${status}`
    suite: { name: string; kind: SuiteKind }
    check: CheckResult & { status: status }
  }
}[CheckStatus]

/**
 * What happened in a run, in the order the run tells it: the terminal, report.json, junit.xml
 * and report.html are handlers of these (Schemathesis' CLI: the engine emits, outputs listen).
 */
export type RunEvent =
  | {
      type: 'started'
      mode: RunMode
      /** The API base that is checked, fuzzed or proxied to. */
      target: string
      startedAt: string
      seed?: string
      shard?: Shard
    }
  /** Something the report says about the run (the mailbox used, the account signed in). */
  | { type: 'note'; text: string }
  /**
   * Where the run has got, for the terminal only (`--quiet` drops it). `status`: the line that
   * replaces the one before (fuzz's), shown at the terminal's own pace, not each as told.
   */
  | { type: 'progress'; text: string; status?: boolean }
  /**
   * What the reader must see as it happens, on stdout (`--quiet` drops it): the proxy's
   * violations and its own troubles. Not accumulated: the checks reach the report as check
   * events when the run ends, one per distinct exchange with how often it was seen.
   */
  | { type: 'alert'; text: string }
  | CheckEvent
  | { type: 'finding'; finding: Finding }
  /** A whole part that did not run; not accepted unless it says so (the user chose it). */
  | { type: 'part skipped'; part: string; reason: string; accepted?: boolean }
  | { type: 'coverage'; coverage: Coverage; uncovered?: Uncovered[] }
  /** The run's report, every event before it accumulated (or the mode's own, whole). */
  | { type: 'finished'; report: RunReport }

/** One output of a run: it sees every event in order; the run waits for it to take each. */
export type RunHandler = (event: RunEvent) => void | Promise<void>

/** The events of a suite's checks, in their order. */
export function checkEventsOf(suite: Suite): CheckEvent[] {
  return suite.checks.map(
    (check) =>
      ({
        type: `check ${check.status}`,
        suite: { name: suite.name, kind: suite.kind },
        check,
      }) as CheckEvent,
  )
}

type Started = Extract<RunEvent, { type: 'started' }>

/**
 * One run's stream: each event is accumulated into the run's report and handed to every handler
 * in turn; `finish` builds the report (secrets replaced, `--allow-skip` applied) and hands it on.
 */
export class RunStream {
  private started: Started | undefined
  private readonly notes: string[] = []
  private readonly suites: Suite[] = []
  private readonly findings: Finding[] = []
  private readonly skippedParts: Array<{ part: string; reason: string; accepted?: boolean }> = []
  private coverage: Extract<RunEvent, { type: 'coverage' }> | undefined
  private told: Promise<void> = Promise.resolve()

  constructor(
    private readonly handlers: readonly RunHandler[] = [],
    /** The `--allow-skip` names: the parts they match are accepted. */
    private readonly allowSkip: readonly string[] = [],
  ) {}

  /**
   * Accumulates the event and hands it to each handler, after every event emitted before it: a
   * caller that cannot wait (the proxy tells its violations from a thread's messages) keeps order.
   */
  emit(event: Exclude<RunEvent, { type: 'finished' }>): Promise<void> {
    const handled = this.told.then(async () => {
      this.accumulate(event)
      for (const handler of this.handlers) await handler(event)
    })
    this.told = handled.catch(() => undefined)
    return handled
  }

  /** Settles once every event emitted so far has reached every handler. */
  settled(): Promise<void> {
    return this.told
  }

  /** Emits each event in order. */
  async emitAll(events: ReadonlyArray<Exclude<RunEvent, { type: 'finished' }>>): Promise<void> {
    for (const event of events) await this.emit(event)
  }

  /**
   * Ends the run: its report from every event emitted, given its mode's last touches (`shape`),
   * handed to the handlers and answered.
   */
  async finish(
    durationMs: number,
    shape: (report: RunReport) => RunReport = (report) => report,
  ): Promise<RunReport> {
    await this.told
    const { started, coverage } = this
    if (started === undefined || coverage === undefined)
      throw new Error('a run finishes after it started and told its coverage')
    const { type: _started, ...run } = started
    return this.finishWith(
      shape(
        buildRunReport({
          ...run,
          durationMs,
          notes: this.notes,
          suites: this.suites,
          findings: this.findings,
          skippedParts: this.skippedParts,
          coverage: coverage.coverage,
          ...(coverage.uncovered === undefined ? {} : { uncovered: coverage.uncovered }),
        }),
      ),
    )
  }

  /** Ends a run whose mode built its report whole (a merge of shards). */
  async finishWith(built: RunReport): Promise<RunReport> {
    await this.told
    const report = acceptSkips(built, this.allowSkip)
    for (const handler of this.handlers) await handler({ type: 'finished', report })
    return report
  }

  private accumulate(event: Exclude<RunEvent, { type: 'finished' }>): void {
    switch (event.type) {
      case 'started':
        this.started = event
        return
      case 'note':
        this.notes.push(event.text)
        return
      case 'progress':
      case 'alert':
        return
      case 'finding':
        this.findings.push(event.finding)
        return
      case 'part skipped': {
        const { type: _type, ...part } = event
        this.skippedParts.push(part)
        return
      }
      case 'coverage':
        this.coverage = event
        return
      default: {
        // A suite is listed where its first check was told.
        const { name, kind } = event.suite
        let suite = this.suites.find((each) => each.name === name && each.kind === kind)
        if (suite === undefined) {
          suite = { name, kind, checks: [] }
          this.suites.push(suite)
        }
        suite.checks.push(event.check)
      }
    }
  }
}
