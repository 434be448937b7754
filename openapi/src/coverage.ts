import type { Contract } from './contract'
import { type Operation, responseFor } from './operations'

/** What one judged exchange exercised: the operation, the status answered, which examples. */
export type Exercised = {
  operationId: string
  status: number
  /** The name of the documented request body example sent, if one was. */
  requestExample?: string | undefined
  /** The name of the documented response example answered (for its status), if one was. */
  responseExample?: string | undefined
  /**
   * Response examples of the answered status exercised by pairing (`pairedResponseExamples`):
   * the request was sent and its answer had the example's status and conformed.
   */
  responseExamples?: readonly string[] | undefined
}

/** `covered` of `total`, and the share in percent (one decimal; 100 when there is nothing). */
export type CoverageFigure = { covered: number; total: number; percent: number }

export type StatusCoverage = {
  /** As documented: `'200'`, `'4XX'`, `'default'`. */
  status: string
  /** Answers that fell under this documented status. */
  count: number
}

export type ExampleCoverage = {
  /** `request` for a request body example, `response` for an answer's (then `status` says which). */
  in: 'request' | 'response'
  status?: string
  name: string
  count: number
}

export type OperationCoverage = {
  operationId: string
  method: string
  /** As written in the document: `/environments/{id}`. */
  path: string
  /** Exchanges recorded for the operation. */
  calls: number
  /** Every documented status, exercised or not (count 0). */
  statuses: StatusCoverage[]
  /** Statuses answered that the operation does not document (each a contract failure). */
  undocumentedStatuses: Array<{ status: number; count: number }>
  /** Every documented example, exercised or not (count 0). */
  examples: ExampleCoverage[]
}

/** A rule of the contract (register.ts) and how many checks that ran cited it. */
export type RuleCoverage = {
  id: string
  /** Checks that ran (passed or failed) citing the rule; skipped ones do not count. */
  checks: number
  /** Why no black-box check can observe it: listed, never counted in the figure. */
  gap?: string
  /** The option of a choice the contract leaves open that the rule holds for (the register's). */
  branch?: string
  /** Why it does not apply to this server (it took another option): listed, never counted. */
  notApplicable?: string
}

/** Whether a rule counts in the figure: one a check can observe, and that applies to the server. */
export const countsInFigure = (rule: RuleCoverage): boolean =>
  rule.gap === undefined && rule.notApplicable === undefined

/**
 * The coverage of the contract by a run (or a stub session): the figures, then the matrix of
 * operations x documented statuses and examples. This is the JSON every mode reports. `check`
 * adds its rules (its checks cite the ids they test); modes that cite none leave them out.
 */
export type ContractCoverage = {
  summary: {
    operations: CoverageFigure
    statuses: CoverageFigure
    examples: CoverageFigure
    /** Rules cited by a check that ran, of those a check can observe (gaps left out). */
    rules?: CoverageFigure
  }
  operations: OperationCoverage[]
  rules?: RuleCoverage[]
}

/** The rules' figure: those cited, of every rule but the gaps and those that do not apply. */
export function ruleFigure(rules: readonly RuleCoverage[]): CoverageFigure {
  const countable = rules.filter(countsInFigure)
  return figure(countable.filter((rule) => rule.checks > 0).length, countable.length)
}

export type CoverageRecorder = {
  record: (exercised: Exercised) => void
  /** Forgets everything recorded (a new stub session). */
  reset: () => void
  /** The coverage so far; a fresh object on every call. */
  report: () => ContractCoverage
}

const figure = (covered: number, total: number): CoverageFigure => ({
  covered,
  total,
  percent: total === 0 ? 100 : Math.round((covered / total) * 1000) / 10,
})

type Tally = {
  calls: number
  statuses: Map<string, number>
  undocumented: Map<number, number>
  examples: Map<string, number>
}

const exampleKey = (where: 'request' | 'response', name: string, status?: string) =>
  where === 'request' ? `request\n${name}` : `response\n${status ?? ''}\n${name}`

