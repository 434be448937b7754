import {
  type CoverageRecorder,
  createCoverageRecorder,
  requestExampleOf,
  responseExampleOf,
} from '@devenv/openapi'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { PluginOptions, StubContext } from '../context'
import type { StubStore } from '../state/store'

// One recorder per stub session's store: a new session starts empty, a dropped one is forgotten
// with its store, and `POST /__dev/reset` empties it with the store (see resetStore).
const recorders = new WeakMap<StubStore, CoverageRecorder>()

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
  request: FastifyRequest,
  operationId: string,
  status: number,
  text: string,
): void {
  const operation = ctx.contract.byId.get(operationId)
  if (!operation) return
  recorderOf(ctx, request.store).record({
    operationId,
    status,
    requestExample: requestExampleOf(operation, request.body),
    responseExample: responseExampleOf(operation, status, text),
  })
}

/** `GET /__dev/coverage`: which operations, documented statuses and examples this session was served. */
export async function coverageRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  app.get('/__dev/coverage', async (request) => recorderOf(ctx, request.store).report())
}
