import type { Operation } from '@devenv/openapi'
import type { operations } from '@devenv/openapi/types'
import type { StubContext } from '../context'
import type { AccessClaims } from '../security/tokens'
import type { Account } from '../state/records'
import type { StubStore } from '../state/store'
import type { StubRequest } from '../types'

/** The server variable `version` of the contract: every operation answers under both. */
export const API_PREFIXES = ['/api', '/api/v1'] as const

/** The operations of the contract, by operationId (the generated types of packages/api-client). */
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

type Responses<Id extends OperationId> = operations[Id]['responses']
type JsonOf<Response> = Response extends { content: { 'application/json': infer Body } }
  ? Body
  : undefined
type AnswerOf<Status, Body> = [Body] extends [undefined]
  ? { status: Status; body?: undefined; headers?: Record<string, string> }
  : { status: Status; body: Body; headers?: Record<string, string> }

/**
 * What a handler answers, typed from the contract's documented answers of the operation (errors
 * are thrown as ApiError): a body of the wrong shape for its status fails typecheck.
 */
export type Answer<Id extends OperationId = OperationId> = {
  [Status in keyof Responses<Id> & number]: AnswerOf<Status, JsonOf<Responses<Id>[Status]>>
}[keyof Responses<Id> & number]

/** One request inside the core: what the adapter gave, parsed, with the store that serves it. */
export type CoreRequest = {
  method: string
  /** Path and query as sent. */
  url: string
  query: Record<string, string | string[]>
  headers: StubRequest['headers']
  ip: string
  /** The parsed JSON body; undefined when there was none. */
  body: unknown
  /** The store of this request's stub session, else the default store. */
  store: StubStore
  /** The stub session asked for (null: the default store). */
  session: string | null
  /** The operation's path parameters, percent-decoded. */
  params: Record<string, string>
  /** The signed-in account of a bearer-protected operation. */
  account: Account | null
  claims: AccessClaims | null
  /** The contract operation of the request, when it is one. */
  operationId?: string
  /** Answers made by development controls (Prefer: code= explanations) skip the contract check. */
  contractExempt: boolean
}

/** A request whose body has passed the contract's validation, typed as the contract says. */
export type ValidatedRequest<Id extends OperationId> = CoreRequest & { body: RequestBody<Id> }

export type OperationHandler<Id extends OperationId = OperationId> = (
  request: ValidatedRequest<Id>,
) => Promise<Answer<Id>>

/**
 * Gives an operation of the contract its handler (see `routes/`): `define('signIn')(handler)`.
 * Two steps so the operation is fixed before the handler is checked: its answers keep their
 * literal statuses and are held to the contract's types.
 */
export type DefineOperation = <Id extends OperationId>(
  operationId: Id,
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
