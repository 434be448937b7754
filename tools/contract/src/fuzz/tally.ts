import { type Contract, requestExampleOf, responseExampleOf } from '@devenv/openapi'
import type { WireRequest } from '../http'
import { printable } from '../report/printable'
import { CHECKS, type CheckName, type Exchange, type SentRequest, type Verdict } from './checks'

/** Where a request came from: generated, the world's set-up, or a step of a stateful sequence. */
export type RequestKind = 'fuzz' | 'setup' | 'stateful'

export type FailureExample = {
  /** `check operationId`: failures are grouped, counted and shrunk by this. */
  signature: string
  check: CheckName
  operationId: string
  problem: string
  request: SentRequest
  status: number
  count: number
  /** Filled in by the shrinking replay: the smallest request that still fails this way. */
  shrunk?: string
  /** The shrunk request as sent and the status it got: what the curl reproducer repeats. */
  shrunkRequest?: { request: WireRequest; status: number }
  /** The first failing request as sent, byte for byte: repeated where none was shrunk (`--shrink 0`). */
  sent?: WireRequest
}

/** The request a failure's reproducer repeats: the shrunk one, else the first as it was sent. */
export function repeatedRequestOf(
  failure: FailureExample,
): { request: WireRequest; status: number } | undefined {
  if (failure.shrunkRequest) return failure.shrunkRequest
  return failure.sent && { request: failure.sent, status: failure.status }
}

/** Beyond this a body is cut in a terminal line; the reports' reproducers keep it whole. */
const SHOWN_BODY_CHARACTERS = 600

/**
 * A request's body as a terminal line shows it: its bytes, invisible and control characters as
 * escapes, then what the generator made of it (`unicode-whitespace of {}`) where that says more.
 */
export function shownBody(sent: WireRequest | undefined, described: string): string {
  if (sent?.body === undefined) return printable(described)
  const text = sent.body.toString('utf8')
  const bytes = printable(
    text.length > SHOWN_BODY_CHARACTERS ? `${text.slice(0, SHOWN_BODY_CHARACTERS)}…` : text,
  )
  return described === text ? bytes : `${bytes} (${printable(described)})`
}

export const signatureOf = (check: CheckName, operationId: string) => `${check} ${operationId}`

/** What an answer exercised of the contract: its operation's status and documented examples. */
export type Exercised = {
  operationId: string
  status: number
  requestExample: string | undefined
  responseExample: string | undefined
}

/** Counts per check, per operation and per kind of request, and the first example of each failure. */
export class Tally {
  readonly requests: Record<RequestKind, number> = { fuzz: 0, setup: 0, stateful: 0 }
  readonly checks = Object.fromEntries(
    CHECKS.map((check) => [check, { checked: 0, failed: 0 }]),
  ) as Record<CheckName, { checked: number; failed: number }>
  /** operationId -> status -> answers. */
  readonly statuses = new Map<string, Map<number, number>>()
  /** The same, of generated requests only (not the world's set-up, not the stateful steps). */
  readonly generatedStatuses = new Map<string, Map<number, number>>()
  readonly failures = new Map<string, FailureExample>()
  /** signature (`check operationId`) -> answers checked and failed. */
  readonly bySignature = new Map<string, { checked: number; failed: number }>()
  /** Inputs by what the contract says of them (positive, negative, hostile). */
  readonly inputs = new Map<string, number>()
  /** Each distinct status and documented example exercised, for the coverage matrix. */
  readonly exercised = new Map<string, Exercised>()
  /** The verdicts (check and operation) judged first or failed again since `changedVerdicts`. */
  readonly #changed = new Map<string, { check: CheckName; operationId: string }>()

  /**
   * With the contract, the tally also tells which documented examples were sent and answered.
   * `selected`: the checks the run judges by (`--checks`, `--exclude-checks`); the others'
   * verdicts are not counted, and fail nothing.
   */
  constructor(
    private readonly contract?: Contract,
    readonly selected: ReadonlySet<CheckName> = new Set(CHECKS),
  ) {}

  /** The verdicts of the selected checks only. */
  judged(verdicts: readonly Verdict[]): Verdict[] {
    return verdicts.filter((verdict) => this.selected.has(verdict.check))
  }

