import { type Coverage, reportedCoverage, type Uncovered } from './coverage'
import type { Exchange } from './exchange'
import { redactRequest, redactText, variablesOf } from './redact'
import { curlCommand } from './reproducer'
import { reportDocument } from './schema'
import type { Shard } from './shard'
import {
  type CheckResult,
  countChecks,
  type Finding,
  type SinceLabel,
  type SkippedPart,
  type Suite,
} from './suites'

export type RunMode = 'check' | 'fuzz' | 'proxy' | 'replay'

/**
 * One operation of the contract in a run: its own checks (its suite's) by outcome, and the statuses
 * it answered to any request of the run, a flow's included.
 */
export type OperationResult = {
  operationId: string
  method: string
  path: string
  passed: number
  failed: number
  skipped: number
  statusesSeen: number[]
}

/** A check that did not run, and why: report.json and report.html list each, as junit.xml does. */
export type RunSkip = {
  /** The operation, flow or fuzz property the check belongs to. */
  suite: string
  check: string
  reason: string
}

/** The skipped checks of the suites, each with its reason. */
export function skippedChecksOf(suites: readonly Suite[]): RunSkip[] {
  return suites.flatMap((suite) =>
    suite.checks
      .filter((check) => check.status === 'skipped')
      .map((check) => ({
        suite: suite.name,
        check: check.name,
        reason: check.message ?? 'skipped',
      })),
  )
}

export type RunFailure = {
  /** The operation the failing request called; `null` for a step that sent none. */
  operationId: string | null
  /** The operation, flow or fuzz property the check belongs to. */
  suite: string
  check: string
  message: string
  request: { method: string; url: string } | null
  /** The answer's status; `null` when no request was sent or no answer came. */
  status: number | null
  /** A command that repeats the request (curl), when there was one. */
  reproducer: string | null
  /** The shell variables the reproducer needs set first (`ACCESS_TOKEN`, `REFRESH_TOKEN`, ...). */
  variables: string[]
  /** The request and the answer as the check saw them (the answer's body cut), redacted. */
  detail: string | null
  /** New since the base contract, or failing under it too (`check --since`). */
  since?: SinceLabel
}

/**
 * What `check --since BASE` adds to a run's report: the base as given, what the contract asks of
 * servers since it (a line each), and how many failures are new and how many failed under it too.
 */
export type SinceReport = { base: string; asks: string[]; new: number; baseToo: number }

/**
 * The outcome of any run (check, fuzz, proxy): what report.json, junit.xml and report.html are
 * written from. The README documents report.json's schema: every field here but `suites`.
 */
export type RunReport = {
  tool: 'devenv-contract'
  mode: RunMode
  /** The API base that was checked, fuzzed or proxied to. */
  target: string
  startedAt: string
  durationMs: number
  /** The fuzzer's seed, which `--seed` replays. */
  seed?: string
  /** Which shard of a run this is (`--shard i/n`); absent for a whole run and a merged one. */
  shard?: Shard
  /** The shards a merged report joins (`merge`), by index. */
  mergedShards?: number[]
  notes: string[]
  /** The run against an older contract (`check --since`). */
  since?: SinceReport
  summary: { passed: number; failed: number; skipped: number; schemaViolations: number }
  coverage: Coverage
  operations: OperationResult[]
  failures: RunFailure[]
  /** Each check that did not run, with its reason. */
  skipped: RunSkip[]
  findings: Finding[]
  /** Whole parts that did not run, and whether `--allow-skip` accepted each. */
  skippedParts: SkippedPart[]
  /** Documented statuses and examples left unexercised, each with the reason (`check`). */
  uncovered: Uncovered[]
  /** Every check, grouped; junit.xml is written from these. Not part of report.json. */
  suites: Suite[]
}

export type RunReportInput = Pick<
  RunReport,
  'mode' | 'target' | 'startedAt' | 'durationMs' | 'seed' | 'shard' | 'suites' | 'coverage'
