import { type Contract, createCoverageRecorder } from '@devenv/openapi'
import { recordOf, type WireRequest } from '../http'
import {
  type CheckEvent,
  type CheckResult,
  checkEvent,
  curlCommand,
  exchangeOf,
  redactRequest,
  type ToldEvent,
  variablesOf,
} from '../report'
import type { CheckName } from './checks'
import type { StatefulResult } from './stateful/run'
import { repeatedRequestOf, signatureOf, type Tally } from './tally'

/** The shrunk request as a reproducer sends it: absolute URL, the body as text. */
/**
 * The curl command that repeats a shrunk failing request, its secrets as shell variables
 * (`$ACCESS_TOKEN`), as the reports write it: a terminal is a log, and no token goes there.
 */
export function reproducerOf(origin: string, request: WireRequest): string {
  return curlCommand(redactRequest(recordOf(origin, request)))
}

/** The shell variables that reproducer needs set first (`ACCESS_TOKEN`, `REFRESH_TOKEN`, ...). */
export function reproducerVariablesOf(origin: string, request: WireRequest): string[] {
  return variablesOf(redactRequest(recordOf(origin, request)))
}

/**
 * The verdicts of fuzz properties on operations, as the tally knows them now: a check per
 * property and operation (passed, or failed with how many answers failed and, once shrunk, the
 * shrunk request as its reproducer), told again as it changes.
 */
export function verdictEvents(
  tally: Tally,
  origin: string,
  verdicts: Iterable<{ check: CheckName; operationId: string }>,
): CheckEvent[] {
  const events: CheckEvent[] = []
  for (const { check, operationId } of verdicts) {
    const signature = signatureOf(check, operationId)
    const counts = tally.bySignature.get(signature)
    if (!counts) continue
    const failure = tally.failures.get(signature)
    // The shrunk request, or the first as sent when none was shrunk: a failure always has one.
    const repeated = failure && repeatedRequestOf(failure)
    const verdict: CheckResult = {
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
      ...(repeated
        ? {
            exchange: exchangeOf(operationId, recordOf(origin, repeated.request), repeated.status),
          }
        : {}),
    }
    events.push(checkEvent({ name: operationId, kind: 'operation' }, verdict, check))
  }
  return events
}

/** The stateful model's one check: its sequences agreed with the model, or where they did not. */
export const statefulEvent = (stateful: StatefulResult): CheckEvent =>
  checkEvent(
    { name: 'stateful model', kind: 'flow' },
    {
      name: `${stateful.runs} sequences, ${stateful.steps} steps agree with the model`,
      status: stateful.failure === undefined ? 'passed' : 'failed',
      durationMs: stateful.durationMs,
      ...(stateful.failure === undefined
        ? {}
        : { message: stateful.failure.split('\n')[0], detail: stateful.failure }),
    },
  )

/**
 * The coverage of every answer the tallies counted (each distinct status and documented
 * example), and the statuses each operation answered.
 */
export function coverageEvent(contract: Contract, tallies: Iterable<Tally>): ToldEvent {
  const recorder = createCoverageRecorder(contract)
  const statusesSeen = new Map<string, number[]>()
  for (const tally of tallies)
    for (const answered of tally.exercised.values()) {
      recorder.record(answered)
      statusesSeen.set(answered.operationId, [
        ...(statusesSeen.get(answered.operationId) ?? []),
        answered.status,
      ])
    }
  return { type: 'coverage', coverage: recorder.report(), statusesSeen }
}
