import type { Operation } from '@devenv/openapi'
import type { operations } from '@devenv/openapi/types'
import type { CoreAnswer } from '../answer'
import type { StubContext } from '../context'
import type { CoreRequest } from '../request'

/** The server variable `version` of the contract: every operation answers under both. */
export const API_PREFIXES = ['/api', '/api/v1'] as const

/** The operations of the contract, by operationId (the generated types of @devenv/openapi/types). */
export type OperationId = keyof operations

/**
 * The JSON request body of an operation as the contract types it (generated from openapi.yaml):
 * `undefined` included when the body is optional, `undefined` alone when there is none.
 */
export type RequestBody<Id extends OperationId> = operations[Id] extends {
  requestBody: { content: { 'application/json': infer Body } }
}
  ? Body
  : operations[Id] extends { requestBody?: { content: { 'application/json': infer Body } } }
    ? Body | undefined
    : undefined

/** The core's request once its body has passed the contract's validation, typed as the contract says. */
export type OperationRequest<Id extends OperationId> = CoreRequest & { body: RequestBody<Id> }

/** An operation's handler: its typed request in, the contract's `CoreAnswer<Id>` out (errors are thrown). */
export type OperationHandler<Id extends OperationId = OperationId> = (
  request: OperationRequest<Id>,
) => Promise<CoreAnswer<Id>>

/** An operation's method and path as the contract writes them: `POST /auth/auth`, `GET /environments/{id}`. */
export type OperationRoute = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`

/**
 * Gives an operation of the contract its handler (see `operations/`):
 * `define('signIn', 'POST /auth/auth')(handler)`. The route is stated beside the operationId so a
 * URL finds its handler by grep; start-up fails when it is not the contract's. Two steps so the
 * operation is fixed before the handler is checked: its answers keep their literal statuses and
 * are held to the contract's types.
 */
export type DefineOperation = <Id extends OperationId>(
  operationId: Id,
  route: OperationRoute,
) => (handler: OperationHandler<Id>) => void

const shapedCache = new WeakMap<StubContext, Map<string, boolean>>()

/**
 * True when the operation's error answers are `{ status: false, message }` (set-password),
 * found by asking the contract rather than by naming the operation.
 */
export function isStatusShaped(ctx: StubContext, operationId: string): boolean {
  let known = shapedCache.get(ctx)
  if (!known) {
    known = new Map()
    shapedCache.set(ctx, known)
  }
  const cached = known.get(operationId)
  if (cached !== undefined) return cached
  const { validateResponse } = ctx.contract.validator
  const plain = validateResponse(operationId, 500, { message: 'x' }).valid
  const shaped = !plain && validateResponse(operationId, 500, { status: false, message: 'x' }).valid
  known.set(operationId, shaped)
  return shaped
}

/** The registered handlers of the contract's operations, by id. */
export type OperationTable = Map<
  string,
  {
    operation: Operation
    handler: OperationHandler
    /** Auth, parameters or body to check (worked out once). */
    needsChecks: boolean
    /** Has `kind: window` rate limits per e-mail or account, and rate limits are on. */
    limited: boolean
    /** Has `kind: window` rate limits per client, checked before the body is read. */
    limitedByClient: boolean
  }
>

/** Fails start-up when an operation of the contract has no handler. */
export function assertEveryOperationImplemented(ctx: StubContext, table: OperationTable): void {
  const missing = ctx.contract.operations
    .map((operation) => operation.operationId)
    .filter((operationId) => !table.has(operationId))
  if (missing.length > 0) {
    throw new Error(`The stub does not implement: ${missing.join(', ')}`)
  }
}
