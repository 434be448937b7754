import type { Coverage, Uncovered } from './coverage'
import { acceptSkips, buildRunReport, type RunMode, type RunReport } from './run-report'
import type { Shard } from './shard'
import {
  type CheckResult,
  type CheckStatus,
  type Finding,
  INTERRUPTED_PART,
  type Suite,
  type SuiteKind,
} from './suites'

/**
 * A check's outcome, with the suite (operation, flow, property) it belongs to. A check told more
 * than once (a fuzz property's verdict as answers come, how often the proxy saw an exchange)
 * carries an `id`: a later event of the same suite and id is its newer verdict, in its place.
 */
export type CheckEvent = {
  type: `check ${CheckStatus}`
  suite: { name: string; kind: SuiteKind }
  check: CheckResult
  id?: string
}

/**
 * What happened in a run, in the order the run tells it: the terminal, its progress line,
 * report.json, junit.xml and report.html are handlers of these (Schemathesis' CLI: the engine
 * emits, outputs listen).
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
   * Where the run has got, for the progress line only (`--quiet` drops it). `status`: the line
   * that replaces the one before (fuzz's), shown at the terminal's own pace, not each as told.
   */
  | { type: 'progress'; text: string; status?: boolean }
  /**
   * What the reader must see as it happens, on stdout (`--quiet` drops it): the proxy's
   * violations, fuzz's phases, their own troubles. Not accumulated: checks are check events.
   */
  | { type: 'alert'; text: string }
  | CheckEvent
  | { type: 'finding'; finding: Finding }
  /** A whole part that did not run; not accepted unless it says so (the user chose it). */
  | { type: 'part skipped'; part: string; reason: string; accepted?: boolean }
  /**
   * What the run exercised of the contract so far; the latest told is the report's. `statusesSeen`:
   * the statuses each operation answered beyond those of the checks' requests (fuzz's answers).
   */
  | {
      type: 'coverage'
      coverage: Coverage
      uncovered?: Uncovered[]
      statusesSeen?: ReadonlyMap<string, readonly number[]>
    }
  /** The run's report, every event before it accumulated (or a merge's, whole). */
  | { type: 'finished'; report: RunReport }

/** What a run tells as it goes: every event but the report its stream makes of them. */
export type ToldEvent = Exclude<RunEvent, { type: 'finished' }>

/**
 * One output of a run: started before the run's first event, handed every event in order (the
 * run waits for it to take each), shut down after the last, however the run ended.
 */
export type RunHandler = {
  start?: () => void | Promise<void>
  handle: (event: RunEvent) => void | Promise<void>
  shutdown?: () => void | Promise<void>
}

/** The event of one check of a suite; `id` when it may be told again. */
export const checkEvent = (
  { name, kind }: { name: string; kind: SuiteKind },
  check: CheckResult,
  id?: string,
): CheckEvent => ({
  type: `check ${check.status}`,
  suite: { name, kind },
  check,
  ...(id === undefined ? {} : { id }),
})

/** The events of a suite's checks, in their order. */
export const checkEventsOf = (suite: Suite): CheckEvent[] =>
  suite.checks.map((check) => checkEvent(suite, check))

type Started = Extract<RunEvent, { type: 'started' }>

/**
 * One run's stream, the one place a run's report is made: each event is accumulated and handed to
 * every handler in turn; `finish` builds the report (secrets replaced, `--allow-skip` applied),
 * hands it on and shuts the handlers down; `interrupt` does so with what was told so far.
 */
export class RunStream {
  private started: Started | undefined
  private readonly notes: string[] = []
  private readonly suites = new Map<string, Suite>()
  /** Where each check told with an id stands: its suite and index there. */
  private readonly toldAgain = new Map<string, { suite: Suite; at: number }>()
  private readonly findings: Finding[] = []
  private readonly skippedParts: Array<{ part: string; reason: string; accepted?: boolean }> = []
  private coverage: Extract<RunEvent, { type: 'coverage' }> | undefined
  private told: Promise<void> = Promise.resolve()
  private state: 'new' | 'running' | 'ended' = 'new'

