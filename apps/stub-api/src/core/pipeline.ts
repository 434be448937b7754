/**
 * A request's way through the stub's core: one exported step per job, in the order they run.
 *
 *    1. route              the URL to an operation of the contract (a URL it cannot route, or a
 *                          method its path does not have, is refused)
 *    2. chooseStore        the request inside the core, on its stub session's store
 *       - hook onRequest   may answer at once (only onAnswer runs after it)
 *    3. applyFaults        `Prefer:` in development and test modes: delay, reset, a forced answer
 *    4. limitClient        per-client rate limits, before the body costs anything
 *    5. readBody           the only body reader
 *       - answerOffContract   no operation: a development control, or 404
 *       - hook onBody
 *    6. authenticate       the bearer token, when the operation requires one
 *    7. checkShape         parameters and body against the contract
 *    8. limit              per-e-mail and per-account rate limits
 *       - hook onHandler
 *    9. runHandler         the operation's handler
 *       - hook onAnswer     may change any answer but a refused URL's
 *   10. serialise          the answer as the adapter sends it
 *   11. judge              the answer against the contract, in development and test modes
 *   12. persist            the default store kept after an unsafe request
 *
 * `handle` runs them; what a step or hook throws becomes the error answer in the operation's shape.
 */
import { type Contract, HTTP_METHODS } from '@devenv/openapi'
import { type CoreAnswer, jsonAnswer } from './answer'
import type { StubContext } from './context'
import { checkAnswer } from './contract/answer-check'
import { ApiError, rateLimited, validationError } from './contract/errors'
import { errorAnswer, readJsonBody, toApiError, transportError } from './contract/http-errors'
import { API_MESSAGES } from './contract/messages'
import type { OperationHandler, OperationTable } from './contract/operations'
import type { StubRules } from './contract/rules'
import { checkBody, checkParameters } from './contract/validation'
import type { DevRoute } from './dev/dev-route'
import { forcedAnswer, parsePrefer, sleep } from './dev/faults'
import { requestedSession } from './dev/isolation'
import type { CoreRequest } from './request'
import { authenticate as verifyBearerToken } from './security/authenticate'
import type { WindowCheck } from './security/rate-limits'
import type { StatePersistence } from './state/persistence'
import type { StubHooks } from './stub-core'
import type { SerialisedAnswer, StubLog, StubRequest } from './types'

/** What every step may use: assembled once per core by `createStubCore`. */
export type CoreParts = {
  ctx: StubContext
  table: OperationTable
  /** The development controls by `METHOD /path`; none in production mode. */
  devRoutes: ReadonlyMap<string, DevRoute>
  hooks: StubHooks
  log: StubLog
  persistence: StatePersistence | null
}

export type OperationEntry = OperationTable extends Map<string, infer Entry> ? Entry : never

