import {
  type Contract,
  type ContractCoverage,
  coverageFigures,
  createCoverageRecorder,
} from '@devenv/openapi'
import type { Exchange } from './exchange'

/** The coverage report.json carries and the terminal prints: `@devenv/openapi`'s one shape. */
export type Coverage = ContractCoverage

/** Coverage of the contract by the exchanges of a run (those that got an answer). */
export function coverageOfExchanges(contract: Contract, exchanges: readonly Exchange[]): Coverage {
  const recorder = createCoverageRecorder(contract)
  for (const exchange of exchanges) {
    if (exchange.status === null) continue
    recorder.record({
      operationId: exchange.operationId,
      status: exchange.status,
      requestExample: exchange.requestExample,
      responseExample: exchange.responseExample,
    })
  }
  return recorder.report()
}

export type CoverageKind = keyof Coverage['summary']
export const COVERAGE_KINDS: readonly CoverageKind[] = ['operations', 'statuses', 'examples']

/** The kinds of coverage below a minimum percentage (`--min-coverage`), with their figures. */
export function coverageShortfall(coverage: Coverage, minimumPercent: number): string[] {
  return COVERAGE_KINDS.filter((kind) => coverage.summary[kind].percent < minimumPercent).map(
    (kind) => `${kind} ${coverage.summary[kind].percent}%`,
  )
}

/** One line of percentages, the last of the coverage part of the terminal summary. */
export function coverageLine(coverage: Coverage): string {
  return `coverage: ${coverageFigures(coverage)}`
}

/**
 * The matrix for a terminal: one line per operation with something left to exercise (or an
 * undocumented status answered), each documented status marked exercised (`+`) or not (`-`),
 * undocumented ones flagged with `!`, then its examples used; the fully exercised operations as
 * one count. The whole matrix is in the reports.
 */
export function formatCoverage(coverage: Coverage): string {
  const width = Math.max(12, ...coverage.operations.map((row) => row.operationId.length))
  const lines = ['coverage (+ exercised, - not exercised, ! answered but undocumented)']
  const whole = coverage.operations.filter(
    (row) =>
      row.calls > 0 &&
      row.undocumentedStatuses.length === 0 &&
      row.statuses.every((each) => each.count > 0) &&
      row.examples.every((each) => each.count > 0),
  )
  for (const row of coverage.operations) {
    if (whole.includes(row)) continue
    const statuses = row.statuses.map((each) => `${each.count > 0 ? '+' : '-'}${each.status}`)
    const undocumented = row.undocumentedStatuses.map((each) => `!${each.status}`)
    const used = row.examples.filter((example) => example.count > 0).length
    const examples = row.examples.length > 0 ? `  examples ${used}/${row.examples.length}` : ''
    lines.push(
      `  ${row.calls > 0 ? '+' : '-'} ${row.operationId.padEnd(width)}  ${[...statuses, ...undocumented].join(' ')}${examples}`,
    )
  }
  if (whole.length > 0)
    lines.push(
      `  + ${whole.length} more operation${whole.length === 1 ? '' : 's'} exercised in full`,
    )
  lines.push(coverageLine(coverage))
  return lines.join('\n')
}