/** Records judged exchanges and answers which operations, statuses and examples were exercised. */
export function createCoverageRecorder(contract: Contract): CoverageRecorder {
  let tallies = new Map<string, Tally>()
  const tallyOf = (operationId: string): Tally => {
    let tally = tallies.get(operationId)
    if (!tally) {
      tally = { calls: 0, statuses: new Map(), undocumented: new Map(), examples: new Map() }
      tallies.set(operationId, tally)
    }
    return tally
  }
  const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1)

  return {
    record: ({ operationId, status, requestExample, responseExample, responseExamples }) => {
      const operation = contract.byId.get(operationId)
      if (!operation) return
      const tally = tallyOf(operationId)
      tally.calls += 1
      const response = responseFor(operation, status)
      if (response) bump(tally.statuses, response.status)
      else bump(tally.undocumented, status)
      if (requestExample !== undefined) bump(tally.examples, exampleKey('request', requestExample))
      if (response) {
        const names = new Set([
          ...(responseExample === undefined ? [] : [responseExample]),
          ...(responseExamples ?? []),
        ])
        for (const name of names)
          bump(tally.examples, exampleKey('response', name, response.status))
      }
    },
    reset: () => {
      tallies = new Map()
    },
    report: () => coverageOf(contract.operations, tallies),
  }
}

function coverageOf(
  operations: readonly Operation[],
  tallies: ReadonlyMap<string, Tally>,
): ContractCoverage {
  const rows = operations.map((operation): OperationCoverage => {
    const tally = tallies.get(operation.operationId)
    const examples: ExampleCoverage[] = [
      ...operation.bodyExamples.map((example) => ({
        in: 'request' as const,
        name: example.name,
        count: tally?.examples.get(exampleKey('request', example.name)) ?? 0,
      })),
      ...Object.values(operation.responses).flatMap((response) =>
        response.examples.map((example) => ({
          in: 'response' as const,
          status: response.status,
          name: example.name,
          count: tally?.examples.get(exampleKey('response', example.name, response.status)) ?? 0,
        })),
      ),
    ]
    return {
      operationId: operation.operationId,
      method: operation.method.toUpperCase(),
      path: operation.path,
      calls: tally?.calls ?? 0,
      statuses: operation.statuses.map((status) => ({
        status,
        count: tally?.statuses.get(status) ?? 0,
      })),
      undocumentedStatuses: [...(tally?.undocumented ?? [])]
        .map(([status, count]) => ({ status, count }))
        .sort((a, b) => a.status - b.status),
      examples,
    }
  })
  return withSummary(rows)
}

/** The figures of a matrix: operations called, documented statuses and examples exercised. */
function withSummary(rows: OperationCoverage[]): ContractCoverage {
  const count = <T>(items: T[], covered: (item: T) => boolean) =>
    figure(items.filter(covered).length, items.length)
  return {
    summary: {
      operations: count(rows, (row) => row.calls > 0),
      statuses: count(
        rows.flatMap((row) => row.statuses),
        (status) => status.count > 0,
      ),
      examples: count(
        rows.flatMap((row) => row.examples),
        (example) => example.count > 0,
      ),
    },
    operations: rows,
  }
}

/** The figures in one line: `operations 3/20 (15%), statuses 4/70 (5.7%), examples ...`, rules when counted. */
export function coverageFigures(coverage: ContractCoverage): string {
  return (['operations', 'statuses', 'examples', 'rules'] as const)
    .flatMap((kind) => {
      const counted = coverage.summary[kind]
      if (counted === undefined) return []
      const { covered, total, percent } = counted
      return [`${kind} ${covered}/${total} (${percent}%)`]
    })
    .join(', ')
}

/** The operations a coverage report shows never called, by operationId. */
export function uncalledOperations(coverage: ContractCoverage): string[] {
  return coverage.operations.filter((row) => row.calls === 0).map((row) => row.operationId)
}