/** Where a URL leads: its path and query, and the contract's operation when it names one. */
export type Route = {
  path: string
  query: CoreRequest['query']
  operationId?: string
  /** The operation's path parameters, percent-decoded. */
  params?: Record<string, string>
  /** The URL cannot be routed, or its path has not the method: the client's fault, answered before any hook runs. */
  refused?: ApiError
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** The longest path parameter routed (Fastify's maxParamLength). */
const MAX_PARAM_LENGTH = 100
const NO_QUERY: Record<string, string | string[]> = Object.freeze({}) as Record<string, never>
const notFound = () => jsonAnswer(404, { message: API_MESSAGES.notFound, code: 'NOT_FOUND' })

/** The query string as Fastify parsed it: `+` is a space, a repeated name gives an array. */
function parseQuery(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {}
  for (const [name, value] of new URLSearchParams(search)) {
    const known = query[name]
    if (known === undefined) query[name] = value
    else if (Array.isArray(known)) known.push(value)
    else query[name] = [known, value]
  }
  return query
}

function isDecodable(path: string): boolean {
  if (!path.includes('%')) return true
  try {
    decodeURIComponent(path)
    return true
  } catch {
    return false
  }
}

/** The methods the contract gives a path; HEAD with GET, as the stub answers HEAD as GET. */
function allowedMethods(contract: Contract, path: string): string[] {
  const allowed: string[] = []
  for (const method of HTTP_METHODS) {
    const name = method.toUpperCase()
    if (!contract.match(name, path)) continue
    allowed.push(name)
    if (name === 'GET' && !allowed.includes('HEAD')) allowed.push('HEAD')
  }
  return allowed
}

/**
 * `x-unsupported-methods`: a path of the contract asked with a method it does not have. OPTIONS
 * stays the CORS preflight's, which the adapter answers before the core.
 */
function unsupportedMethod(
  contract: Contract,
  method: string,
  path: string,
  rule: StubRules['unsupportedMethods'],
): ApiError | undefined {
  if (!rule || method === 'OPTIONS') return undefined
  const allowed = allowedMethods(contract, path)
  if (allowed.length === 0) return undefined
  const headers = { [rule.header.toLowerCase()]: allowed.join(', ') }
  return new ApiError(rule.status, undefined, API_MESSAGES.methodNotAllowed, undefined, headers)
}

function emailOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const { email, username } = body as Record<string, unknown>
  const value = typeof email === 'string' ? email : username
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined
}

/**
 * 1. The request's path and query, and its operation; a URL that cannot be routed is refused, and
 * so is a method its path does not have (the contract's 405 naming the methods it has).
 */
export function route(
  contract: Contract,
  input: StubRequest,
  rules: Pick<StubRules, 'unsupportedMethods'>,
): Route {
  const queryAt = input.url.indexOf('?')
  const path = queryAt === -1 ? input.url : input.url.slice(0, queryAt)
  const query = queryAt === -1 ? NO_QUERY : parseQuery(input.url.slice(queryAt + 1))
  // A URL that cannot be routed is the client's fault: the contract's validation 400.
  if (input.problem === 'bad-url' || !isDecodable(path)) {
    return { path, query, refused: transportError('bad-url') }
  }
  const method = input.method === 'HEAD' ? 'GET' : input.method
  if (!path.startsWith('/api')) return { path, query }
  const match = contract.match(method, path)
  if (!match) {
    const refused = unsupportedMethod(contract, method, path, rules.unsupportedMethods)
    return refused ? { path, query, refused } : { path, query }
  }
  for (const name in match.pathParams) {
    if ((match.pathParams[name]?.length ?? 0) <= MAX_PARAM_LENGTH) continue
    const tooLong = validationError({ url: 'A path parameter of the request URL is too long' })
    return { path, query, refused: tooLong }
  }
  return { path, query, operationId: match.operation.operationId, params: match.pathParams }
}

/** 2. The request inside the core, on the store of its stub session (the default store without). */
export function chooseStore(parts: CoreParts, input: StubRequest, routed: Route): CoreRequest {
  const { ctx } = parts
  const session = ctx.devControls
    ? requestedSession(input.session, input.headers, routed.query, routed.path.startsWith('/__dev'))
    : null
  const request: CoreRequest = {
    method: input.method,
    url: input.url,
    query: routed.query,
    headers: input.headers,
    ip: input.ip,
    body: undefined,
    store: ctx.registry.storeFor(session),
    session,
    params: {},
    account: null,
    claims: null,
    contractExempt: false,
  }
  if (routed.operationId !== undefined && !routed.refused) {
    request.operationId = routed.operationId
    request.params = routed.params ?? {}
  }
  return request
}

/** 3. `Prefer:` (development and test modes): waits, then 'reset', a forced answer, or nothing. */
export async function applyFaults(
  parts: CoreParts,
  request: CoreRequest,
  header: string,
): Promise<CoreAnswer | 'reset' | undefined> {
  const preference = parsePrefer(header)
  if (preference.delayMs) await sleep(preference.delayMs)
  if (preference.reset) {
    parts.log.info('Prefer: reset, dropping the connection')
    return 'reset'
  }
  if (preference.code !== undefined && request.operationId) {
    return forcedAnswer(parts.ctx, request, request.operationId, preference.code)
  }
  return undefined
}

/**
 * 4. The operation's per-client `x-rate-limits` windows (throws the contract's 429): they need only
 * the client's address, so a client over its window costs no parsing or validation.
 */
export function limitClient(request: CoreRequest, entry: OperationEntry): void {
  if (!entry.limitedByClient) return
  const { operationId } = entry.operation
  const checks: WindowCheck[] = []
  for (const rule of entry.operation.rateLimits) {
    if (rule.kind === 'window' && rule.scope === 'client') {
      checks.push({ operationId, rule, key: request.ip })
    }
  }
  const verdict = request.store.limits.consume(checks)
  if (!verdict.allowed) throw rateLimited(verdict.retryAfterMs)
}

/** 5. The body as JSON into `request.body`, or what the transport could not read (throws its error). */
export function readBody(ctx: StubContext, request: CoreRequest, input: StubRequest): void {
  if (input.problem) throw transportError(input.problem)
  const { bodyLimitBytes } = ctx.rules
  request.body = readJsonBody(
    request.method,
    input.headers['content-type'],
    input.body,
    bodyLimitBytes,
  )
}

/** A request of no operation: the development control of its path, or 404. */
export function answerOffContract(
  parts: CoreParts,
  request: CoreRequest,
  path: string,
): CoreAnswer | Promise<CoreAnswer> {
  const devRoute = request.operationId
    ? undefined
    : parts.devRoutes.get(`${request.method === 'HEAD' ? 'GET' : request.method} ${path}`)
  return devRoute ? devRoute.handle(request) : notFound()
}

/**
 * 6. The bearer token of an operation that requires one (rejects with the contract's 401); no
 * promise for a public operation.
 */
export function authenticate(
  ctx: StubContext,
  request: CoreRequest,
  entry: OperationEntry,
): Promise<void> | undefined {
  return entry.operation.requiresAuth ? verifyBearerToken(request, ctx) : undefined
}

/** 7. Parameters and body against the contract (throws the contract's 400). */
export function checkShape(contract: Contract, request: CoreRequest, entry: OperationEntry): void {
  const { operation } = entry
  if (operation.parameters.length > 0) {
    const parameterErrors = checkParameters(contract.validator, operation.parameters, {
      path: request.params,
      query: request.query,
    })
    if (Object.keys(parameterErrors).length > 0) throw validationError(parameterErrors)
  }
  const bodyErrors = checkBody(contract.validator, operation, request.body)
  if (Object.keys(bodyErrors).length > 0) throw validationError(bodyErrors)
}

/** 8. The operation's other `x-rate-limits` windows, per e-mail or account (throws the contract's 429). */
export function limit(request: CoreRequest, entry: OperationEntry): void {
  if (!entry.limited) return
  const { operationId } = entry.operation
  const checks: WindowCheck[] = []
  for (const rule of entry.operation.rateLimits) {
    if (rule.kind !== 'window' || rule.scope === 'client') continue
    const key = rule.scope === 'email' ? emailOf(request.body) : request.account?.id
    if (key !== undefined) checks.push({ operationId, rule, key })
  }
  const verdict = request.store.limits.consume(checks)
  if (!verdict.allowed) throw rateLimited(verdict.retryAfterMs)
}

/** 9. The operation's handler, its answer as a `CoreAnswer`. */
export async function runHandler(request: CoreRequest, entry: OperationEntry): Promise<CoreAnswer> {
  // The body has passed the contract's validation: it has the contract's type.
  const answer = await entry.handler(request as Parameters<OperationHandler>[0])
  return { status: answer.status, headers: answer.headers ?? {}, json: answer.json }
}

/** Whatever a step or hook threw, as the answer in the shape of the operation (a 500 is logged). */
export function toErrorAnswer(parts: CoreParts, request: CoreRequest, error: unknown): CoreAnswer {
  const problem = toApiError(error)
  if (problem.status >= 500) parts.log.error('unexpected error', { err: error })
  return errorAnswer(parts.ctx, request.operationId, problem)
}

/** 10. An answer as it will be sent: its body as text, with its content type, session and operation. */
export function serialise(request: CoreRequest, answer: CoreAnswer): SerialisedAnswer {
  const { headers } = answer
  let body: string | undefined
  if (answer.json !== undefined) {
    body = JSON.stringify(answer.json)
    headers['content-type'] ??= 'application/json; charset=utf-8'
  } else {
    body = answer.text
  }
  const serialised: SerialisedAnswer = { status: answer.status, headers, session: request.session }
  if (body !== undefined) serialised.body = body
  if (answer.page) serialised.page = true
  const { operationId } = request
  if (!operationId) return serialised
  serialised.operationId = operationId
  if (request.method === 'HEAD') delete serialised.body
  return serialised
}

/**
 * 11. An operation's answer against the contract (development and test modes), which records it
 * for the session's coverage; an answer the contract does not allow becomes a 500 that says why.
 */
export function judge(
  parts: CoreParts,
  request: CoreRequest,
  answer: SerialisedAnswer,
): SerialisedAnswer {
  const { operationId } = request
  if (!operationId || request.method === 'HEAD') return answer
  if (!parts.ctx.checkAnswers || request.contractExempt) return answer
  return checkAnswer(parts.ctx, parts.log, request, operationId, answer)
}

/**
 * 12. An unsafe request on the default store: the answer once its change is kept; if it could not
 * be, the operation's own 500 (in its shape, `status: false` where the operation has it).
 */
export function persist(
  parts: CoreParts,
  request: CoreRequest,
  answer: SerialisedAnswer,
): SerialisedAnswer | Promise<SerialisedAnswer> {
  const { persistence, ctx } = parts
  if (!persistence || request.store !== ctx.registry.defaultStore) return answer
  if (SAFE_METHODS.has(request.method)) return answer
  return saveDefaultStore(parts, persistence, request, answer)
}

async function saveDefaultStore(
  parts: CoreParts,
  persistence: StatePersistence,
  request: CoreRequest,
  answer: SerialisedAnswer,
): Promise<SerialisedAnswer> {
  const { defaultStore } = parts.ctx.registry
  try {
    await persistence.save(() => defaultStore.snapshot())
    return answer
  } catch (error) {
    parts.log.error('could not save the stub state', { err: error })
    const internal = new ApiError(500, 'INTERNAL_ERROR', API_MESSAGES.internal)
    return judge(
      parts,
      request,
      serialise(request, errorAnswer(parts.ctx, request.operationId, internal)),
    )
  }
}

/** Steps 3 to 9 with their hooks; whatever one throws, as its error answer. */
async function makeAnswer(
  parts: CoreParts,
  request: CoreRequest,
  input: StubRequest,
  path: string,
): Promise<CoreAnswer | 'reset'> {
  const { ctx, hooks } = parts
  try {
    const planted = hooks.onRequest ? await hooks.onRequest(request) : undefined
    if (planted) return planted
    const prefer = ctx.devControls ? request.headers.prefer : undefined
    const forced = prefer === undefined ? undefined : await applyFaults(parts, request, prefer)
    if (forced) return forced
    const { operationId } = request
    const entry = operationId === undefined ? undefined : parts.table.get(operationId)
    if (entry) limitClient(request, entry)
    readBody(ctx, request, input)
    if (!entry) return await answerOffContract(parts, request, path)
    if (hooks.onBody) await hooks.onBody(request)
    if (entry.needsChecks) {
      // Awaited only when there is a token to verify: public operations need no promise.
      const verifying = authenticate(ctx, request, entry)
      if (verifying) await verifying
      checkShape(ctx.contract, request, entry)
    }
    limit(request, entry)
    if (hooks.onHandler) await hooks.onHandler(request)
    return await runHandler(request, entry)
  } catch (error) {
    return toErrorAnswer(parts, request, error)
  }
}

/** The `onAnswer` hook's change of an answer; what it throws, as the error answer. */
async function runOnAnswer(
  parts: CoreParts,
  request: CoreRequest,
  answer: CoreAnswer,
  onAnswer: NonNullable<StubHooks['onAnswer']>,
): Promise<CoreAnswer> {
  try {
    return (await onAnswer(request, answer)) ?? answer
  } catch (error) {
    return toErrorAnswer(parts, request, error)
  }
}

/** Steps 10 to 12. */
function send(
  parts: CoreParts,
  request: CoreRequest,
  answer: CoreAnswer,
): SerialisedAnswer | Promise<SerialisedAnswer> {
  return persist(parts, request, judge(parts, request, serialise(request, answer)))
}

/** One request through every step. Never throws: every failure is an answer. */
export async function handle(parts: CoreParts, input: StubRequest): Promise<SerialisedAnswer> {
  const routed = route(parts.ctx.contract, input, parts.ctx.rules)
  const request = chooseStore(parts, input, routed)
  if (routed.refused) return send(parts, request, errorAnswer(parts.ctx, undefined, routed.refused))
  let answer = await makeAnswer(parts, request, input, routed.path)
  if (answer === 'reset') return { status: 0, headers: {}, reset: true, session: request.session }
  if (parts.hooks.onAnswer) answer = await runOnAnswer(parts, request, answer, parts.hooks.onAnswer)
  return send(parts, request, answer)
}