  /** `sent`: the request as it went on the wire, kept with a failure's first example. */
  record(
    kind: RequestKind,
    exchange: Exchange,
    verdicts: readonly Verdict[],
    sent?: WireRequest,
  ): void {
    this.requests[kind] += 1
    if (kind === 'fuzz') this.inputs.set(exchange.input, (this.inputs.get(exchange.input) ?? 0) + 1)
    const byStatus = this.statuses.get(exchange.operationId) ?? new Map<number, number>()
    byStatus.set(exchange.answer.status, (byStatus.get(exchange.answer.status) ?? 0) + 1)
    this.statuses.set(exchange.operationId, byStatus)
    if (kind === 'fuzz') {
      const generated = this.generatedStatuses.get(exchange.operationId) ?? new Map()
      generated.set(exchange.answer.status, (generated.get(exchange.answer.status) ?? 0) + 1)
      this.generatedStatuses.set(exchange.operationId, generated)
    }
    this.recordExercised(exchange)
    for (const verdict of this.judged(verdicts)) {
      const counts = this.checks[verdict.check]
      counts.checked += 1
      const signature = signatureOf(verdict.check, exchange.operationId)
      let perOperation = this.bySignature.get(signature)
      if (perOperation === undefined) {
        perOperation = { checked: 0, failed: 0 }
        this.bySignature.set(signature, perOperation)
        this.#changed.set(signature, { check: verdict.check, operationId: exchange.operationId })
      }
      perOperation.checked += 1
      if (verdict.problem === undefined) continue
      counts.failed += 1
      perOperation.failed += 1
      this.#changed.set(signature, { check: verdict.check, operationId: exchange.operationId })
      const known = this.failures.get(signature)
      if (known) known.count += 1
      else {
        const example: FailureExample = {
          signature,
          check: verdict.check,
          operationId: exchange.operationId,
          problem: verdict.problem,
          request: exchange.request,
          status: exchange.answer.status,
          count: 1,
          ...(sent ? { sent } : {}),
        }
        this.failures.set(signature, example)
      }
    }
  }

  private recordExercised(exchange: Exchange): void {
    const { operationId, request, answer } = exchange
    // Status 0 is the transport's "no answer" (a request the time bound or a timeout cut): it
    // exercised no status of the contract, and report.json holds only HTTP statuses.
    if (answer.status < 100) return
    const operation = this.contract?.byId.get(operationId)
    const exercised: Exercised = {
      operationId,
      status: answer.status,
      requestExample: !operation
        ? undefined
        : 'requestExample' in exchange
          ? exchange.requestExample
          : requestExampleOf(operation, request.body),
      responseExample: operation
        ? responseExampleOf(operation, answer.status, answer.text)
        : undefined,
    }
    const key = `${operationId}\n${answer.status}\n${exercised.requestExample}\n${exercised.responseExample}`
    if (!this.exercised.has(key)) this.exercised.set(key, exercised)
  }

  /**
   * The verdicts that changed since last asked: judged for the first time, or failed again (a
   * passed verdict stays as it was told; a failed one says how many answers failed).
   */
  changedVerdicts(): Array<{ check: CheckName; operationId: string }> {
    const changed = [...this.#changed.values()]
    this.#changed.clear()
    return changed
  }

  get failureCount(): number {
    return Object.values(this.checks).reduce((sum, counts) => sum + counts.failed, 0)
  }

  get totalRequests(): number {
    return this.requests.fuzz + this.requests.setup + this.requests.stateful
  }
}

const number = (value: number) => value.toLocaleString('en-US')

/** The figures of a run as a plain-text table, one row per check. */
export function formatTable(tally: Tally): string {
  const rows = CHECKS.map((check) =>
    tally.selected.has(check)
      ? [check, number(tally.checks[check].checked), number(tally.checks[check].failed)]
      : [check, 'not selected', ''],
  )
  const header = ['check', 'answers checked', 'failures']
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  )
}

/** A failure as the report prints it: the check, the request, the answer, the shrunk case. */
export function formatFailure(example: FailureExample): string {
  // The problem may quote the server; the request holds generated bytes: each kept to its line.
  const headers = Object.entries(example.request.headers)
    .map(([name, value]) => `    ${name}: ${printable(value)}`)
    .join('\n')
  return [
    `✗ ${example.check} on ${example.operationId} (${example.count} time${example.count === 1 ? '' : 's'})`,
    `  ${printable(example.problem)}`,
    `  first request: ${example.request.method} ${printable(example.request.url)}`,
    headers,
    `    body: ${shownBody(example.sent, example.request.body)}`,
    ...(example.shrunk
      ? [`  shrunk counterexample:\n${example.shrunk.replace(/^/gm, '    ')}`]
      : []),
  ].join('\n')
}
