import {
  type Contract,
  type ContractCoverage,
  createCoverageRecorder,
  requestExampleOf,
  responseExampleOf,
} from '@devenv/openapi'
import { type CheckResult, redactText, type Suite } from '../report'
import { printable } from '../report/printable'
import { judgeExchange, type Violation } from './contract-checks'
import { toExchange } from './exchange'
import type { ProxiedExchange } from './reading'

/** Where exchanges of no documented operation are reported. */
export const UNDOCUMENTED_SUITE = 'undocumented operations'

/** What the judging of a run's exchanges came to. */
export type JudgedRun = {
  exchangeCount: number
  violationCount: number
  /**
   * One check per distinct exchange (operation, method, path, status and verdict): a session
   * of thousands of identical requests is a few checks, each saying how often it was seen.
   */
  suites: Suite[]
  /** Which operations, documented statuses and examples the traffic exercised. */
  coverage: ContractCoverage
}

export type Judging = {
  judge: (exchange: ProxiedExchange) => void
  judged: () => JudgedRun
}

// A long session must not grow without bound: past this, new kinds of exchange are only counted.
const KEPT_DISTINCT_CHECKS = 20_000
// Documented examples are small: a larger body cannot be one of them.
const EXAMPLE_SIZED_BODY_BYTES = 16 * 1024

const exampleText = (body: Buffer | undefined) =>
  body?.length && body.length <= EXAMPLE_SIZED_BODY_BYTES ? body.toString('utf8') : undefined

function formatViolation(violation: Violation): string {
  const { operationId, check, message, request, status } = violation
  const answer = status === undefined ? 'no answer' : String(status)
  // Printed as it happens, so it passes the reports' redaction itself: no secret in a terminal.
  return redactText(
    // The message may quote the server's keys and text: one line, whatever they hold.
    `violation: ${operationId ?? '(no operation)'} ${check}: ${printable(message)} [${printable(`${request.method} ${request.url}`)} -> ${answer}]`,
  )
}

type Kept = { suite: string; check: CheckResult; seen: number }

/**
 * Judges each exchange against the contract, prints each violation as it is found, and keeps
 * one check per distinct exchange and the coverage for the reports.
 */
export function createJudging(
  contract: Contract,
  upstream: URL,
  print: (line: string) => void,
): Judging {
  const kept = new Map<string, Kept>()
  const coverage = createCoverageRecorder(contract)
  let exchangeCount = 0
  let violationCount = 0

  const keep = (key: string, make: () => Kept) => {
    const known = kept.get(key)
    if (known) known.seen++
    else if (kept.size < KEPT_DISTINCT_CHECKS) kept.set(key, make())
  }

  const judge = (exchange: ProxiedExchange) => {
    const { operationId, violations } = judgeExchange(contract, exchange)
    exchangeCount++
    const suite = operationId ?? UNDOCUMENTED_SUITE
    const path = exchange.url.split('?')[0] ?? exchange.url
    const status = exchange.status ?? null
    const operation = operationId === undefined ? undefined : contract.byId.get(operationId)
    if (operation && exchange.status !== undefined) {
      const answer = exampleText(exchange.responseBody)
      coverage.record({
        operationId: operation.operationId,
        status: exchange.status,
        requestExample: requestExampleOf(operation, exampleText(exchange.requestBody)),
        responseExample:
          answer === undefined ? undefined : responseExampleOf(operation, exchange.status, answer),
      })
    }
    if (violations.length === 0) {
      keep(`${suite}\n${exchange.method} ${path}\n${status}`, () => ({
        suite,
        seen: 1,
        check: {
          name: `${exchange.method} ${path} -> ${status}`,
          status: 'passed',
          durationMs: 0,
          exchange: toExchange(upstream, operationId, exchange),
        },
      }))
      return
    }
    for (const violation of violations) {
      print(formatViolation(violation))
      violationCount++
      const { check, message, request } = violation
      keep(`${suite}\n${check}\n${message}\n${request.method} ${request.url}\n${status}`, () => ({
        suite,
        seen: 1,
        check: {
          name: check,
          status: 'failed',
          message,
          durationMs: 0,
          schemaViolation: ['status', 'media type', 'schema', 'headers'].includes(check),
          exchange: toExchange(upstream, operationId, exchange),
        },
      }))
    }
  }

  return {
    judge: (exchange) => {
      try {
        judge(exchange)
      } catch (error) {
        // A judgement that throws is the proxy's own bug: say so, and keep forwarding.
        print(`proxy: could not check ${exchange.method} ${exchange.url}: ${String(error)}`)
      }
    },
    judged: () => {
      const suites = new Map<string, Suite>()
      for (const { suite, check, seen } of kept.values()) {
        const target = suites.get(suite) ?? { name: suite, kind: 'operation', checks: [] }
        suites.set(suite, target)
        target.checks.push({ ...check, detail: `seen ${seen} time${seen === 1 ? '' : 's'}` })
      }
      return {
        exchangeCount,
        violationCount,
        suites: [...suites.values()],
        coverage: coverage.report(),
      }
    },
  }
}