/** Adds coverage reports together (runs of several modes into one report). */
export function mergeCoverage(reports: readonly ContractCoverage[]): ContractCoverage | undefined {
  const [first, ...rest] = reports
  if (!first) return undefined
  const operations = first.operations.map((row) => {
    const others = rest.flatMap((report) =>
      report.operations.filter((each) => each.operationId === row.operationId),
    )
    const undocumented = new Map<number, number>()
    for (const each of [row, ...others]) {
      for (const { status, count } of each.undocumentedStatuses) {
        undocumented.set(status, (undocumented.get(status) ?? 0) + count)
      }
    }
    return {
      ...row,
      calls: row.calls + others.reduce((sum, each) => sum + each.calls, 0),
      statuses: row.statuses.map((status, index) => ({
        ...status,
        count:
          status.count + others.reduce((sum, each) => sum + (each.statuses[index]?.count ?? 0), 0),
      })),
      undocumentedStatuses: [...undocumented]
        .map(([status, count]) => ({ status, count }))
        .sort((a, b) => a.status - b.status),
      examples: row.examples.map((example, index) => ({
        ...example,
        count:
          example.count + others.reduce((sum, each) => sum + (each.examples[index]?.count ?? 0), 0),
      })),
    }
  })
  const merged = withSummary(operations)
  // A rule's checks are each report's own checks: added, as the statuses' answers are.
  const rules = first.rules?.map((rule) => ({
    ...rule,
    checks:
      rule.checks +
      rest.reduce(
        (sum, report) => sum + (report.rules?.find((each) => each.id === rule.id)?.checks ?? 0),
        0,
      ),
  }))
  return rules === undefined
    ? merged
    : { summary: { ...merged.summary, rules: ruleFigure(rules) }, operations, rules }
}

// Examples recognised by their JSON text: what a client sends when it sends the example as is.
const requestExampleTexts = new WeakMap<Operation, Map<string, string>>()
const responseExampleTexts = new WeakMap<Operation, Map<string, string>>()

function textsOf(
  cache: WeakMap<Operation, Map<string, string>>,
  operation: Operation,
  build: () => Array<[string, string]>,
): Map<string, string> {
  let texts = cache.get(operation)
  if (!texts) {
    texts = new Map(build())
    cache.set(operation, texts)
  }
  return texts
}

/** The name of the documented request example a body is (equal JSON, same key order), if any. */
export function requestExampleOf(operation: Operation, body: unknown): string | undefined {
  if (body === undefined || operation.bodyExamples.length === 0) return undefined
  const texts = textsOf(requestExampleTexts, operation, () =>
    operation.bodyExamples.map((example) => [JSON.stringify(example.value), example.name]),
  )
  if (typeof body === 'string') return texts.get(body)
  try {
    return texts.get(JSON.stringify(body))
  } catch {
    // A body nested too deep to write out again (a fuzzer's) is no example.
    return undefined
  }
}

/** The name of the documented example of the answer's status its body text is, if any. */
export function responseExampleOf(
  operation: Operation,
  status: number,
  text: string,
): string | undefined {
  const response = responseFor(operation, status)
  if (!response || response.examples.length === 0 || text === '') return undefined
  const texts = textsOf(responseExampleTexts, operation, () =>
    Object.values(operation.responses).flatMap((each) =>
      each.examples.map((example): [string, string] => [
        `${each.status}\n${JSON.stringify(example.value)}`,
        example.name,
      ]),
    ),
  )
  return texts.get(`${response.status}\n${text}`)
}

/**
 * The response examples a conforming answer exercises, as Specmatic and Microcks pair them: the
 * example of the answered status named like the request example sent, else (no example of that
 * status bears the request's name) every example of the status the request provoked. The caller
 * passes only answers that conform to the contract.
 */
export function pairedResponseExamples(
  operation: Operation,
  status: number,
  requestExample: string | undefined,
): string[] {
  const response = responseFor(operation, status)
  if (!response) return []
  const names = response.examples.map((example) => example.name)
  return requestExample !== undefined && names.includes(requestExample) ? [requestExample] : names
}
