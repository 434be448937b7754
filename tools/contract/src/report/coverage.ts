import {
  type Contract,
  type ContractCoverage,
  type ContractRule,
  contractRuleIds,
  countsInFigure,
  coverageFigures,
  createCoverageRecorder,
  type RuleCoverage,
  ruleFigure,
} from '@devenv/openapi'
import type { Exchange } from './exchange'
import type { CheckResult } from './suites'

/** Suites as far as rules are counted: each check's outcome and the rules it cites. */
type CitingSuites = ReadonlyArray<{
  checks: ReadonlyArray<Pick<CheckResult, 'status' | 'rules'>>
}>

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
      responseExamples: exchange.responseExamples,
    })
  }
  return recorder.report()
}

/** A rule to count: its id, its gap when no black-box check can observe it, its branch if any. */
export type RuleToCover = Pick<ContractRule, 'id' | 'gap' | 'branch'>

/** The rules of a run's contract: its data rules and the register's prose rules it states. */
export const rulesOf = (contract: Contract): readonly RuleToCover[] =>
  contractRuleIds(contract.document)

/** Each rule with the checks that ran (passed or failed) citing it: a skipped check tested nothing. */
export function ruleCoverageOf(
  rules: readonly RuleToCover[],
  suites: CitingSuites,
): RuleCoverage[] {
  const cited = new Map<string, number>()
  for (const suite of suites)
    for (const check of suite.checks) {
      if (check.status === 'skipped') continue
      for (const id of new Set(check.rules ?? [])) cited.set(id, (cited.get(id) ?? 0) + 1)
    }
  // A choice the contract leaves open (409 for a taken address, or alike for every address): the
  // options whose rules a check cited are the ones the server took.
  const taken = new Map<string, Set<string>>()
  for (const { id, branch } of rules)
    if (branch && cited.has(id)) {
      const [choice = '', option = ''] = branch.split('.')
      taken.set(choice, (taken.get(choice) ?? new Set()).add(option))
    }
  const notTaken = (branch: string | undefined): string | undefined => {
    if (branch === undefined) return undefined
    const [choice = '', option = ''] = branch.split('.')
    const options = taken.get(choice)
    if (!options || options.has(option)) return undefined
    return `holds only where a server takes ${branch}; this one took ${[...options].map((other) => `${choice}.${other}`).join(', ')}`
  }
  return rules.map(({ id, gap, branch }) => {
    const notApplicable = notTaken(branch)
    return {
      id,
      checks: cited.get(id) ?? 0,
      ...(gap === undefined ? {} : { gap }),
      ...(branch === undefined ? {} : { branch }),
      ...(notApplicable === undefined ? {} : { notApplicable }),
    }
  })
}

/** The coverage with its rules: the list, and the figure beside operations, statuses and examples. */
export function withRuleCoverage(
  coverage: Coverage,
  rules: readonly RuleToCover[],
  suites: CitingSuites,
): Coverage {
  const covered = ruleCoverageOf(rules, suites)
  return {
    ...coverage,
    summary: { ...coverage.summary, rules: ruleFigure(covered) },
    rules: covered,
  }
}

/** Why a rule no check of the run cited is uncovered: its gap, else no check. */
export const uncoveredRuleReason = (rule: RuleCoverage): string =>
  rule.gap !== undefined
    ? `gap: ${rule.gap}`
    : rule.notApplicable !== undefined
      ? `not applicable: ${rule.notApplicable}`
      : NO_CHECK

/** A rule no check that ran cites. */
export const NO_CHECK = 'no check'

/** How many uncovered rules the terminal names before it counts the rest. */
const RULES_NAMED = 20

/**
 * The rules for a terminal: those no check of the run cited, one a line (the first 20, then a
 * count), and the gaps as one count. Every rule, with its checks, is in the reports.
 */
