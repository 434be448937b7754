import { ConfigError, defaultConfig, type StubConfig } from '../config'
import type { StubContext } from './context'
import { checkAnswer } from './contract/answer-check'
import { ApiError, errorBody, MESSAGES, rateLimited, validationError } from './contract/errors'
import { errorReply, readJsonBody, toApiError, transportError } from './contract/http-errors'
import {
  assertEveryOperationImplemented,
  type CoreRequest,
  type DefineOperation,
  type OperationHandler,
  type OperationTable,
  type ValidatedRequest,
} from './contract/operations'
import { checkBody, checkParameters } from './contract/validation'
import { forcedAnswer, parsePrefer, sleep } from './dev/faults'
import { requestedSession, StoreRegistry } from './dev/isolation'
import { devRouteTable } from './dev/routes'
import { pooledRandomBytes } from './platform/random'
import { portableScrypt } from './platform/scrypt'
import { jsonReply, type Reply } from './reply'
import { aiOperations } from './routes/ai'
import { authOperations } from './routes/auth'
import { contactOperations } from './routes/contact'
import { environmentOperations } from './routes/environments'
import { healthOperations } from './routes/health'
import { profileOperations } from './routes/profile'
import { telemetryOperations } from './routes/telemetry'
import { authenticate } from './security/authenticate'
import { createPasswordHasher, DEFAULT_SCRYPT_COST } from './security/passwords'
import type { WindowCheck } from './security/rate-limits'
import { createTokenService } from './security/tokens'
import { hashSeedPasswords, seedStore } from './state/seeds'
import { StubStore, uuidFrom } from './state/store'
import type {
  StubAnswer,
  StubCore,
  StubCoreOptions,
  StubLog,
  StubRequest,
  TransportProblem,
} from './types'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** The longest path parameter routed (Fastify's maxParamLength, which the stub had before). */
const MAX_PARAM_LENGTH = 100
const NO_QUERY: Record<string, string | string[]> = Object.freeze({}) as Record<string, never>
const SILENT: StubLog = { info() {}, warn() {}, error() {} }

/** The settings given, over the defaults; the production rule of readConfig applied. */
export function resolveConfig(given: Partial<StubConfig>): StubConfig {
  const defined = Object.fromEntries(
    Object.entries(given).filter(([, value]) => value !== undefined),
  )
  const config = { ...defaultConfig(), ...defined }
  if (given.jwtSecret !== undefined && given.jwtSecretIsDefault === undefined)
    config.jwtSecretIsDefault = false
  // The same rule readConfig applies to the environment, for callers that build the stub directly.
  if (config.mode === 'production' && config.jwtSecretIsDefault) {
    throw new ConfigError('Invalid stub settings:\n  jwtSecret: is required in production mode')
  }
  return config
}

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
    handlers = {},
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
    seedPasswords: null,
  }

  const table: OperationTable = new Map()
  const define: DefineOperation = (operationId) => (handler) => {
    const operation = contract.byId.get(operationId)
    if (!operation) throw new Error(`The contract has no operation ${operationId}`)
    const replacement = handlers[operationId] as
      | ((
          request: ValidatedRequest<typeof operationId>,
          original: typeof handler,
        ) => ReturnType<typeof handler>)
      | undefined
    const chosen: typeof handler = replacement
      ? (request) => replacement(request, handler)
      : handler
    table.set(operationId, { operation, handler: chosen as unknown as OperationHandler })
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

  /** Auth, then parameters and body against the contract, then rate limits, then the handler. */
  async function runOperation(request: CoreRequest, operationId: string): Promise<Reply> {
    const entry = table.get(operationId)
    if (!entry) throw new ApiError(404, 'NOT_FOUND', MESSAGES.notFound)
    const { operation, handler } = entry
    if (operation.requiresAuth) await authenticate(request, ctx)
    if (operation.parameters.length > 0) {
      const parameterErrors = checkParameters(contract.validator, operation.parameters, {
        path: request.params,
        query: request.query,
      })
      if (Object.keys(parameterErrors).length > 0) throw validationError(parameterErrors)
    }
    const bodyErrors = checkBody(contract.validator, operation, request.body)
    if (Object.keys(bodyErrors).length > 0) throw validationError(bodyErrors)
    if (config.rateLimits !== 'off' && operation.rateLimits.length > 0) {
      const checks: WindowCheck[] = []
      for (const rule of operation.rateLimits) {
        if (rule.kind !== 'window') continue
        const key =
          rule.scope === 'client'
            ? request.ip
            : rule.scope === 'email'
              ? emailOf(request.body)
              : request.account?.id
        if (key !== undefined) checks.push({ operationId, rule, key })
      }
      if (checks.length > 0) {
        const verdict = await request.store.limits.consume(checks)
        if (!verdict.allowed) throw rateLimited(verdict.retryAfterMs)
      }
    }
    // The body has passed the contract's validation: it has the contract's type.
    const answer = await handler(request as Parameters<OperationHandler>[0])
    return jsonReply(answer.status, answer.body, answer.headers ?? {})
  }

  /** Serialises, checks against the contract, saves the default store: the answer as sent. */
  async function finish(request: CoreRequest, reply: Reply): Promise<StubAnswer> {
    let headers = reply.headers
    let text: string | undefined
    if (reply.json !== undefined) {
      text = JSON.stringify(reply.json)
      headers['content-type'] ??= 'application/json; charset=utf-8'
    } else if (reply.text !== undefined) {
      text = reply.text
    }
    let status = reply.status
    const { operationId } = request
    if (ctx.checkResponses && operationId && !request.contractExempt && request.method !== 'HEAD') {
      const checked = checkAnswer(ctx, log, request, operationId, {
        status,
        headers,
        text: text ?? '',
      })
      status = checked.status
      headers = checked.headers
      if (checked.text !== (text ?? '')) text = checked.text
    }
    if (persistence && request.store === defaultStore && !SAFE_METHODS.has(request.method)) {
      try {
        // The answer leaves only once its change is kept.
        await persistence.save(() => defaultStore.snapshot())
      } catch (error) {
        log.error('could not save the stub state', { err: error })
        status = 500
        headers = { 'content-type': 'application/json; charset=utf-8' }
        text = JSON.stringify(
          errorBody(new ApiError(500, 'INTERNAL_ERROR', MESSAGES.internal), false),
        )
      }
    }
    return {
      status,
      headers,
      ...(text !== undefined && request.method !== 'HEAD' ? { body: text } : {}),
      ...(reply.page ? { page: true as const } : {}),
      ...(operationId ? { operationId } : {}),
      session: request.session,
    }
  }

  function coreRequest(input: StubRequest): CoreRequest {
    const queryAt = input.url.indexOf('?')
    const path = queryAt === -1 ? input.url : input.url.slice(0, queryAt)
    const query = queryAt === -1 ? NO_QUERY : parseQuery(input.url.slice(queryAt + 1))
    const session = devControls
      ? requestedSession(input.session, input.headers, query, path.startsWith('/__dev'))
      : null
    return {
      method: input.method.toUpperCase(),
      url: input.url,
      path,
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

  /** The body read, then the operation or development control of the request (or a 404). */
  async function answer(request: CoreRequest, input: StubRequest, routed: string): Promise<Reply> {
    request.body = readJsonBody(request.method, input.headers['content-type'], input.body)
    if (request.operationId) return runOperation(request, request.operationId)
    const devRoute = devRoutes.get(`${routed} ${request.path}`)
    return devRoute
      ? devRoute.handle(request)
      : jsonReply(404, { message: MESSAGES.notFound, code: 'NOT_FOUND' })
  }

  async function handle(input: StubRequest): Promise<StubAnswer> {
    if (!started) await ready()
    const request = coreRequest(input)
    // A URL that cannot be routed is the client's fault: the contract's validation 400.
    if (!isDecodable(request.path)) {
      return finish(request, errorReply(ctx, undefined, transportError('bad-url')))
    }
    const routed = request.method === 'HEAD' ? 'GET' : request.method
    const match = request.path.startsWith('/api') ? contract.match(routed, request.path) : undefined
    if (match) {
      if (Object.values(match.pathParams).some((value) => value.length > MAX_PARAM_LENGTH)) {
        return finish(
          request,
          errorReply(
            ctx,
            undefined,
            validationError({ url: 'A path parameter of the request URL is too long' }),
          ),
        )
      }
      request.operationId = match.operation.operationId
      request.params = match.pathParams
    }
    let reply: Reply
    try {
      let forced: Reply | undefined
      if (devControls && input.headers.prefer !== undefined) {
        const preference = parsePrefer(input.headers.prefer)
        if (preference.delayMs) await sleep(preference.delayMs)
        if (preference.reset) {
          log.info('Prefer: reset, dropping the connection')
          return { status: 0, headers: {}, reset: true, session: request.session }
        }
        if (preference.code !== undefined && request.operationId) {
          forced = forcedAnswer(ctx, request, request.operationId, preference.code)
        }
      }
      reply = forced ?? (await answer(request, input, routed))
    } catch (error) {
      const problem = toApiError(error)
      if (problem.status >= 500) log.error('unexpected error', { err: error })
      reply = errorReply(ctx, request.operationId, problem)
    }
    return finish(request, reply)
  }

  /** An input error only the transport saw (body over the limit, bad URL): shaped by the core. */
  async function refuse(input: StubRequest, problem: TransportProblem): Promise<StubAnswer> {
    if (!started) await ready()
    const request = coreRequest({ ...input, body: undefined })
    const match =
      problem !== 'bad-url' && request.path.startsWith('/api')
        ? contract.match(request.method, request.path)
        : undefined
    if (match) request.operationId = match.operation.operationId
    return finish(request, errorReply(ctx, request.operationId, transportError(problem)))
  }

  return {
    handle,
    refuse,
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
