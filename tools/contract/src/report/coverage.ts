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
 * The matrix for a terminal: one line per operation, each documented status marked exercised
 * (`+`) or not (`-`), undocumented statuses answered flagged with `!`, then its examples used.
 */
export function formatCoverage(coverage: Coverage): string {
  const width = Math.max(12, ...coverage.operations.map((row) => row.operationId.length))
  const lines = ['coverage (+ exercised, - not exercised, ! answered but undocumented)']
  for (const row of coverage.operations) {
    const statuses = row.statuses.map((each) => `${each.count > 0 ? '+' : '-'}${each.status}`)
    const undocumented = row.undocumentedStatuses.map((each) => `!${each.status}`)
    const used = row.examples.filter((example) => example.count > 0).length
    const examples = row.examples.length > 0 ? `  examples ${used}/${row.examples.length}` : ''
    lines.push(
      `  ${row.calls > 0 ? '+' : '-'} ${row.operationId.padEnd(width)}  ${[...statuses, ...undocumented].join(' ')}${examples}`,
    )
  }
  lines.push(coverageLine(coverage))
  return lines.join('\n')
}
