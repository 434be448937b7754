import { findResponseKey } from '@devenv/openapi'
import type { Exchange } from './exchange'

/**
 * How much of the contract a run exercised. This is the shape report.json carries and the
 * terminal summary prints; a coverage recorder of `@devenv/openapi` answers the same shape.
 */
export type CoverageRatio = { covered: number; total: number; percent: number }

/** A documented status as written in the contract (`'200'`, `'4XX'`, `'default'`). */
export type StatusCoverage = { status: string; exercised: boolean }

export type ExampleCoverage = {
  name: string
  /** A request body example is exercised when that exact body was sent. */
  in: 'request' | 'response'
  /** For a response example, the documented status it sits under. */
  status?: string
  exercised: boolean
}

export type OperationCoverage = {
  operationId: string
  method: string
  path: string
  exercised: boolean
  statuses: StatusCoverage[]
  examples: ExampleCoverage[]
  /** Statuses answered that the contract does not document for the operation. */
  undocumentedStatuses: number[]
}

export type Coverage = {
  operations: CoverageRatio
  statuses: CoverageRatio
  examples: CoverageRatio
  matrix: OperationCoverage[]
}

/** What coverage is measured against: an operation's documented statuses and request examples. */
export type DocumentedOperation = {
  operationId: string
  method: string
  path: string
  statuses: readonly string[]
  requestExamples: ReadonlyArray<{ name: string; value: unknown }>
}

export function ratio(covered: number, total: number): CoverageRatio {
  return {
    covered,
    total,
    percent: total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10,
  }
}

/** JSON with sorted keys, so that bodies equal as values compare equal as text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : inner,
  )
}

function parsedBody(body: string | undefined): string | undefined {
  if (body === undefined) return undefined
  try {
    return canonical(JSON.parse(body))
  } catch {
    return undefined
  }
}

/** Coverage of the documented operations by the exchanges of a run. */
export function coverageOf(
  operations: readonly DocumentedOperation[],
  exchanges: readonly Exchange[],
): Coverage {
  const byOperation = new Map<string, Exchange[]>()
  for (const exchange of exchanges) {
    const list = byOperation.get(exchange.operationId) ?? []
    list.push(exchange)
    byOperation.set(exchange.operationId, list)
  }
  const matrix = operations.map((operation): OperationCoverage => {
    const seen = byOperation.get(operation.operationId) ?? []
    const responses = Object.fromEntries(operation.statuses.map((status) => [status, true]))
    const statusKeys = new Set<string>()
    const undocumented = new Set<number>()
    for (const { status } of seen) {
      if (status === null) continue
      const key = findResponseKey(responses, status)
      if (key === undefined) undocumented.add(status)
      else statusKeys.add(key)
    }
    const bodies = new Set(seen.map((exchange) => parsedBody(exchange.request.body)))
    return {
      operationId: operation.operationId,
      method: operation.method.toUpperCase(),
      path: operation.path,
      exercised: seen.some((exchange) => exchange.status !== null),
      statuses: operation.statuses.map((status) => ({ status, exercised: statusKeys.has(status) })),
      examples: operation.requestExamples.map((example) => ({
        name: example.name,
        in: 'request' as const,
        exercised: bodies.has(canonical(example.value)),
      })),
      undocumentedStatuses: [...undocumented].sort((a, b) => a - b),
    }
  })
  const count = <T>(lists: T[][], hit: (item: T) => boolean) =>
    ratio(lists.flat().filter(hit).length, lists.flat().length)
  return {
    operations: ratio(matrix.filter((row) => row.exercised).length, matrix.length),
    statuses: count(
      matrix.map((row) => row.statuses),
      (status) => status.exercised,
    ),
    examples: count(
      matrix.map((row) => row.examples),
      (example) => example.exercised,
    ),
    matrix,
  }
}

export type CoverageKind = 'operations' | 'statuses' | 'examples'
export const COVERAGE_KINDS: readonly CoverageKind[] = ['operations', 'statuses', 'examples']

/** The kinds of coverage below a minimum percentage (`--min-coverage`), with their figures. */
export function coverageShortfall(coverage: Coverage, minimumPercent: number): string[] {
  return COVERAGE_KINDS.filter((kind) => coverage[kind].percent < minimumPercent).map(
    (kind) => `${kind} ${coverage[kind].percent}%`,
  )
}

const formatRatio = (name: string, value: CoverageRatio) =>
  `${name} ${value.covered}/${value.total} (${value.percent}%)`

/** One line of percentages, e.g. for the closing part of the terminal summary. */
export function coverageLine(coverage: Coverage): string {
  return `coverage: ${COVERAGE_KINDS.map((kind) => formatRatio(kind, coverage[kind])).join(', ')}`
}

/**
 * The matrix for a terminal: one line per operation, each documented status marked exercised
 * (`+`) or not (`-`), examples as exercised/total, undocumented statuses seen flagged with `!`.
 */
export function formatCoverage(coverage: Coverage): string {
  const width = Math.max(12, ...coverage.matrix.map((row) => row.operationId.length))
  const lines = ['coverage (+ exercised, - not exercised, ! answered but undocumented)']
  for (const row of coverage.matrix) {
    const statuses = row.statuses
      .map((status) => `${status.exercised ? '+' : '-'}${status.status}`)
      .join(' ')
    const undocumented = row.undocumentedStatuses.map((status) => `!${status}`).join(' ')
    const examples = row.examples.length
      ? `  examples ${row.examples.filter((example) => example.exercised).length}/${row.examples.length}`
      : ''
    const mark = row.exercised ? '+' : '-'
    lines.push(
      `  ${mark} ${row.operationId.padEnd(width)}  ${[statuses, undocumented].filter(Boolean).join(' ')}${examples}`,
    )
  }
  lines.push(coverageLine(coverage))
  return lines.join('\n')
}
