import { mergeCoverage, ruleFigure } from '@devenv/openapi'
import type * as z from 'zod'
import { type Coverage, reportedCoverage, ruleCoverageOf } from './coverage'
import { type OperationResult, operationRows, type RunReport, skippedChecksOf } from './run-report'
import { reportDocument } from './schema'
import type { Shard } from './shard'
import { type CheckStatus, countChecks, type Finding, type SkippedPart, type Suite } from './suites'

/** Shards that do not make one whole run: what `merge` reports instead of a merged report. */
export class MergeError extends Error {
  override name = 'MergeError'
}

// A shard's report is read through report.json's one schema (schema.ts), with the parts a
// shard always has required: its shard and its suites.
const shardReport = reportDocument.required({ shard: true, suites: true })

/** A shard's suite: each check's exchange is kept as its operation and the answer's status. */
type ShardSuite = ShardReport['suites'][number]

type ShardReport = z.infer<typeof shardReport> & { source: string; shard: Shard }

/** A shard's report.json as read, or why it is none. */
function readShard(source: string, document: unknown): ShardReport {
  if (
    typeof document !== 'object' ||
    document === null ||
    (document as { tool?: unknown }).tool !== 'devenv-contract'
  )
    throw new MergeError(`${source} is not a report.json of devenv-contract`)
  if ((document as { shard?: unknown }).shard === undefined)
    throw new MergeError(
      `${source} is the report of a whole run, not of a shard (run check or fuzz with --shard i/n)`,
    )
  const parsed = shardReport.safeParse(document)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new MergeError(
      `${source} is not a shard's report.json this version reads (${issue?.path.join('.') || 'its top'}: ${issue?.message ?? 'unreadable'})`,
    )
  }
  return { ...parsed.data, source }
}

const label = (shard: Shard) => `${shard.index}/${shard.total}`

/** The shards, sorted, once each and all of them, of one run held to one contract; or why not. */
function wholeRun(shards: readonly ShardReport[]): ShardReport[] {
  const [first] = shards
  if (!first) throw new MergeError('give the folders (or report.json files) of the shards to merge')
  for (const shard of shards) {
    if (shard.mode !== first.mode)
      throw new MergeError(
        `${shard.source} is a ${shard.mode} run and ${first.source} a ${first.mode} run: merge the shards of one run`,
      )
    if (shard.shard.contract !== first.shard.contract)
      throw new MergeError(
        `${shard.source} and ${first.source} were held to different contracts: merge the shards of one run`,
      )
    if (shard.shard.total !== first.shard.total || shard.shard.run !== first.shard.run)
      throw new MergeError(
        `${shard.source} (shard ${label(shard.shard)}) is of another run than ${first.source} (shard ${label(first.shard)}): its settings or its number of shards differ`,
      )
  }
  const byIndex = new Map<number, ShardReport>()
  for (const shard of shards) {
    const twin = byIndex.get(shard.shard.index)
    if (twin)
      throw new MergeError(
        `shard ${label(shard.shard)} is given twice (${twin.source}, ${shard.source})`,
      )
    byIndex.set(shard.shard.index, shard)
  }
  const total = first.shard.total
  const missing = Array.from({ length: total }, (_, at) => at + 1).filter(
    (index) => !byIndex.has(index),
  )
  if (missing.length > 0)
    throw new MergeError(
      `shard${missing.length === 1 ? '' : 's'} ${missing.map((index) => `${index}/${total}`).join(', ')} missing (given: ${[
        ...byIndex.keys(),
      ]
        .sort((a, b) => a - b)
        .map((index) => `${index}/${total}`)
        .join(', ')}): a merged report needs every shard of the run`,
    )
  return [...byIndex.values()].sort((a, b) => a.shard.index - b.shard.index)
}

/** Which outcome a check repeated by every shard (the target's set-up) keeps: the worst. */
const SEVERITY: Record<CheckStatus, number> = { skipped: 0, passed: 1, failed: 2 }

/**
 * The suites of all shards in shard order. A check found in several shards is either the set-up
 * each of them repeats (check: the target answers, the account signs in) or a fuzz property each
 * held on its own requests: it counts once, with its worst outcome.
 */
function mergedSuites(shards: readonly ShardReport[]): {
  suites: ShardSuite[]
  repeated: Set<string>
} {
  const suites = new Map<string, ShardSuite>()
  const repeated = new Set<string>()
  for (const shard of shards) {
    for (const suite of shard.suites) {
      const key = `${suite.kind}\n${suite.name}`
      const known = suites.get(key)
      if (!known) {
        suites.set(key, { ...suite, checks: [...suite.checks] })
        continue
      }
      repeated.add(suite.name)
      for (const check of suite.checks) {
        const at = known.checks.findIndex((each) => each.name === check.name)
        const before = at === -1 ? undefined : known.checks[at]
        if (before === undefined) known.checks.push(check)
        else if (SEVERITY[check.status] > SEVERITY[before.status]) known.checks[at] = check
      }
    }
  }
  return { suites: [...suites.values()], repeated }
}