  constructor(
    private readonly handlers: readonly RunHandler[] = [],
    /** The `--allow-skip` names: the parts they match are accepted. */
    private readonly allowSkip: readonly string[] = [],
  ) {}

  /**
   * Accumulates the event and hands it to each handler, after every event emitted before it: a
   * caller that cannot wait (fuzz's batches, the proxy's thread) keeps order all the same. Once
   * the run ended (a signal stopped it while its engine still runs), nothing more is taken.
   */
  emit(event: ToldEvent): Promise<void> {
    return this.inTurn(async () => {
      if (this.state === 'ended') return
      this.accumulate(event)
      await this.handAll(event)
    })
  }

  /** Emits each event in order. */
  async emitAll(events: readonly ToldEvent[]): Promise<void> {
    for (const event of events) await this.emit(event)
  }

  /** Ends the run: its report from every event emitted, handed to the handlers and answered. */
  async finish(durationMs: number): Promise<RunReport> {
    await this.told
    const { started, coverage } = this
    if (started === undefined || coverage === undefined)
      throw new Error('a run finishes after it started and told its coverage')
    const { type: _started, ...run } = started
    return this.finishWith(
      buildRunReport({
        ...run,
        durationMs,
        notes: this.notes,
        suites: [...this.suites.values()],
        findings: this.findings,
        skippedParts: this.skippedParts,
        coverage: coverage.coverage,
        ...(coverage.uncovered === undefined ? {} : { uncovered: coverage.uncovered }),
        ...(coverage.statusesSeen === undefined ? {} : { statusesSeen: coverage.statusesSeen }),
      }),
    )
  }

  /**
   * Ends a run a crash or a signal stopped: its report from what was told so far, marked
   * interrupted with `reason` (a part skipped that fails the run), unless it never got as far as
   * telling its start and coverage. Then the handlers shut down. Nothing, once the run ended.
   */
  async interrupt(reason: string, durationMs: number): Promise<RunReport | undefined> {
    await this.told
    if (this.state !== 'running') return undefined
    if (this.started === undefined || this.coverage === undefined) {
      await this.inTurn(() => this.shutDown())
      return undefined
    }
    await this.emit({
      type: 'note',
      text: `interrupted: ${reason}; the report holds what was judged before`,
    })
    await this.emit({ type: 'part skipped', part: INTERRUPTED_PART, reason })
    return this.finish(durationMs)
  }

  /** Ends a run whose report was built whole (a merge of shards). */
  async finishWith(built: RunReport): Promise<RunReport> {
    const report = acceptSkips(built, this.allowSkip)
    await this.inTurn(async () => {
      await this.handAll({ type: 'finished', report })
      await this.shutDown()
    })
    return report
  }

  /** Runs `step` after every step before it, the handlers started first; a step that fails fails its caller only. */
  private inTurn(step: () => Promise<void>): Promise<void> {
    const done = this.told.then(async () => {
      if (this.state === 'new') {
        this.state = 'running'
        for (const handler of this.handlers) await handler.start?.()
      }
      await step()
    })
    this.told = done.catch(() => undefined)
    return done
  }

  private async handAll(event: RunEvent): Promise<void> {
    for (const handler of this.handlers) await handler.handle(event)
  }

  private async shutDown(): Promise<void> {
    if (this.state === 'ended') return
    this.state = 'ended'
    for (const handler of this.handlers) await handler.shutdown?.()
  }

  private accumulate(event: ToldEvent): void {
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
        // A suite is listed where its first check was told, a check told again where it first was.
        const { name, kind } = event.suite
        const key = `${kind}\n${name}`
        let suite = this.suites.get(key)
        if (suite === undefined) {
          suite = { name, kind, checks: [] }
          this.suites.set(key, suite)
        }
        if (event.id === undefined) {
          suite.checks.push(event.check)
          return
        }
        const known = this.toldAgain.get(`${key}\n${event.id}`)
        if (known) known.suite.checks[known.at] = event.check
        else
          this.toldAgain.set(`${key}\n${event.id}`, {
            suite,
            at: suite.checks.push(event.check) - 1,
          })
      }
    }
  }
}
