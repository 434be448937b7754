import { createRequire } from 'node:module'
import { Writable } from 'node:stream'
import { type Contract, loadContract } from '@devenv/openapi'
import cors from '@fastify/cors'
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import pretty from 'pino-pretty'
import { type LogFormat, resolveConfig, type StubConfig } from './config'
import {
  API_MESSAGES,
  createStubCore,
  errorLogFields,
  type Randomness,
  REDACT_PATHS,
  REDACTED,
  redactUrl,
  requestLogFields,
  type StubHooks,
  type StubLog,
  stubRulesOf,
} from './core'
import { answerClientError, clientErrorAnswer } from './node/client-errors'
import { corsOptions, simpleCorsHeaders } from './node/cors'
import { docsRoutes } from './node/docs'
import { API_HELMET, DEV_PAGE_HELMET, helmetHeaders } from './node/headers'
import { filePersistence } from './node/persistence'
import { nativeHashingSlots, nativeScrypt } from './node/scrypt'
import { smtpMailSender } from './node/smtp-mail'
import { type SecurityHeaders, sendAnswer, stubPlugin, toStubRequest } from './node/stub-plugin'

export type { StubConfig } from './config'
export { ConfigError, readConfig } from './config'
export { type CoreAnswer, type CoreRequest, SEEDED_ACCOUNTS, type StubHooks } from './core'

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
  /** Behaviour planted in every request's run (tests, the contract toolkit's broken servers). */
  hooks?: StubHooks
}

export { CORS_ALLOWED_HEADERS, CORS_EXPOSED_HEADERS } from './node/cors'

/** Fastify's errors about a URL it cannot route, before any route or hook has run. */
const URL_FAULTS = new Set(['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH'])

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
function requestLine(request: FastifyRequest, reply: FastifyReply, session: string | null): string {
  const named = session ? ` [session ${session}]` : ''
  return `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms${named}`
}

/**
 * Builds the stub: the core (src/core) served by Fastify through one plugin that hands every
 * request to `core.handle()` (node/stub-plugin.ts), as the MSW adapter does. What is Fastify's
 * stays here: listening, logging, CORS, security headers, body limit, trusted proxies and the
 * requests Node or the router refuse. Tests call `inject()`, the CLI `listen()`.
 */
export function buildServer(options: ServerOptions = {}): FastifyInstance {
  const {
    now,
    randomBytes,
    logStream,
    logFormat = 'json',
    scryptCost,
    contract: givenContract,
    hooks,
    ...given
  } = options
  const config = resolveConfig(given)
  // Resolved through the package's export, so the source, the tests and the bundled dist/ all find it.
  const contract =
    givenContract ??
    loadContract(createRequire(import.meta.url).resolve('@devenv/openapi/openapi.yaml'))
  const realNow = now ?? Date.now
  const readable = logFormat === 'pretty'

  // Set once at start-up (below), before the first request: helmet's headers for JSON answers
  // and for the development pages.
  const securityHeaders: SecurityHeaders = { api: {}, page: {} }
  const corsHeaders = simpleCorsHeaders(config.corsOrigins)

  const serverOptions: FastifyServerOptions = {
    bodyLimit: stubRulesOf(contract, config).bodyLimitBytes,
    // The core routes and limits path parameters itself; the one wildcard route must not.
    routerOptions: { maxParamLength: Number.MAX_SAFE_INTEGER },
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
      answerClientError(socket, clientErrorAnswer(error), securityHeaders.api)
    },
    // Called before routing, so no hook has run: the answer gets its headers here. A URL the
    // router cannot decode is the client's fault: the core answers the contract's validation 400.
    frameworkErrors: (error, request, fastifyReply) => {
      const reply = fastifyReply as FastifyReply
      corsHeaders(request, reply)
      reply.headers(securityHeaders.api)
      if (URL_FAULTS.has(error.code)) {
        void core
          .handle(toStubRequest(request, 'bad-url'))
          .then((answer) => sendAnswer(reply, answer, securityHeaders))
        return
      }
      app.log.error({ err: error }, 'unexpected error')
      void reply.code(500).send({ message: API_MESSAGES.internal, code: 'INTERNAL_ERROR' })
    },
  }
  const app = Fastify(serverOptions)

  // SMTP_URL: every e-mail also goes out by SMTP, in every mode (production with a catcher is a
  // backend without development controls).
  const mail = config.smtpUrl ? smtpMailSender(config.smtpUrl, coreLog(app.log)) : null

  const core = createStubCore({
    ...config,
    contract,
    now: realNow,
    platform: {
      scrypt: nativeScrypt,
      hashingSlots: nativeHashingSlots,
      ...(randomBytes ? { randomBytes } : {}),
    },
    ...(scryptCost !== undefined ? { scryptCost } : {}),
    persistence: config.dataFile ? filePersistence(config.dataFile, realNow) : null,
    log: coreLog(app.log),
    ...(hooks ? { hooks } : {}),
    ...(mail ? { sendMail: mail.send } : {}),
  })

  // First of all hooks, and the only one every request runs: the CORS headers of simple requests
  // and the security headers.
  app.addHook('onRequest', (request, reply, done) => {
    // Preflights are answered by @fastify/cors alone (its OPTIONS route, below): one CORS policy.
    if (request.method !== 'OPTIONS') {
      corsHeaders(request, reply)
      // The contract's reference page carries its own policy (helmet's route option).
      const routeConfig = request.routeOptions.config as { helmet?: unknown }
      if (!routeConfig.helmet) reply.headers(securityHeaders.api)
    }
    done()
  })

  // The stub session of each answer, for the readable log line.
  const sessions = new WeakMap<FastifyRequest, string | null>()
  if (readable) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(requestLine(request, reply, sessions.get(request) ?? null))
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
      securityHeaders.api = await helmetHeaders(API_HELMET)
      securityHeaders.page = await helmetHeaders(DEV_PAGE_HELMET as FastifyHelmetOptions)
      await core.ready()
    }),
  )
  app.register(stubPlugin, {
    core,
    securityHeaders: () => securityHeaders,
    ...(readable ? { onAnswer: (request, answer) => sessions.set(request, answer.session) } : {}),
  })
  // The contract itself, as files: Node-only, so here rather than in the core.
  app.register(async (pages) => {
    await pages.register(helmet, { global: false })
    await pages.register(docsRoutes, { contract: core.contract })
  })

  app.addHook('onClose', async () => {
    await core.close()
    await mail?.close()
  })

  return app
}
