import type { Contract } from '@devenv/openapi'
import {
  buildRunReport,
  type CheckResult,
  checkEventsOf,
  coverageOfExchanges,
  curlCommand,
  type Exchange,
  exchangeOf,
  type RunEvent,
  type RunReport,
  redactRequest,
  type Shard,
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
  return shapeFuzzReport(run)(
    buildRunReport({
      mode: 'fuzz',
      target: run.origin,
      startedAt: run.startedAt,
      durationMs: run.durationMs,
      seed: String(run.seed),
      notes: run.notes,
      suites: fuzzSuites(run),
      skippedParts: run.skippedParts ?? [],
      coverage: coverageOfExchanges(run.contract, answeredOf(run)),
    }),
  )
}

type ToldEvent = Exclude<RunEvent, { type: 'finished' }>

/**
 * A fuzz run as events, told once it has ended (each check is a property's verdict over all the
 * run's answers): its start, notes, checks, the parts skipped and its coverage.
 */
export function fuzzRunEvents(run: FuzzRun, shard?: Shard): ToldEvent[] {
  return [
    {
      type: 'started',
      mode: 'fuzz',
      target: run.origin,
      startedAt: run.startedAt,
      seed: String(run.seed),
      ...(shard === undefined ? {} : { shard }),
    },
    ...run.notes.map((text): ToldEvent => ({ type: 'note', text })),
    ...fuzzSuites(run).flatMap(checkEventsOf),
    ...(run.skippedParts ?? []).map((part): ToldEvent => ({ type: 'part skipped', ...part })),
    { type: 'coverage', coverage: coverageOfExchanges(run.contract, answeredOf(run)) },
  ]
}

/** A suite per operation with a check per fuzz property, the skip, the stateful model's flow. */
function fuzzSuites(run: FuzzRun): Suite[] {
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
  return suites
}

/** What every operation answered: each distinct status and documented example, for coverage. */
function answeredOf(run: FuzzRun): Exchange[] {
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
  return answered
}

/** What fuzz sets once its report is built: each operation's statuses, as every part saw them. */
export function shapeFuzzReport(run: FuzzRun) {
  return (report: RunReport): RunReport => {
    const seen = new Map<string, Set<number>>()
    for (const exchange of answeredOf(run)) {
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
}
