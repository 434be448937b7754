import {
  type CoverageRecorder,
  createCoverageRecorder,
  requestExampleOf,
  responseExampleOf,
} from '@devenv/openapi'
import { type CoreAnswer, jsonAnswer } from '../answer'
import type { StubContext } from '../context'
import { validationError } from '../contract/errors'
import type { CoreRequest } from '../request'
import type { StubStore } from '../state/store'

// One recorder per stub session's store: a new session starts empty, a dropped one is forgotten
// with its store, and `POST /__dev/reset` empties it with the store (see resetStore).
const recorders = new WeakMap<StubStore, CoverageRecorder>()
// And one per stub process (per server built), across every session: what a whole suite that
// isolates each test in its own session (the web e2e) exercised. No session reset empties it.
const totals = new WeakMap<StubContext, CoverageRecorder>()

function totalOf(ctx: StubContext): CoverageRecorder {
  let total = totals.get(ctx)
  if (!total) {
    total = createCoverageRecorder(ctx.contract)
    totals.set(ctx, total)
  }
  return total
}

function recorderOf(ctx: StubContext, store: StubStore): CoverageRecorder {
  let recorder = recorders.get(store)
  if (!recorder) {
    recorder = createCoverageRecorder(ctx.contract)
    recorders.set(store, recorder)
  }
  return recorder
}

/** Forgets what a stub session was served (its reset). */
export function resetCoverage(store: StubStore): void {
  recorders.get(store)?.reset()
}

/** Records one judged answer of an operation, with the documented examples it was, if any. */
export function recordServed(
  ctx: StubContext,
  request: CoreRequest,
  operationId: string,
  status: number,
  text: string,
): void {
  const operation = ctx.contract.byId.get(operationId)
  if (!operation) return
  const served = {
    operationId,
    status,
    requestExample: requestExampleOf(operation, request.body),
    responseExample: responseExampleOf(operation, status, text),
  }
  recorderOf(ctx, request.store).record(served)
  totalOf(ctx).record(served)
}

/**
 * `GET /__dev/coverage`: which operations, documented statuses and examples this session was
 * served; with `?scope=all`, every session of this stub process together.
 */
export function coverage(ctx: StubContext, request: CoreRequest): CoreAnswer {
  const { scope } = request.query
  if (scope !== undefined && scope !== 'session' && scope !== 'all') {
    throw validationError({ scope: 'Must be one of: session, all' })
  }
  return jsonAnswer(200, (scope === 'all' ? totalOf(ctx) : recorderOf(ctx, request.store)).report())
}
