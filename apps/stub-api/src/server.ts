import { createRequire } from 'node:module'
import { Writable } from 'node:stream'
import { type Contract, loadContract } from '@devenv/openapi'
import cors from '@fastify/cors'
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import Fastify, {
  type FastifyBaseLogger,
  type FastifyBodyParser,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type HTTPMethods,
  LogController,
} from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import pretty from 'pino-pretty'
import type { LogFormat, StubConfig } from './config'
import { ApiError, MESSAGES, validationError } from './core/contract/errors'
import { BODY_LIMIT_BYTES, transportError } from './core/contract/http-errors'
import type { CoreRequest } from './core/contract/operations'
import { createStubCore, resolveConfig } from './core/create'
import type { Reply } from './core/reply'
import {
  errorLogFields,
  REDACT_PATHS,
  REDACTED,
  redactUrl,
  requestLogFields,
} from './core/security/redaction'
import type { AccessClaims } from './core/security/tokens'
import type { Account } from './core/state/records'
import type { StubStore } from './core/state/store'
import type { Randomness, StubCore, StubLog } from './core/types'
import { answerClientError, clientErrorAnswer } from './node/client-errors'
import { corsOptions, simpleCorsHeaders } from './node/cors'
import { docsRoutes } from './node/docs'
import { API_HELMET, DEV_PAGE_HELMET, helmetHeaders } from './node/headers'
import { filePersistence } from './node/persistence'
import { nativeScrypt } from './node/scrypt'

export type { StubConfig } from './config'
export { ConfigError, readConfig } from './config'
export { SEEDED_ACCOUNTS } from './core/state/seeds'

export type ServerOptions = Partial<StubConfig> & {
  /** Milliseconds since the epoch; injected so tests control uptime, expiry and lifecycles. */
  now?: () => number
  /** Source of salts, tokens and ids; injected so tests can fix them. */
  randomBytes?: Randomness
  /** Where the log goes (tests capture it); stdout by default. */
  logStream?: { write(line: string): void }
  /** JSON lines (default), or readable lines for a developer's terminal (`readLogFormat`). */
  logFormat?: LogFormat
  /** scrypt's cost N; tests lower it for speed. */
  scryptCost?: number
  /** The contract; the package's own openapi.yaml by default. */
  contract?: Contract
}

export { CORS_ALLOWED_HEADERS, CORS_EXPOSED_HEADERS } from './node/cors'

declare module 'fastify' {
  interface FastifyInstance {
    /** The transport-free core this server adapts. */
    stubCore: StubCore
  }
  // The core's request (CoreRequest) is the Fastify request itself, with these added.
  interface FastifyRequest {
    /** The store of this request's stub session (X-Stub-Session), else the default store. */
    store: StubStore
    /** The stub session asked for; null for the default store. */
    session: string | null
    /** The signed-in account of a bearer-protected operation. */
    account: Account | null
    claims: AccessClaims | null
    /** The contract operation of the route, if any. */
    operationId: string | undefined
    /** Answers made by development controls (Prefer: code=) skip the contract check. */
    contractExempt: boolean
  }
  interface FastifyContextConfig {
    operationId?: string
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Fastify's errors about a URL it cannot route, and what the 400 says of them. */
const URL_FAULTS: Readonly<Record<string, string>> = {
  FST_ERR_BAD_URL: 'The request URL has a malformed %-escape',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter of the request URL is too long',
}

/** Fastify's own errors about a request body, as the contract's answers. */
function fastifyProblem(error: Partial<FastifyError>): unknown {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return transportError('body-too-large')
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return transportError('body-length-mismatch')
    default:
      break
  }
  const status = error.statusCode
  if (!(error instanceof ApiError) && typeof status === 'number' && status >= 400 && status < 500) {
    return validationError({ request: error.message ?? 'Invalid request' })
  }
  return error
}

/** The core's log lines go to Fastify's logger (pino: redaction and format included). */
function coreLog(log: FastifyBaseLogger): StubLog {
  return {
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
  }
}

/**
 * Readable lines for a developer's terminal (pino-pretty as a stream in this process, so the
 * redaction of the JSON logger applies first): time, level, message, then any other fields.
 */
function readableLog(destination: ServerOptions['logStream']) {
  // pino-pretty writes to a stream; a test's `{ write }` sink gets wrapped in one.
  const sink = destination
    ? new Writable({
        write(chunk, _encoding, done) {
          destination.write(String(chunk))
          done()
        },
      })
    : 1
  return pretty({
    destination: sink,
    sync: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    ...(destination ? { colorize: false } : {}),
  })
}

/** `POST /api/auth/auth 200 12.3 ms [session e2e-7]`, the secret query values redacted. */
function requestLine(request: FastifyRequest, reply: FastifyReply): string {
  const session = request.session ? ` [session ${request.session}]` : ''
  return `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms${session}`
}

/** The Fastify request is the core's request (see the augmentation above). */
const asCore = (request: FastifyRequest) => request as unknown as CoreRequest

/**
 * A step of the core that needs no promise, as a callback hook: no extra turn of the event loop
 * (about a tenth of a contact submission's cost); what it throws goes to the error handler.
 */
function synchronousHook(step: (request: CoreRequest) => void) {
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    try {
      step(asCore(request))
    } catch (error) {
      done(error as Error)
      return
    }
    done()
  }
}