> & {
  notes?: string[]
  findings?: Finding[]
  /** Whole parts that did not run; not accepted unless they say so (the user chose it). */
  skippedParts?: ReadonlyArray<{ part: string; reason: string; accepted?: boolean }>
  uncovered?: Uncovered[]
  /** Statuses each operation answered beyond those of the checks' requests, by operationId. */
  statusesSeen?: ReadonlyMap<string, readonly number[]>
}

/** Every exchange the checks of a run recorded, for coverage. */
export function exchangesOf(suites: readonly Suite[]): Exchange[] {
  return suites.flatMap((suite) =>
    suite.checks.flatMap((check) => (check.exchange ? [check.exchange] : [])),
  )
}

/** A check as reports show it: its request and texts without secrets (see `redact.ts`). */
function redactedCheck(check: CheckResult): CheckResult {
  return {
    ...check,
    ...(check.message === undefined ? {} : { message: redactText(check.message) }),
    ...(check.detail === undefined ? {} : { detail: redactText(check.detail) }),
    ...(check.exchange === undefined
      ? {}
      : { exchange: { ...check.exchange, request: redactRequest(check.exchange.request) } }),
  }
}

/**
 * Assembles a run's report from what its stream accumulated (`RunStream`, the one place a run's
 * report is made): whatever a driver recorded, secrets are replaced here before any file is
 * written or line printed. A check counts for the operation its request called; a check that
 * sent none (a skip, a verdict) counts for its suite when the suite is an operation's.
 */
export function buildRunReport(recorded: RunReportInput): RunReport {
  const input: RunReportInput = {
    ...recorded,
    // A URL given with its credentials (`--upstream http://user:password@host`) keeps neither.
    target: redactText(recorded.target),
    notes: recorded.notes?.map(redactText),
    suites: recorded.suites.map((suite) => ({ ...suite, checks: suite.checks.map(redactedCheck) })),
    findings: recorded.findings?.map((finding) => ({
      ...finding,
      detail: redactText(finding.detail),
    })),
  }
  const operations = operationRows(input.coverage)
  const seen = (operationId: string | undefined, status: number | null | undefined) => {
    const operation = operationId === undefined ? undefined : operations.get(operationId)
    if (operation && typeof status === 'number' && !operation.statusesSeen.includes(status))
      operation.statusesSeen.push(status)
  }
  for (const [operationId, statuses] of input.statusesSeen ?? [])
    for (const status of statuses) seen(operationId, status)
  const failures: RunFailure[] = []
  for (const suite of input.suites) {
    for (const check of suite.checks) {
      const exchange = check.exchange
      // An exchange of no operation (the proxy's undocumented calls) counts for none.
      const operationId = exchange
        ? exchange.operationId || undefined
        : suite.kind === 'operation'
          ? suite.name
          : undefined
      // An operation's counts are its own suite's, as the terminal's are; a flow's request to it
      // adds to the statuses it was seen to answer, not to its checks.
      const operation = operationId === undefined ? undefined : operations.get(operationId)
      if (operation && suite.kind === 'operation' && suite.name === operationId)
        operation[check.status]++
      seen(operationId, exchange?.status)
      if (check.status !== 'failed') continue
      // A curl of a request not kept as sent would send another one: its detail says why.
      const repeatable = exchange !== undefined && !exchange.unrepeatable
      failures.push({
        operationId: operationId ?? null,
        suite: suite.name,
        check: check.name,
        message: check.message ?? 'failed',
        request: exchange ? { method: exchange.request.method, url: exchange.request.url } : null,
        status: exchange?.status ?? null,
        reproducer: repeatable ? curlCommand(exchange.request) : null,
        variables: repeatable ? variablesOf(exchange.request) : [],
        detail: check.detail ?? null,
        ...(check.since === undefined ? {} : { since: check.since }),
      })
    }
  }
  for (const operation of operations.values()) operation.statusesSeen.sort((a, b) => a - b)
  const totals = countChecks(input.suites.flatMap((suite) => suite.checks))
  return {
    tool: 'devenv-contract',
    mode: input.mode,
    target: input.target,
    startedAt: input.startedAt,
    durationMs: Math.round(input.durationMs),
    ...(input.seed === undefined ? {} : { seed: input.seed }),
    ...(input.shard === undefined ? {} : { shard: input.shard }),
    notes: input.notes ?? [],
    summary: totals,
    // Whatever mode built it, the figures leave out the 5xx a healthy server never answers.
    coverage: reportedCoverage(input.coverage).coverage,
    operations: [...operations.values()],
    failures,
    skipped: skippedChecksOf(input.suites),
    findings: input.findings ?? [],
    skippedParts: (input.skippedParts ?? []).map((part) => ({
      part: part.part,
      reason: redactText(part.reason),
      accepted: part.accepted ?? false,
    })),
    uncovered: input.uncovered ?? [],
    suites: input.suites,
  }
}

