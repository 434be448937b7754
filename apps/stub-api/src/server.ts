import { createRequire } from 'node:module'
import { type Contract, loadContract } from '@devenv/openapi'
import cors from '@fastify/cors'
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type HTTPMethods,
} from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import type { StubConfig } from './config'
import { BODY_LIMIT_BYTES } from './core/contract/http-errors'
import type { StubHandlers } from './core/contract/operations'
import { createStubCore, resolveConfig } from './core/create'
import { REDACT_PATHS, REDACTED, requestLogFields } from './core/security/redaction'
import type {
  Randomness,
  StubAnswer,
  StubCore,
  StubLog,
  StubRequest,
  TransportProblem,
} from './core/types'
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
  /** scrypt's cost N; tests lower it for speed. */
  scryptCost?: number
  /** The contract; the package's own openapi.yaml by default. */
  contract?: Contract
  /** Replaces (wraps) operations' handlers: tests simulate a faulty handler with it. */
  handlers?: StubHandlers
}

export { CORS_ALLOWED_HEADERS, CORS_EXPOSED_HEADERS } from './node/cors'

declare module 'fastify' {
  interface FastifyInstance {
    /** The transport-free core this server adapts. */
    stubCore: StubCore
  }
}

/** Methods routed to the core; any other method reaches it through the not-found handler. */
const CORE_METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH']

/** Fastify's errors about a request it could not read, as the core's transport problems. */
const TRANSPORT_PROBLEMS: Readonly<Record<string, TransportProblem>> = {
  FST_ERR_BAD_URL: 'bad-url',
  FST_ERR_MAX_PARAM_LENGTH: 'bad-url',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body-too-large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'body-length-mismatch',
}

/** The core's log lines go to Fastify's logger (pino: redaction and format included). */
function coreLog(log: FastifyBaseLogger): StubLog {
  return {
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
  }
}

function stubRequest(request: FastifyRequest): StubRequest {
  return {
    method: request.method,
    url: request.url,
    // Node joins repeated headers as the Fetch API does (cookie with '; '); set-cookie is never sent.
    headers: request.headers as StubRequest['headers'],
    body: request.body as Buffer | undefined,
    ip: request.ip,
  }
}

/** Builds the stub; tests call `inject()` on it, the CLI calls `listen()`. */
export function buildServer(options: ServerOptions = {}): FastifyInstance {
  const {
    now,
    randomBytes,
    logStream,
    scryptCost,
    contract: givenContract,
    handlers,
    ...given
  } = options
  const config = resolveConfig(given)
  const realNow = now ?? Date.now

  const serverOptions: FastifyServerOptions = {
    bodyLimit: BODY_LIMIT_BYTES,
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: {
        req: requestLogFields,
        res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      },
    },
    // Called before routing, so no hook has run: the answer gets its headers here.
    frameworkErrors: (error, request, reply) => {
      void refuse(request, reply as FastifyReply, error)
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
    ...(handlers ? { handlers } : {}),
  })
  app.decorate('stubCore', core)

  // Set once at start-up (below), before the first request: helmet's headers for the API's
  // answers and for the development pages.
  let apiHeaders: Record<string, string> = {}
  let pageHeaders: Record<string, string> = {}
  const corsHeaders = simpleCorsHeaders(config.corsOrigins)

  function send(reply: FastifyReply, answer: StubAnswer): FastifyReply {
    if (answer.reset) {
      reply.log.info('Prefer: reset, dropping the connection')
      reply.hijack()
      reply.raw.destroy()
      return reply
    }
    reply.headers(answer.page ? pageHeaders : apiHeaders)
    reply.headers(answer.headers)
    reply.code(answer.status)
    return reply.send(answer.body)
  }

  async function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    error: Partial<FastifyError>,
  ): Promise<FastifyReply> {
    const problem = error.code ? TRANSPORT_PROBLEMS[error.code] : undefined
    corsHeaders(request, reply)
    if (problem) return send(reply, await core.refuse(stubRequest(request), problem))
    const status = error.statusCode ?? 500
    if (status >= 500) request.log.error({ err: error }, 'unexpected error')
    return send(
      reply,
      await core.refuse(stubRequest(request), status < 500 ? 'unreadable' : 'failed'),
    )
  }

  // The only body parser: the raw bytes, for the core to read (415, UTF-8, JSON) as every
  // adapter does. Fastify still enforces the size limit while reading (413 without buffering).
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  )
  app.setErrorHandler((error, request, reply) =>
    refuse(request, reply, error as Partial<FastifyError>),
  )

  // Every request but the preflights: the CORS headers of simple requests, and the API's
  // security headers for Fastify's own routes (the contract's documents).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'OPTIONS') {
      corsHeaders(request, reply)
      const routeConfig = request.routeOptions.config as { helmet?: unknown; core?: boolean }
      if (!routeConfig.core && !routeConfig.helmet) reply.headers(apiHeaders)
    }
    done()
  })

  // @fastify/cors answers preflights on its `OPTIONS *` route; encapsulated, its per-request hook
  // runs for that route only, the hook above gives every other answer the same CORS headers.
  app.register(async (preflight) => {
    await preflight.register(cors, corsOptions(config.corsOrigins))
  })
  app.register(
    fastifyPlugin(async () => {
      apiHeaders = await helmetHeaders(API_HELMET)
      pageHeaders = await helmetHeaders(DEV_PAGE_HELMET as FastifyHelmetOptions)
      await core.ready()
    }),
  )

  const handle = async (request: FastifyRequest, reply: FastifyReply) =>
    send(reply, await core.handle(stubRequest(request)))
  app.route({ method: CORE_METHODS, url: '*', config: { core: true }, handler: handle })
  app.setNotFoundHandler(handle)

  // The contract itself, as files: Node-only, so here rather than in the core.
  app.register(async (pages) => {
    await pages.register(helmet, { global: false })
    await pages.register(docsRoutes, { contract: core.contract })
  })

  app.addHook('onClose', async () => core.close())

  return app
}
