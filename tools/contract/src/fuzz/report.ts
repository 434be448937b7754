import type { Contract } from '@devenv/openapi'
import {
  buildRunReport,
  type CheckResult,
  coverageOfExchanges,
  curlCommand,
  type Exchange,
  exchangeOf,
  type RunReport,
  redactRequest,
  type Suite,
  variablesOf,
} from '../report'
import { CHECKS } from './checks'
import type { FuzzResult } from './property-run'
import type { StatefulResult } from './stateful/run'
import { signatureOf } from './tally'
import type { OutgoingRequest } from './transport'

/** The shrunk request as a reproducer sends it: absolute URL, the body as text. */
export function wireRequestOfFuzz(origin: string, request: OutgoingRequest) {
  return {
    method: request.method,
    url: `${origin}${request.url}`,
    headers: request.headers,
    body: request.payload?.toString('utf8'),
  }
}

/**
 * The curl command that repeats a shrunk failing request, its secrets as shell variables
 * (`$ACCESS_TOKEN`), as the reports write it: a terminal is a log, and no token goes there.
 */
export function reproducerOf(origin: string, request: OutgoingRequest): string {
  return curlCommand(redactRequest(wireRequestOfFuzz(origin, request)))
}

/** The shell variables that reproducer needs set first (`ACCESS_TOKEN`, `REFRESH_TOKEN`, ...). */
export function reproducerVariablesOf(origin: string, request: OutgoingRequest): string[] {
  return variablesOf(redactRequest(wireRequestOfFuzz(origin, request)))
}

export type FuzzRun = {
  contract: Contract
  origin: string
  seed: number
  startedAt: string
  durationMs: number
  fuzz: FuzzResult | undefined
  stateful: StatefulResult | undefined
  notes: string[]
  /** Why neither part ran (the target lacks the development controls). */
  skipped?: string
  /** The parts that did not run, and why (`--allow-skip` names them). */
  skippedParts?: ReadonlyArray<{ part: string; reason: string; accepted?: boolean }>
}

/**
 * A fuzz run as the shared report: a suite per operation with one check per fuzz property
 * (passed, or failed with the shrunk request as its reproducer), the stateful model as a flow,
 * coverage from the statuses every operation answered.
 */
export function fuzzRunReport(run: FuzzRun): RunReport {
  const suites: Suite[] = []
  const tally = run.fuzz?.tally
  if (tally) {
    for (const operation of run.contract.operations) {
      const checks: CheckResult[] = []
      for (const check of CHECKS) {
        const signature = signatureOf(check, operation.operationId)
        const counts = tally.bySignature.get(signature)
        if (!counts) continue
        const failure = tally.failures.get(signature)
        const shrunk = failure?.shrunkRequest
        checks.push({
          name: check,
          status: counts.failed > 0 ? 'failed' : 'passed',
          durationMs: 0,
          ...(failure
            ? {
                message: `${failure.problem} (${counts.failed} of ${counts.checked} answers)`,
                detail: failure.shrunk ?? '',
              }
            : {}),
          ...(check.endsWith('_conformance') && counts.failed > 0 ? { schemaViolation: true } : {}),
          ...(shrunk
            ? {
                exchange: exchangeOf(
                  operation.operationId,
                  wireRequestOfFuzz(run.origin, shrunk.request),
                  shrunk.status,
                ),
              }
            : {}),
        })
      }
      if (checks.length > 0) suites.push({ name: operation.operationId, kind: 'operation', checks })
    }
  }
  if (run.skipped !== undefined) {
    suites.push({
      name: 'fuzz',
      kind: 'property',
      checks: [
        {
          name: 'property-based requests and the stateful model',
          status: 'skipped',
          message: run.skipped,
          durationMs: 0,
        },
      ],
    })
  }
  if (run.stateful) {
    suites.push({
      name: 'stateful model',
      kind: 'flow',
      checks: [
        {
          name: `${run.stateful.runs} sequences, ${run.stateful.steps} steps agree with the model`,
          status: run.stateful.failure === undefined ? 'passed' : 'failed',
          durationMs: run.stateful.durationMs,
          ...(run.stateful.failure === undefined
            ? {}
            : { message: run.stateful.failure.split('\n')[0], detail: run.stateful.failure }),
        },
      ],
    })
  }
  // Coverage from what every operation answered: each distinct status and documented example.
  const answered: Exchange[] = []
  for (const part of [run.fuzz?.tally, run.stateful?.tally])
    for (const {
      operationId,
      status,
      requestExample,
      responseExample,
    } of part?.exercised.values() ?? [])
      answered.push({
        operationId,
        request: { method: '', url: '', headers: {}, body: undefined },
        status,
        ...(requestExample === undefined ? {} : { requestExample }),
        ...(responseExample === undefined ? {} : { responseExample }),
      })
  const report = buildRunReport({
    mode: 'fuzz',
    target: run.origin,
    startedAt: run.startedAt,
    durationMs: run.durationMs,
    seed: String(run.seed),
    notes: run.notes,
    suites,
    skippedParts: run.skippedParts ?? [],
    coverage: coverageOfExchanges(run.contract, answered),
  })
  const seen = new Map<string, Set<number>>()
  for (const exchange of answered) {
    const statuses = seen.get(exchange.operationId) ?? new Set<number>()
    if (exchange.status !== null) statuses.add(exchange.status)
    seen.set(exchange.operationId, statuses)
  }
  return {
    ...report,
    operations: report.operations.map((operation) => ({
      ...operation,
      statusesSeen: [...(seen.get(operation.operationId) ?? [])].sort((a, b) => a - b),
    })),
  }
}
