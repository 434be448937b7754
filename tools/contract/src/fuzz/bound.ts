import type { Tally } from './tally'

/** What a fuzz run is doing now, for its progress line. */
export type FuzzPhase = 'set-up' | 'properties' | 'shrinking' | 'stateful'

/**
 * Of the whole bound, the share each phase may have used by its end, counted from the start, so
 * a phase that ends early leaves its time to the next: the generated requests, the shrinking of
 * their failures, then the stateful sequences. Without sequences the first two take it all.
 */
const SHARES = {
  withSequences: { properties: 0.6, shrinking: 0.75 },
  withoutSequences: { properties: 0.85, shrinking: 1 },
} as const

/** Replays of one failure's batch while shrinking it, whatever time is left. */
export const SHRINK_STEPS = 400

/**
 * The time a fuzz run may take (`--max-time`), its phases' shares of it, what the bound cut, and
 * the live figures of the progress line. A bound ends the run early; it never fails it: the
 * closing line says what was cut, and so does the report.
 */
export class RunBound {
  readonly startedAt: number
  readonly #cuts: string[] = []
  readonly #tallies: Tally[] = []
  phase: FuzzPhase = 'set-up'
  /** How much of the current phase is done (0 to 1), for the estimate; undefined when unknown. */
  done: number | undefined = undefined

  constructor(
    readonly maxMs: number,
    readonly withSequences: boolean,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.startedAt = now()
  }

  /** When `stop` was called: every phase is past from then on. */
  #stoppedAt: number | undefined

  get deadline(): number {
    return this.#stoppedAt ?? this.startedAt + this.maxMs
  }

  /** Ends the run at its next look at the bound (a signal stopped it): every phase is past. */
  stop(): void {
    this.#stoppedAt ??= this.now()
  }

  leftMs(): number {
    return Math.max(0, this.deadline - this.now())
  }

  elapsedMs(): number {
    return this.now() - this.startedAt
  }

  /** When the phase must have ended, as `performance.now()` reads it. */
  endOf(phase: 'properties' | 'shrinking' | 'stateful'): number {
    if (phase === 'stateful' || this.#stoppedAt !== undefined) return this.deadline
    const shares = this.withSequences ? SHARES.withSequences : SHARES.withoutSequences
    return this.startedAt + this.maxMs * shares[phase]
  }

  /** True once the phase's share of the bound has passed. */
  past(phase: 'properties' | 'shrinking' | 'stateful'): boolean {
    return this.now() >= this.endOf(phase)
  }

  /** Milliseconds until the phase must end (0 when it is past). */
  leftFor(phase: 'properties' | 'shrinking' | 'stateful'): number {
    return Math.max(0, this.endOf(phase) - this.now())
  }

  /** Records what the bound cut, in words for the closing line ("1,200 of 2,000 requests sent"). */
  cut(what: string): void {
    this.#cuts.push(what)
  }

  get cuts(): readonly string[] {
    return this.#cuts
  }

  /** A tally whose requests and failures the progress line counts. */
  watch(tally: Tally): void {
    this.#tallies.push(tally)
  }

  /** The progress line: requests done, failures, the phase and the time left. */
  progressLine(): string {
    const requests = this.#tallies.reduce((sum, tally) => sum + tally.totalRequests, 0)
    const failures = this.#tallies.reduce((sum, tally) => sum + tally.failureCount, 0)
    const left = formatSeconds(this.leftMs() / 1000)
    const done = this.done === undefined ? '' : ` ${Math.floor(this.done * 100)}%`
    return `fuzz: ${requests.toLocaleString('en-US')} requests, ${failures} ${failures === 1 ? 'failure' : 'failures'}, ${this.phase}${done}, ${left} left of --max-time ${formatSeconds(this.maxMs / 1000)}`
  }

  /** The closing line: what the bound cut, or that the run ended within it. */
  closingLine(): string {
    const took = formatSeconds(this.elapsedMs() / 1000)
    const bound = formatSeconds(this.maxMs / 1000)
    if (this.#cuts.length === 0) return `time: ${took}, within --max-time ${bound}`
    return `time: ${took}: --max-time ${bound} cut the run: ${this.#cuts.join('; ')} (raise --max-time for the rest)`
  }
}

/** 75 -> "1:15", 3725 -> "1:02:05": minutes and seconds, as a person reads a clock. */
export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds))
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  const rest = String(whole % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`
}
