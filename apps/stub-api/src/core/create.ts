import { resolveConfig } from '../config'
import type { StubContext } from './context'
import { checkAnswer } from './contract/answer-check'
import { ApiError, MESSAGES, rateLimited, validationError } from './contract/errors'
import { errorReply, readJsonBody, toApiError, transportError } from './contract/http-errors'
import {
  assertEveryOperationImplemented,
  type DefineOperation,
  type OperationHandler,
  type OperationTable,
  routeOf,
} from './contract/operations'
import { checkBody, checkParameters } from './contract/validation'
import { forcedAnswer, parsePrefer, sleep } from './dev/faults'
import { requestedSession } from './dev/isolation'
import { devRouteTable } from './dev/routes'
import { aiOperations } from './operations/ai'
import { authOperations } from './operations/auth'
import { contactOperations } from './operations/contact'
import { environmentOperations } from './operations/environments'
import { healthOperations } from './operations/health'
import { profileOperations } from './operations/profile'
import { telemetryOperations } from './operations/telemetry'
import { pooledRandomBytes } from './platform/random'
import { portableScrypt } from './platform/scrypt'
import { jsonReply, type Reply } from './reply'
import type { CoreRequest } from './request'
import { authenticate } from './security/authenticate'
import { createPasswordHasher, DEFAULT_SCRYPT_COST } from './security/passwords'
import type { WindowCheck } from './security/rate-limits'
import { createTokenService } from './security/tokens'
import { hashSeedPasswords, seedStore } from './state/seeds'
import { StubStore, uuidFrom } from './state/store'
import { StoreRegistry } from './state/store-registry'
import type { StubCore, StubCoreOptions, StubHooks } from './stub-core'
import type { StubAnswer, StubLog, StubRequest } from './types'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** The longest path parameter routed (Fastify's maxParamLength, which the stub had before). */
const MAX_PARAM_LENGTH = 100
const NO_QUERY: Record<string, string | string[]> = Object.freeze({}) as Record<string, never>
const notFound = () => jsonReply(404, { message: MESSAGES.notFound, code: 'NOT_FOUND' })
const SILENT: StubLog = { info() {}, warn() {}, error() {} }
const NO_HOOKS: StubHooks = Object.freeze({})

type OperationEntry = OperationTable extends Map<string, infer Entry> ? Entry : never

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

function emailOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const { email, username } = body as Record<string, unknown>
  const value = typeof email === 'string' ? email : username
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined
}