/** Each operation's checks and answered statuses, as `buildRunReport` counts them, from the checks. */
function operationsOf(coverage: Coverage, suites: readonly ShardSuite[]): OperationResult[] {
  const operations = operationRows(coverage)
  for (const suite of suites)
    for (const check of suite.checks) {
      const operationId =
        check.exchange?.operationId ?? (suite.kind === 'operation' ? suite.name : undefined)
      const operation = operationId === undefined ? undefined : operations.get(operationId)
      if (!operation) continue
      // Its own suite's checks, as the terminal counts them; a flow's request adds its status.
      if (suite.kind === 'operation' && suite.name === operation.operationId)
        operation[check.status]++
      const status = check.exchange?.status
      if (typeof status === 'number' && !operation.statusesSeen.includes(status))
        operation.statusesSeen.push(status)
    }
  for (const operation of operations.values()) operation.statusesSeen.sort((a, b) => a - b)
  return [...operations.values()]
}

const distinct = <T>(items: readonly T[], key: (item: T) => string = JSON.stringify): T[] => {
  const seen = new Set<string>()
  return items.filter((item) => {
    const id = key(item)
    if (seen.has(id)) return false
    seen.add(id)
    return true
  })
}

/**
 * One report from the report.json of every shard of a run, as if the run had been whole: the
 * checks of all shards, coverage as the union of what each covered (an operation, status,
 * example or rule counts once however many shards exercised it), and the same verdict rules. A whole part
 * skipped is accepted only when every shard that skipped it accepted it.
 */
export function mergeShardReports(
  reports: ReadonlyArray<{ source: string; document: unknown }>,
): RunReport {
  const shards = wholeRun(reports.map(({ source, document }) => readShard(source, document)))
  const first = shards[0] as ShardReport
  const { suites: shardSuites, repeated } = mergedSuites(shards)
  // The merged report's checks, without the exchanges a shard kept only for the counts below.
  const suites: Suite[] = shardSuites.map((suite) => ({
    ...suite,
    checks: suite.checks.map(({ exchange: _exchange, ...check }) => check),
  }))
  const merged = mergeCoverage(shards.map((shard) => shard.coverage)) ?? first.coverage
  // A rule's checks are counted again from the merged checks: the set-up every shard repeats once.
  // Which option of a choice the server took is judged again from all the shards' checks.
  const rules =
    first.coverage.rules &&
    ruleCoverageOf(
      first.coverage.rules.map(({ id, gap, branch }) => ({ id, gap, branch })),
      shardSuites,
    )
  const union: Coverage = rules
    ? { ...merged, summary: { ...merged.summary, rules: ruleFigure(rules) }, rules }
    : merged
  // Every mode's figures leave 5xx out, and check lists what is left: worked out again from the union.
  const { coverage, uncovered } =
    first.mode === 'check'
      ? reportedCoverage(union)
      : {
          coverage: reportedCoverage(union).coverage,
          uncovered: distinct(first.uncovered).filter((each) =>
            shards.every((shard) =>
              shard.uncovered.some((other) => JSON.stringify(other) === JSON.stringify(each)),
            ),
          ),
        }
  const parts = new Map<string, SkippedPart>()
  for (const part of shards.flatMap((shard) => shard.skippedParts)) {
    const known = parts.get(part.part)
    parts.set(part.part, known ? { ...known, accepted: known.accepted && part.accepted } : part)
  }
  const targets = distinct(shards.map((shard) => shard.target))
  const findings: Finding[] = distinct(shards.flatMap((shard) => shard.findings))
  // A check found in several shards is listed once, as its first failure.
  const failures = distinct(
    shards.flatMap((shard) => shard.failures),
    (failure) =>
      repeated.has(failure.suite) ? `${failure.suite}\n${failure.check}` : JSON.stringify(failure),
  )
  // Shards run `--since` the same base say the same asks; the labels are counted again, merged.
  const since = first.since && {
    ...first.since,
    new: failures.filter((failure) => failure.since?.label === 'new').length,
    baseToo: failures.filter((failure) => failure.since?.label === 'base-too').length,
  }
  return {
    tool: 'devenv-contract',
    mode: first.mode,
    target: targets.join(', '),
    startedAt: shards.map((shard) => shard.startedAt).sort()[0] ?? first.startedAt,
    // The shards ran side by side: the run took as long as its slowest shard.
    durationMs: Math.max(...shards.map((shard) => shard.durationMs)),
    ...(first.seed === undefined ? {} : { seed: first.seed }),
    mergedShards: shards.map((shard) => shard.shard.index),
    notes: distinct([
      `merged from ${shards.length} shard${shards.length === 1 ? '' : 's'} (${shards.map((shard) => `${label(shard.shard)}: ${shard.source}`).join('; ')})`,
      ...shards.flatMap((shard) => shard.notes),
    ]),
    ...(since === undefined ? {} : { since }),
    summary: countChecks(suites.flatMap((suite) => suite.checks)),
    coverage,
    operations: operationsOf(coverage, shardSuites),
    failures,
    skipped: skippedChecksOf(suites),
    findings,
    skippedParts: [...parts.values()],
    uncovered,
    suites,
  }
}
