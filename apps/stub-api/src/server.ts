import { randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import { loadContract } from '@devenv/openapi'
import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { ConfigError, defaultConfig, type StubConfig } from './config'
import type { StubContext } from './context'
import { registerResponseCheck } from './contract/answer-check'
import { ApiError, errorBody, MESSAGES, validationError } from './contract/errors'
import {
  BODY_LIMIT_BYTES,
  registerErrorHandling,
  registerJsonBodyParser,
} from './contract/http-errors'
import { assertEveryOperationImplemented } from './contract/operations'
import { clockRoutes } from './dev/clock'
import { coverageRoutes } from './dev/coverage'
import { registerFaults } from './dev/faults'
import { inspectRoutes } from './dev/inspect'
import { requestedSession, StoreRegistry } from './dev/isolation'
import { mailboxRoutes } from './dev/mailbox'
import { singleSignOnRoutes } from './dev/sso'
import { docsRoutes } from './docs'
import { aiRoutes } from './routes/ai'
import { authRoutes } from './routes/auth'
import { contactRoutes } from './routes/contact'
import { environmentRoutes } from './routes/environments'
import { healthRoutes } from './routes/health'
import { profileRoutes } from './routes/profile'
import { telemetryRoutes } from './routes/telemetry'
import { corsOptions, simpleCorsHeaders } from './security/cors'
import { API_HELMET, helmetHeaders } from './security/headers'
import { createPasswordHasher, DEFAULT_SCRYPT_COST } from './security/passwords'
import { pooledRandomBytes } from './security/random'
import { REDACT_PATHS, REDACTED, requestLogFields } from './security/redaction'
import { createTokenService } from './security/tokens'
import { loadStateFile, StateWriter } from './state/persistence'
import { hashSeedPasswords, seedStore } from './state/seeds'
import { type Randomness, StubStore, uuidFrom } from './state/store'

export type { StubConfig } from './config'
export { ConfigError, readConfig } from './config'
export { SEEDED_ACCOUNTS } from './state/seeds'

export type ServerOptions = Partial<StubConfig> & {
  /** Milliseconds since the epoch; injected so tests control uptime, expiry and lifecycles. */
  now?: () => number
  /** Source of salts, tokens and ids; injected so tests can fix them. */
  randomBytes?: Randomness
  /** Where the log goes (tests capture it); stdout by default. */
  logStream?: { write(line: string): void }
  /** scrypt's cost N; tests lower it for speed. */
  scryptCost?: number
}

export { CORS_ALLOWED_HEADERS, CORS_EXPOSED_HEADERS } from './security/cors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Fastify's errors about a URL it cannot route, and what the 400 says of them. */
const URL_FAULTS: Readonly<Record<string, string>> = {
  FST_ERR_BAD_URL: 'The request URL has a malformed %-escape',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter of the request URL is too long',
}

function resolveConfig(options: ServerOptions): StubConfig {
  const { now: _now, randomBytes: _random, logStream: _log, scryptCost: _cost, ...given } = options
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

/** Builds the stub; tests call `inject()` on it, the CLI calls `listen()`. */
export function buildServer(options: ServerOptions = {}): FastifyInstance {
  const config = resolveConfig(options)
  const realNow = options.now ?? Date.now
  const randomBytes = options.randomBytes ?? pooledRandomBytes()
  const scryptCost = options.scryptCost ?? DEFAULT_SCRYPT_COST
  const devControls = config.mode !== 'production'

  const serverOptions: FastifyServerOptions = {
    bodyLimit: BODY_LIMIT_BYTES,
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: {
        req: requestLogFields,
        res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      },
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
      void (reply as FastifyReply)
        .headers(apiHeaders)
        .code(answer.status)
        .send(errorBody(answer, false))
    },
  }
  const app = Fastify(serverOptions)

  // Injected randomness fixes ids too; otherwise Node's randomUUID (it caches entropy) is faster.
  const makeId = options.randomBytes ? () => uuidFrom(randomBytes) : randomUUID
  const makeStore = (id: string) =>
    new StubStore(id, realNow, randomBytes, config.rateLimits, makeId)
  const defaultStore = makeStore('default')
  const ctx: StubContext = {
    config,
    // Resolved through the package's export, so the source, the tests and the bundled dist/ all find it.
    contract: loadContract(createRequire(import.meta.url).resolve('@devenv/openapi/openapi.yaml')),
    realNow,
    startedAt: realNow(),
    randomBytes,
    passwords: createPasswordHasher({ cost: scryptCost, randomBytes }),
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
    writer: config.dataFile
      ? new StateWriter(config.dataFile, () => defaultStore.snapshot(), realNow)
      : null,
    seedPasswords: null,
    implemented: new Set(),
  }

  app.decorateRequest('store', null as unknown as StubStore)
  app.decorateRequest('account', null)
  app.decorateRequest('claims', null)
  app.decorateRequest('contractExempt', false)

  registerJsonBodyParser(app)
  registerErrorHandling(app, ctx)

  // Set once at start-up (below), before the first request: helmet's headers for JSON answers.
  let apiHeaders: Record<string, string> = {}
  const corsHeaders = simpleCorsHeaders(config.corsOrigins)

  // First of all hooks, and the only one every request runs: the request's own store (every later
  // hook and handler works on it), the CORS headers of simple requests and the security headers.
  app.addHook('onRequest', (request: FastifyRequest, reply, done) => {
    const session = devControls ? requestedSession(request, request.url.startsWith('/__dev')) : null
    request.store = ctx.registry.storeFor(session)
    // Preflights are answered by @fastify/cors alone (its OPTIONS route, below), as before.
    if (request.method !== 'OPTIONS') {
      corsHeaders(request, reply)
      // Pages carry their own helmet policy (route option), applied by helmet itself.
      if (!(request.routeOptions.config as { helmet?: unknown }).helmet) reply.headers(apiHeaders)
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
    }),
  )

  // After CORS and helmet, so forced answers carry their headers too.
  app.register(
    fastifyPlugin(async (root) => {
      if (devControls) registerFaults(root, ctx)
      if (ctx.checkResponses) registerResponseCheck(root, ctx)
      const writer = ctx.writer
      if (writer) {
        root.addHook('onSend', async (request, reply, payload) => {
          if (request.store !== defaultStore || SAFE_METHODS.has(request.method)) return payload
          try {
            // The answer leaves only once its change is on disk.
            await writer.save()
            return payload
          } catch (error) {
            request.log.error({ err: error }, 'could not save the stub state')
            reply.code(500).header('content-type', 'application/json; charset=utf-8')
            return JSON.stringify(
              errorBody(new ApiError(500, 'INTERNAL_ERROR', MESSAGES.internal), false),
            )
          }
        })
      }
    }),
  )

  app.register(
    fastifyPlugin(async (root) => {
      if (config.seed) ctx.seedPasswords = await hashSeedPasswords(ctx.passwords, scryptCost)
      if (ctx.writer) {
        const loaded = await loadStateFile(ctx.writer.path, realNow())
        if (loaded.removedTempFiles.length > 0) {
          root.log.warn({ files: loaded.removedTempFiles }, 'removed unfinished state writes')
        }
        if (loaded.status === 'loaded') defaultStore.restore(loaded.snapshot)
        if (loaded.status === 'corrupt') {
          root.log.error(
            { movedTo: loaded.movedTo, reason: loaded.reason },
            'the state file was unreadable and was moved aside; starting empty',
          )
        }
      }
      if (config.seed && ctx.seedPasswords) seedStore(defaultStore, ctx.seedPasswords)
      if (ctx.writer) await ctx.writer.save()
      if (config.mode === 'development' && config.jwtSecretIsDefault) {
        root.log.warn('JWT_SECRET is not set: signing tokens with the fixed development secret')
      }
    }),
  )

  const plugins = [
    authRoutes,
    profileRoutes,
    environmentRoutes,
    aiRoutes,
    contactRoutes,
    telemetryRoutes,
    healthRoutes,
  ]
  for (const plugin of plugins) app.register(plugin, { ctx })
  // Pages get their own policy per route (helmet's route option); JSON keeps the API headers.
  app.register(async (pages) => {
    await pages.register(helmet, { global: false })
    const pagePlugins = devControls
      ? [mailboxRoutes, singleSignOnRoutes, clockRoutes, inspectRoutes, coverageRoutes, docsRoutes]
      : [docsRoutes]
    for (const plugin of pagePlugins) pages.register(plugin, { ctx })
  })

  app.addHook('onReady', async () => assertEveryOperationImplemented(ctx))
  app.addHook('onClose', async () => {
    if (!ctx.writer) return
    await ctx.writer.flush()
    await ctx.writer.save()
  })

  return app
}