export function formatRuleCoverage(coverage: Coverage): string[] {
  const rules = coverage.rules
  if (rules === undefined) return []
  const gaps = rules.filter((rule) => !countsInFigure(rule))
  const uncovered = rules.filter((rule) => countsInFigure(rule) && rule.checks === 0)
  const lines: string[] = []
  if (uncovered.length > 0) {
    lines.push(`rules no check of this run cited (${uncovered.length})`)
    for (const rule of uncovered.slice(0, RULES_NAMED)) lines.push(`  - ${rule.id}: ${NO_CHECK}`)
    if (uncovered.length > RULES_NAMED)
      lines.push(
        `  - and ${uncovered.length - RULES_NAMED} more (report.json, under "coverage.rules")`,
      )
  }
  if (gaps.length > 0)
    lines.push(
      `${gaps.length} rule${gaps.length === 1 ? '' : 's'} left out of the figure, each with its reason in report.json (no black-box check can observe it, or it holds only for an option of the contract's choice this server did not take)`,
    )
  return lines
}

export type CoverageKind = Exclude<keyof Coverage['summary'], 'rules'>
export const COVERAGE_KINDS: readonly CoverageKind[] = ['operations', 'statuses', 'examples']

/**
 * The kinds of coverage below a minimum percentage (`--min-coverage`), with their figures; the
 * contract's rules too where the run counts them (`check`).
 */
export function coverageShortfall(coverage: Coverage, minimumPercent: number): string[] {
  const figures = [
    ...COVERAGE_KINDS.map((kind) => [kind, coverage.summary[kind]] as const),
    ...(coverage.summary.rules ? [['rules', coverage.summary.rules] as const] : []),
  ]
  return figures
    .filter(([, figure]) => figure.percent < minimumPercent)
    .map(([kind, figure]) => `${kind} ${figure.percent}%`)
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
  lines.push(...formatRuleCoverage(coverage))
  lines.push(coverageLine(coverage))
  return lines.join('\n')
}

/** A documented status or example no exchange of the run exercised, and why. */
export type Uncovered = {
  operationId: string
  /** The documented status (`'404'`, `'5XX'`); for an example, the status of its answer, if any. */
  status?: string
  /** For an example: `request` or `response`, and its name. */
  example?: { in: 'request' | 'response'; name: string }
  reason: string
}

const isServerError = (status: string | undefined) => status?.startsWith('5') === true

const SERVER_ERROR =
  'a server error: excluded from the figures, since a healthy server is never made to fail on purpose'

/** Why a status of an operation the run never called went unprovoked. */
export const NOT_CALLED = 'the operation was not called (not selected, or skipped)'

/**
 * The coverage as every mode reports it: the figures of statuses and examples count only what a
 * healthy server can be made to answer (5xx statuses and their examples are excluded), so `check`,
 * `fuzz` and `proxy` divide by the same number; and every documented status or example left
 * unexercised is listed with the reason, the excluded ones included (`check` prints that list).
 */
export function reportedCoverage(coverage: Coverage): {
  coverage: Coverage
  uncovered: Uncovered[]
} {
  const uncovered: Uncovered[] = []
  let statuses = 0
  let statusesCovered = 0
  let examples = 0
  let examplesCovered = 0
  for (const row of coverage.operations) {
    for (const { status, count } of row.statuses) {
      if (isServerError(status)) {
        uncovered.push({ operationId: row.operationId, status, reason: SERVER_ERROR })
        continue
      }
      statuses += 1
      if (count > 0) statusesCovered += 1
      else
        uncovered.push({
          operationId: row.operationId,
          status,
          reason: row.calls === 0 ? NOT_CALLED : 'no check of this run provoked it',
        })
    }
    for (const example of row.examples) {
      const where = {
        operationId: row.operationId,
        ...(example.status === undefined ? {} : { status: example.status }),
        example: { in: example.in, name: example.name },
      }
      if (isServerError(example.status)) {
        uncovered.push({ ...where, reason: SERVER_ERROR })
        continue
      }
      examples += 1
      if (example.count > 0) examplesCovered += 1
      else
        uncovered.push({
          ...where,
          reason:
            example.in === 'request'
              ? 'never sent'
              : `no conforming ${example.status} answer to a request paired with it`,
        })
    }
  }
  const figure = (covered: number, total: number) => ({
    covered,
    total,
    percent: total === 0 ? 100 : Math.round((covered / total) * 1000) / 10,
  })
  return {
    coverage: {
      ...coverage,
      summary: {
        ...coverage.summary,
        statuses: figure(statusesCovered, statuses),
        examples: figure(examplesCovered, examples),
      },
    },
    uncovered,
  }
}