/** Builds the stub's core: every behaviour of the stub, with no transport (see types.ts). */
export function createStubCore(options: StubCoreOptions): StubCore {
  const {
    contract,
    now,
    platform,
    scryptCost: givenCost,
    persistence = null,
    log = SILENT,
    hooks = NO_HOOKS,
    sendMail = null,
    ...given
  } = options
  const config = resolveConfig(given)
  const realNow = now ?? Date.now
  const randomBytes = platform?.randomBytes ?? pooledRandomBytes()
  const scryptCost = givenCost ?? DEFAULT_SCRYPT_COST
  const devControls = config.mode !== 'production'

  // Injected randomness fixes ids too; otherwise the platform's randomUUID (Node caches entropy)
  // is faster, where there is one (browsers have it in secure contexts only).
  const platformUuid = globalThis.crypto?.randomUUID?.bind(globalThis.crypto)
  const makeId =
    platform?.randomBytes || !platformUuid ? () => uuidFrom(randomBytes) : () => platformUuid()
  const makeStore = (id: string) =>
    new StubStore(id, realNow, randomBytes, config.rateLimits, makeId)
  const defaultStore = makeStore('default')
  const ctx: StubContext = {
    config,
    contract,
    realNow,
    startedAt: realNow(),
    randomBytes,
    passwords: createPasswordHasher({
      cost: scryptCost,
      randomBytes,
      scrypt: platform?.scrypt ?? portableScrypt,
    }),
    tokens: createTokenService({
      secret: config.jwtSecret,
      validSeconds: config.tokenValidSeconds,
    }),
    registry: new StoreRegistry(defaultStore, (id) => {
      const store = makeStore(id)
      if (config.seed && ctx.seedPasswords) seedStore(store, ctx.seedPasswords)
      return store
    }),
    devControls,
    checkResponses: devControls,
    sendMail,
    seedPasswords: null,
  }

  const table: OperationTable = new Map()
  const define: DefineOperation = (operationId, route) => (handler) => {
    const operation = contract.byId.get(operationId)
    if (!operation) throw new Error(`The contract has no operation ${operationId}`)
    if (route !== routeOf(operation)) {
      throw new Error(
        `The handler of ${operationId} states ${route}, the contract says ${routeOf(operation)}`,
      )
    }
    table.set(operationId, {
      operation,
      handler: handler as unknown as OperationHandler,
      // A public GET without parameters has nothing to check (its body is never read).
      needsChecks:
        operation.requiresAuth ||
        operation.parameters.length > 0 ||
        !['get', 'head'].includes(operation.method),
      limited:
        config.rateLimits !== 'off' &&
        operation.rateLimits.some((rule) => rule.kind === 'window' && rule.scope !== 'client'),
      limitedByClient:
        config.rateLimits !== 'off' &&
        operation.rateLimits.some((rule) => rule.kind === 'window' && rule.scope === 'client'),
    })
  }
  for (const register of [
    authOperations,
    profileOperations,
    environmentOperations,
    aiOperations,
    contactOperations,
    telemetryOperations,
    healthOperations,
  ]) {
    register(ctx, define)
  }
  const devRoutes = devControls ? devRouteTable(ctx) : new Map()

  let started = false
  let starting: Promise<void> | undefined
  const ready = () => {
    starting ??= start().then(() => {
      started = true
    })
    return starting
  }

  async function start(): Promise<void> {
    assertEveryOperationImplemented(ctx, table)
    if (config.seed) ctx.seedPasswords = await hashSeedPasswords(ctx.passwords, scryptCost)
    if (persistence) {
      const loaded = await persistence.load()
      for (const note of loaded.notes ?? []) log.warn(note, { where: persistence.where })
      if (loaded.status === 'loaded') defaultStore.restore(loaded.snapshot)
      if (loaded.status === 'corrupt') {
        log.error('the saved state was unreadable and was kept aside; starting empty', {
          movedTo: loaded.movedTo,
          reason: loaded.reason,
        })
      }
    }
    if (config.seed && ctx.seedPasswords) seedStore(defaultStore, ctx.seedPasswords)
    if (persistence) await persistence.save(() => defaultStore.snapshot())
    if (config.mode === 'development' && config.jwtSecretIsDefault) {
      log.warn('JWT_SECRET is not set: signing tokens with the fixed development secret')
    }
  }

  /** Parameters and body against the contract (throws the contract's 400). */
  function checkShape(request: CoreRequest, { operation }: OperationEntry): void {
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

  /**
   * The operation's per-client `x-rate-limits` windows (throws the contract's 429): they need only
   * the client's address, so they run before the body is read, and a client over its window costs
   * no parsing or validation.
   */
  function limitClient(request: CoreRequest, entry: OperationEntry): void {
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

  /** The operation's other `x-rate-limits` windows, per e-mail or account (throws the contract's 429). */
  function limit(request: CoreRequest, entry: OperationEntry): void {
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

  /** `Prefer:` (development and test modes): waits, then 'reset', a forced answer, or nothing. */
  async function faults(
    request: CoreRequest,
    header: string,
  ): Promise<Reply | 'reset' | undefined> {
    const preference = parsePrefer(header)
    if (preference.delayMs) await sleep(preference.delayMs)
    if (preference.reset) {
      log.info('Prefer: reset, dropping the connection')
      return 'reset'
    }
    if (preference.code !== undefined && request.operationId) {
      return forcedAnswer(ctx, request, request.operationId, preference.code)
    }
    return undefined
  }

  /** Whatever was thrown, as the answer in the shape of the operation (a 500 is logged). */
  function failure(request: CoreRequest, error: unknown): Reply {
    const problem = toApiError(error)
    if (problem.status >= 500) log.error('unexpected error', { err: error })
    return errorReply(ctx, request.operationId, problem)
  }

  /**
   * A reply as it will be sent: serialised, then (development and test modes) judged against the
   * contract, which records it for the session's coverage.
   */
  function finish(request: CoreRequest, reply: Reply): StubAnswer {
    const { headers } = reply
    let body: string | undefined
    if (reply.json !== undefined) {
      body = JSON.stringify(reply.json)
      headers['content-type'] ??= 'application/json; charset=utf-8'
    } else {
      body = reply.text
    }
    let answer: StubAnswer = { status: reply.status, headers, session: request.session }
    if (body !== undefined) answer.body = body
    if (reply.page) answer.page = true
    const { operationId } = request
    if (!operationId) return answer
    answer.operationId = operationId
    if (request.method === 'HEAD') {
      delete answer.body
      return answer
    }
    if (ctx.checkResponses && !request.contractExempt) {
      answer = checkAnswer(ctx, log, request, operationId, answer)
    }
    return answer
  }

  /**
   * Unsafe requests on the default store: the answer once its change is kept; if it could not be,
   * the operation's own 500 (in its shape, `status: false` where the operation has it).
   */
  async function kept(request: CoreRequest, answer: StubAnswer): Promise<StubAnswer> {
    try {
      await persistence?.save(() => defaultStore.snapshot())
      return answer
    } catch (error) {
      log.error('could not save the stub state', { err: error })
      const internal = new ApiError(500, 'INTERNAL_ERROR', MESSAGES.internal)
      return finish(request, errorReply(ctx, request.operationId, internal))
    }
  }

  /** The answer to send, once kept when the request may have changed the default store. */
  function sent(request: CoreRequest, reply: Reply): StubAnswer | Promise<StubAnswer> {
    const answer = finish(request, reply)
    if (!persistence || request.store !== defaultStore || SAFE_METHODS.has(request.method)) {
      return answer
    }
    return kept(request, answer)
  }

  function coreRequest(input: StubRequest, path: string, query: CoreRequest['query']): CoreRequest {
    const session = devControls
      ? requestedSession(input.session, input.headers, query, path.startsWith('/__dev'))
      : null
    return {
      method: input.method,
      url: input.url,
      query,
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
  }

  /**
   * The request's steps once routed, in this order: per-client rate limits, the body, then for an
   * operation its checks (auth, parameters, body), its other rate limits and its handler; else the
   * development control of the path, or a 404.
   */
  async function respond(request: CoreRequest, input: StubRequest, path: string): Promise<Reply> {
    const entry = request.operationId === undefined ? undefined : table.get(request.operationId)
    if (entry) limitClient(request, entry)
    if (input.problem) throw transportError(input.problem)
    request.body = readJsonBody(request.method, input.headers['content-type'], input.body)
    if (!entry) {
      const devRoute = request.operationId
        ? undefined
        : devRoutes.get(`${request.method === 'HEAD' ? 'GET' : request.method} ${path}`)
      return devRoute ? devRoute.handle(request) : notFound()
    }
    if (hooks.beforeChecks) await hooks.beforeChecks(request)
    if (entry.needsChecks) {
      // Awaited only when there is a token to verify: public operations need no promise.
      if (entry.operation.requiresAuth) await authenticate(request, ctx)
      checkShape(request, entry)
    }
    limit(request, entry)
    if (hooks.beforeHandler) await hooks.beforeHandler(request)
    // The body has passed the contract's validation: it has the contract's type.
    const answer = await entry.handler(request as Parameters<OperationHandler>[0])
    return { status: answer.status, headers: answer.headers ?? {}, json: answer.body }
  }

  /** The hooks' part before the steps and `Prefer:`, then the steps; whatever is thrown, its error answer. */
  async function replyTo(
    request: CoreRequest,
    input: StubRequest,
    path: string,
  ): Promise<Reply | 'reset'> {
    try {
      const planted = hooks.onRequest ? await hooks.onRequest(request) : undefined
      if (planted) return planted
      const prefer = devControls ? request.headers.prefer : undefined
      const forced = prefer === undefined ? undefined : await faults(request, prefer)
      return forced ?? (await respond(request, input, path))
    } catch (error) {
      return failure(request, error)
    }
  }

  /** The `onReply` hook's change of a reply; what it throws, as the error answer. */
  async function replanted(
    request: CoreRequest,
    reply: Reply,
    onReply: NonNullable<StubHooks['onReply']>,
  ): Promise<Reply> {
    try {
      return (await onReply(request, reply)) ?? reply
    } catch (error) {
      return failure(request, error)
    }
  }

  async function handle(input: StubRequest): Promise<StubAnswer> {
    if (!started) await ready()
    const queryAt = input.url.indexOf('?')
    const path = queryAt === -1 ? input.url : input.url.slice(0, queryAt)
    const query = queryAt === -1 ? NO_QUERY : parseQuery(input.url.slice(queryAt + 1))
    const request = coreRequest(input, path, query)
    // A URL that cannot be routed is the client's fault: the contract's validation 400.
    if (input.problem === 'bad-url' || !isDecodable(path)) {
      return sent(request, errorReply(ctx, undefined, transportError('bad-url')))
    }
    const routed = request.method === 'HEAD' ? 'GET' : request.method
    const match = path.startsWith('/api') ? contract.match(routed, path) : undefined
    if (match) {
      for (const name in match.pathParams) {
        if ((match.pathParams[name]?.length ?? 0) <= MAX_PARAM_LENGTH) continue
        const tooLong = validationError({ url: 'A path parameter of the request URL is too long' })
        return sent(request, errorReply(ctx, undefined, tooLong))
      }
      request.operationId = match.operation.operationId
      request.params = match.pathParams
    }
    let reply = await replyTo(request, input, path)
    if (reply === 'reset') return { status: 0, headers: {}, reset: true, session: request.session }
    if (hooks.onReply) reply = await replanted(request, reply, hooks.onReply)
    return sent(request, reply)
  }

  return {
    handle,
    ready,
    async close() {
      if (!persistence) return
      await persistence.flush()
      await persistence.save(() => defaultStore.snapshot())
    },
    config,
    contract,
    stores: ctx.registry,
  }
}