/**
 * The report with each failure labelled against an older contract (`check --since`), in its suite
 * and in `failures`, which hold the failed checks in the suites' order (buildRunReport's), and
 * with the counts of each label.
 */
export function labelFailures(
  report: RunReport,
  base: Omit<SinceReport, 'new' | 'baseToo'>,
  labelOf: (suite: Suite, check: CheckResult) => SinceLabel,
): RunReport {
  const labels: SinceLabel[] = []
  const suites = report.suites.map((suite) => ({
    ...suite,
    checks: suite.checks.map((check) => {
      if (check.status !== 'failed') return check
      const since = labelOf(suite, check)
      labels.push(since)
      return { ...check, since }
    }),
  }))
  if (labels.length !== report.failures.length)
    throw new Error('a report whose failures are not its failed checks cannot be labelled')
  return {
    ...report,
    since: {
      ...base,
      new: labels.filter((each) => each.label === 'new').length,
      baseToo: labels.filter((each) => each.label === 'base-too').length,
    },
    suites,
    failures: report.failures.map((failure, index) => ({ ...failure, since: labels[index] })),
  }
}

/** Whether a part's name is accepted by one of the `--allow-skip` names (`check.flow.*` for all). */
export function partMatches(pattern: string, part: string): boolean {
  return pattern.endsWith('.*') ? part.startsWith(pattern.slice(0, -1)) : pattern === part
}

/** The report with the skipped parts that `--allow-skip` names marked accepted. */
export function acceptSkips(report: RunReport, allowed: readonly string[]): RunReport {
  return {
    ...report,
    skippedParts: report.skippedParts.map((part) =>
      part.accepted || allowed.some((pattern) => partMatches(pattern, part.part))
        ? { ...part, accepted: true }
        : part,
    ),
  }
}

/** The skipped parts that make the run fail: those nobody accepted. */
export const untestedParts = (report: RunReport): SkippedPart[] =>
  report.skippedParts.filter((part) => !part.accepted)

/**
 * report.json's content: the report without its raw suites (junit.xml carries those), except a
 * shard's, which keeps its checks for `merge` (their requests as the operation and status only:
 * the failures already carry their reproducers, and coverage its matrix).
 */
export function toReportJson(report: RunReport): string {
  const { suites, ...document } = report
  const checks =
    report.shard === undefined
      ? {}
      : {
          suites: suites.map((suite) => ({
            ...suite,
            checks: suite.checks.map(({ exchange, ...check }) =>
              exchange === undefined
                ? check
                : {
                    ...check,
                    exchange: { operationId: exchange.operationId, status: exchange.status },
                  },
            ),
          })),
        }
  // Checked against the schema merge reads with: a writer that drifts from it fails here.
  return `${JSON.stringify(reportDocument.parse({ ...document, ...checks }), null, 2)}\n`
}

/** Each operation of the coverage as a report row with nothing counted yet, by operationId. */
export function operationRows(coverage: Coverage): Map<string, OperationResult> {
  return new Map(
    coverage.operations.map((row) => [
      row.operationId,
      {
        operationId: row.operationId,
        method: row.method,
        path: row.path,
        passed: 0,
        failed: 0,
        skipped: 0,
        statusesSeen: [],
      },
    ]),
  )
}