/**
 * Builds the stub: the core (src/core) served by Fastify. Each step of the core runs in the
 * Fastify hook where it ran before the core existed, so hooks added to this server still see
 * the parsed body, the store and the signed-in account. Tests call `inject()`, the CLI `listen()`.
 */
export function buildServer(options: ServerOptions = {}): FastifyInstance {
  const {
    now,
    randomBytes,
    logStream,
    logFormat = 'json',
    scryptCost,
    contract: givenContract,
    ...given
  } = options
  const config = resolveConfig(given)
  const realNow = now ?? Date.now
  const devControls = config.mode !== 'production'
  const readable = logFormat === 'pretty'

  // Set once at start-up (below), before the first request: helmet's headers for JSON answers
  // and for the development pages.
  let apiHeaders: Record<string, string> = {}
  let pageHeaders: Record<string, string> = {}
  const corsHeaders = simpleCorsHeaders(config.corsOrigins)

  const serverOptions: FastifyServerOptions = {
    bodyLimit: BODY_LIMIT_BYTES,
    // request.ip (the rate limits' client) comes from X-Forwarded-For only through these proxies.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Readable mode logs one line per answered request (below) instead of Fastify's two.
    ...(readable ? { logController: new LogController({ disableRequestLogging: true }) } : {}),
    logger: {
      level: config.logLevel,
      ...(readable ? { stream: readableLog(logStream) } : logStream ? { stream: logStream } : {}),
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: {
        req: requestLogFields,
        res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
        err: errorLogFields,
      },
    },
    // Requests Node's parser refuses (broken framing, bad header lines, oversized headers) never
    // reach a route: the contract's error shape and the API's headers, written on the socket.
    clientErrorHandler: (error, socket) => {
      if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || socket.destroyed) return
      app.log.trace({ err: error }, 'client error')
      answerClientError(socket, clientErrorAnswer(error), apiHeaders)
    },
    // Called before routing, so no hook has run: the answer gets its headers here. A URL that
    // cannot be routed (a bad %-escape, a path parameter over Fastify's 100 characters) is the
    // client's fault: the contract's validation 400, not a 500 or a bare { message }.
    frameworkErrors: (error, request, reply) => {
      const problem = URL_FAULTS[error.code]
      const answer = problem
        ? validationError({ url: problem })
        : new ApiError(500, 'INTERNAL_ERROR', MESSAGES.internal)
      corsHeaders(request, reply)
      const sent = core.stages.failure({ operationId: undefined } as CoreRequest, answer)
      void sendReply((reply as FastifyReply).headers(apiHeaders), sent)
    },
  }
  const app = Fastify(serverOptions)

  const core = createStubCore({
    ...config,
    // Resolved through the package's export, so the source, the tests and the bundled dist/ all find it.
    contract:
      givenContract ??
      loadContract(createRequire(import.meta.url).resolve('@devenv/openapi/openapi.yaml')),
    now: realNow,
    platform: { scrypt: nativeScrypt, ...(randomBytes ? { randomBytes } : {}) },
    ...(scryptCost !== undefined ? { scryptCost } : {}),
    persistence: config.dataFile ? filePersistence(config.dataFile, realNow) : null,
    log: coreLog(app.log),
  })
  const { stages } = core
  app.decorate('stubCore', core)

  /** Sends a reply of the core: JSON through Fastify's serializer (its hooks see the value). */
  function sendReply(reply: FastifyReply, answer: Reply): FastifyReply {
    if (answer.page) {
      // A page has its own policy: helmet's page headers instead of the API's.
      for (const name in apiHeaders) reply.removeHeader(name)
      reply.headers(pageHeaders)
    }
    reply.code(answer.status)
    reply.headers(answer.headers)
    if (answer.json !== undefined) return reply.send(answer.json)
    return answer.text === undefined ? reply.send() : reply.send(answer.text)
  }

  app.decorateRequest('store', null as unknown as StubStore)
  app.decorateRequest('session', null)
  app.decorateRequest('account', null)
  app.decorateRequest('claims', null)
  app.decorateRequest('operationId', undefined)
  app.decorateRequest('contractExempt', false)

  // The only body parser: the core's reader (JSON only, 415, UTF-8, prototype keys), the same in
  // every adapter; Fastify enforces the size limit while reading (413 without buffering it all).
  app.removeAllContentTypeParsers()
  const readBody: FastifyBodyParser<Buffer> = (request, body, done) => {
    try {
      done(null, stages.readBody(request.method, request.headers['content-type'], body))
    } catch (error) {
      done(error as Error, undefined)
    }
  }
  // JSON by name as well as the catch-all: Fastify finds a named parser at once, the catch-all
  // only after its search of the others (about a tenth of a contact submission's CPU).
  for (const mediaType of ['application/json', '*']) {
    app.addContentTypeParser(
      mediaType,
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES },
      readBody,
    )
  }

  app.setErrorHandler((error, request, reply) =>
    sendReply(reply, stages.failure(asCore(request), fastifyProblem(error as FastifyError))),
  )
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ message: MESSAGES.notFound, code: 'NOT_FOUND' }),
  )

  // First of all hooks, and the only one every request runs: the request's own store (every later
  // hook and handler works on it), the CORS headers of simple requests and the security headers.
  app.addHook('onRequest', (request, reply, done) => {
    const routeConfig = request.routeOptions.config
    const queryAt = request.url.indexOf('?')
    const { session, store } = stages.sessionOf(
      request.headers as CoreRequest['headers'],
      request.query as CoreRequest['query'],
      queryAt === -1 ? request.url : request.url.slice(0, queryAt),
    )
    request.session = session
    request.store = store
    request.operationId = routeConfig.operationId
    // Preflights are answered by @fastify/cors alone (its OPTIONS route, below), as before.
    if (request.method !== 'OPTIONS') {
      corsHeaders(request, reply)
      // The contract's reference page carries its own policy (helmet's route option).
      if (!(routeConfig as { helmet?: unknown }).helmet) reply.headers(apiHeaders)
    }
    done()
  })

  if (readable) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(requestLine(request, reply))
      done()
    })
  }

  // @fastify/cors answers preflights on its `OPTIONS *` route; encapsulated, its per-request hook
  // runs for that route only, the hook above gives every other answer the same CORS headers.
  app.register(async (preflight) => {
    await preflight.register(cors, corsOptions(config.corsOrigins))
  })
  app.register(
    fastifyPlugin(async () => {
      apiHeaders = await helmetHeaders(API_HELMET)
      pageHeaders = await helmetHeaders(DEV_PAGE_HELMET as FastifyHelmetOptions)
    }),
  )

  // After CORS and helmet, so forced answers carry their headers too: `Prefer:` first, then the
  // answer check and the persistence of the default store, in the order the core runs them.
  app.register(
    fastifyPlugin(async (root) => {
      if (devControls) {
        root.addHook('onRequest', async (request, reply) => {
          if (request.headers.prefer === undefined) return
          const forced = await stages.faults(asCore(request))
          if (forced === undefined) return
          if (forced === 'reset') {
            reply.hijack()
            reply.raw.destroy()
            return reply
          }
          return sendReply(reply, forced)
        })
        root.addHook('onSend', async (request, reply, payload) => {
          if (!request.operationId || request.contractExempt || request.method === 'HEAD') {
            return payload
          }
          const checked = stages.check(asCore(request), {
            status: reply.statusCode,
            header: (name) => {
              const value = reply.getHeader(name)
              return value === undefined
                ? undefined
                : String(Array.isArray(value) ? value[0] : value)
            },
            text: typeof payload === 'string' ? payload : '',
          })
          if (checked.status === reply.statusCode) return payload
          reply.code(checked.status)
          if (checked.contentType) reply.header('content-type', checked.contentType)
          return checked.text
        })
      }
      if (config.dataFile) {
        root.addHook('onSend', async (request, reply, payload) => {
          if (SAFE_METHODS.has(request.method)) return payload
          try {
            // The answer leaves only once its change is on disk.
            await stages.keep(asCore(request))
            return payload
          } catch {
            reply.code(500).header('content-type', 'application/json; charset=utf-8')
            return JSON.stringify({ message: MESSAGES.internal, code: 'INTERNAL_ERROR' })
          }
        })
      }
      await core.ready()
    }),
  )

  // Every operation of the contract under /api and /api/v1: its per-client rate limits in onRequest
  // (before the body is read), its checks in preValidation, its other rate limits in preHandler,
  // then its handler, as Fastify hooks of the route.
  for (const { operation, needsChecks, limited, limitedByClient } of stages.operations) {
    const { operationId } = operation
    for (const prefix of core.contract.prefixes) {
      app.route({
        method: operation.method.toUpperCase() as HTTPMethods,
        url: `${prefix}${operation.routePath}`,
        config: { operationId },
        onRequest: limitedByClient
          ? synchronousHook((request) => stages.limitClient(request, operationId))
          : undefined,
        preValidation: !needsChecks
          ? undefined
          : operation.requiresAuth
            ? async (request) => stages.checkInput(asCore(request), operationId)
            : synchronousHook((request) => stages.checkShape(request, operationId)),
        preHandler: limited
          ? synchronousHook((request) => stages.limit(request, operationId))
          : undefined,
        handler: async (request, reply) =>
          sendReply(reply, await stages.run(asCore(request), operationId)),
      })
    }
  }
  for (const route of stages.devRoutes) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => sendReply(reply, await route.handle(asCore(request))),
    })
  }
  // The contract itself, as files: Node-only, so here rather than in the core.
  app.register(async (pages) => {
    await pages.register(helmet, { global: false })
    await pages.register(docsRoutes, { contract: core.contract })
  })

  app.addHook('onClose', async () => core.close())

  return app
}
