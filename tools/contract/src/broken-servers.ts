import { createHash } from 'node:crypto'
import { buildServer, type ServerOptions } from '@devenv/stub-api'
import { decodeJwt, decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose'
import type { RunOptions } from './runner'

// Deliberately broken servers: the real stub, each with one bug a backend really ships planted
// through Fastify hooks (or one wrong setting). The contract runner must catch every one of them.

type Stub = ReturnType<typeof buildServer>
/** The stub's request, with its store and signed-in account (the stub's own type augmentation). */
type Request = Parameters<Parameters<Stub['route']>[0]['handler']>[0]

/** The kinds of bug real backends ship, as the issue lists them. */
export const BUG_KINDS = [
  'token handling',
  '5xx on bad input',
  'wrong types in answers',
  'missing authentication',
  'missing authorisation',
  'state not changed',
  'state changed when it should not',
  'limits and locks',
  'links usable twice',
  'undocumented status, content type or header',
  'error body out of shape',
] as const
export type BugKind = (typeof BUG_KINDS)[number]

export type BrokenServer = {
  /** The bug, as a backend developer would describe the mistake. */
  bug: string
  kind: BugKind
  /** Only the suites needed to catch it run (the runner's `only`). */
  only: NonNullable<RunOptions['only']>
  /**
   * The check that must fail: its suite's name starts with `suite`, its name matches `check`, its
   * message contains `message` (in any letter case).
   */
  caughtBy: { suite: string; check: string | RegExp; message?: string }
  /** Stub settings that are the bug (a limit switched off). */
  settings?: Partial<ServerOptions>
  plant?: (stub: Stub) => void
}

/** The servers' signing key: a planted bug re-signs a token that a careless server accepts. */
const JWT_SECRET = 'broken-servers-signing-key-of-at-least-32-chars'
const KEY = new TextEncoder().encode(JWT_SECRET)

const operationOf = (request: Request) => request.routeOptions.config.operationId
const bodyOf = (request: Request) => (request.body ?? {}) as Record<string, unknown>
const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex')
const bearerOf = (request: Request) =>
  /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1]

/** Runs `hook` before the handler of one operation, with the body parsed and the user known. */
function beforeHandler(stub: Stub, operationId: string, hook: (request: Request) => void): void {
  stub.addHook('preHandler', async (request) => {
    if (operationOf(request) === operationId) hook(request)
  })
}

/** Rewrites answers: `change` gets the status and the JSON body and answers new ones or nothing. */
function rewriteAnswers(
  stub: Stub,
  change: (
    request: Request,
    status: number,
    body: unknown,
  ) => { status?: number; body?: unknown; contentType?: string; text?: string } | undefined,
): void {
  stub.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string') return payload
    let body: unknown
    try {
      body = payload === '' ? undefined : JSON.parse(payload)
    } catch {
      return payload
    }
    const changed = change(request, reply.statusCode, body)
    if (!changed) return payload
    if (changed.status) reply.code(changed.status)
    if (changed.contentType) reply.header('content-type', changed.contentType)
    return changed.text ?? JSON.stringify(changed.body ?? body)
  })
}

/** Re-signs the bearer token with the server's key when `accept` says a careless one takes it. */
function acceptTokens(stub: Stub, accept: (token: string, now: Date) => Promise<boolean>): void {
  stub.addHook('onRequest', async (request) => {
    const token = bearerOf(request)
    if (!token) return
    try {
      if (!(await accept(token, new Date(request.store.now())))) return
      const claims = decodeJwt(token)
      const exp = Math.floor(request.store.now() / 1000) + 900
      const resigned = await new SignJWT({ ...claims, exp })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(KEY)
      request.headers.authorization = `Bearer ${resigned}`
    } catch {
      // Not a JWT at all: the stub refuses it as it should.
    }
  })
}

/** Why the stub's own check refuses a token, or undefined when it is valid. */
async function refusal(token: string, now: Date): Promise<unknown> {
  try {
    await jwtVerify(token, KEY, { algorithms: ['HS256'], currentDate: now })
    return undefined
  } catch (error) {
    return error
  }
}

export const BROKEN_SERVERS: BrokenServer[] = [
  {
    bug: 'a used refresh token still refreshes (no reuse detection)',
    kind: 'token handling',
    only: { flows: ['account'] },
    caughtBy: { suite: 'account', check: 'the old refresh token again: 401 REFRESH_TOKEN_REUSED' },
    plant: (stub) =>
      beforeHandler(stub, 'refreshToken', (request) => {
        const token = request.store.refreshTokens.get(sha256(String(bodyOf(request).refreshToken)))
        if (token) token.usedAt = null
      }),
  },
  {
    bug: 'the signature of an access token is not checked (decode instead of verify)',
    kind: 'token handling',
    only: { flows: ['tokens'] },
    caughtBy: { suite: 'tokens', check: 'the same claims signed with another key: 401' },
    plant: (stub) =>
      acceptTokens(
        stub,
        async (token, now) =>
          (await refusal(token, now)) instanceof errors.JWSSignatureVerificationFailed,
      ),
  },
  {
    bug: 'a token with alg: none is accepted (the algorithm is read from the token)',
    kind: 'token handling',
    only: { flows: ['tokens'] },
    caughtBy: { suite: 'tokens', check: 'alg: none, without a signature: 401' },
    plant: (stub) =>
      acceptTokens(stub, async (token) => decodeProtectedHeader(token).alg === 'none'),
  },
  {
    bug: 'an expired access token is accepted (exp is not checked)',
    kind: 'token handling',
    only: { flows: ['tokens'] },
    caughtBy: { suite: 'tokens', check: /^past its expiry the access token is refused: 401/ },
    plant: (stub) =>
      acceptTokens(
        stub,
        async (token, now) => (await refusal(token, now)) instanceof errors.JWTExpired,
      ),
  },
  {
    bug: 'sign-out only forgets the refresh token on the client: the session stays valid',
    kind: 'token handling',
    only: { flows: ['tokens'] },
    caughtBy: {
      suite: 'tokens',
      check: 'after sign-out the access token is refused: GET /user/profile 401',
    },
    plant: (stub) =>
      stub.addHook('preValidation', async (request) => {
        if (operationOf(request) === 'signOut') request.body = {}
      }),
  },
  {
    bug: 'a name that is not a string crashes the handler before validation (500)',
    kind: '5xx on bad input',
    only: { operations: ['createEnvironment'] },
    caughtBy: {
      suite: 'createEnvironment',
      check: /^refuses .*name.* of the wrong type/,
      message: 'expected a 4xx refusal, got 500',
    },
    plant: (stub) =>
      stub.addHook('preValidation', async (request) => {
        if (operationOf(request) !== 'createEnvironment')
          return // The careless line: lower-casing before the body was validated.
        ;(bodyOf(request).name as string).toLowerCase()
      }),
  },
  {
    bug: 'an environment id that is not a UUID reaches the database cast (500)',
    kind: '5xx on bad input',
    only: { operations: ['getEnvironment'] },
    caughtBy: {
      suite: 'getEnvironment',
      check: /^refuses path parameter id=/,
      message: 'expected a 4xx refusal, got 500',
    },
    plant: (stub) =>
      stub.addHook('preValidation', async (request) => {
        if (operationOf(request) !== 'getEnvironment') return
        const { id } = request.params as { id: string }
        if (!/^[0-9a-f-]{36}$/i.test(id))
          throw new Error(`invalid input syntax for type uuid: ${id}`)
      }),
  },
  {
    bug: 'the profile answers createdAt as epoch milliseconds, not a date-time string',
    kind: 'wrong types in answers',
    only: { operations: ['getProfile'] },
    caughtBy: {
      suite: 'getProfile',
      check: 'documented request answers a documented status and body',
      message: 'createdAt',
    },
    plant: (stub) =>
      rewriteAnswers(stub, (request, status, body) =>
        operationOf(request) === 'getProfile' && status === 200
          ? { body: { ...(body as object), createdAt: Date.now() } }
          : undefined,
      ),
  },
  {
    bug: 'sign-in answers token_valid_seconds as a string',
    kind: 'wrong types in answers',
    only: { flows: ['account'] },
    caughtBy: {
      suite: 'account',
      check: 'sign in: 200 with a token pair',
      message: 'token_valid_seconds',
    },
    plant: (stub) =>
      rewriteAnswers(stub, (request, status, body) =>
        operationOf(request) === 'signIn' && status === 200
          ? { body: { ...(body as object), token_valid_seconds: '900' } }
          : undefined,
      ),
  },
  {
    bug: 'the environment list forgot its authentication: anyone gets 200',
    kind: 'missing authentication',
    only: { operations: ['listEnvironments'] },
    caughtBy: { suite: 'listEnvironments', check: 'without a bearer token: 401' },
    plant: (stub) =>
      stub.addHook('onRequest', async (request, reply) => {
        if (operationOf(request) === 'listEnvironments' && !bearerOf(request))
          return reply.code(200).send({ items: [] })
      }),
  },
  {
    bug: 'an environment is read by id without checking its owner (BOLA)',
    kind: 'missing authorisation',
    only: { flows: ['authorisation'] },
    caughtBy: { suite: 'authorisation', check: "another user's GET of it: 404" },
    plant: (stub) => actAsOwner(stub, 'getEnvironment'),
  },
  {
    bug: 'an environment is deleted by id without checking its owner (BOLA)',
    kind: 'missing authorisation',
    only: { flows: ['authorisation'] },
    caughtBy: { suite: 'authorisation', check: "another user's DELETE of it: 404" },
    plant: (stub) => actAsOwner(stub, 'deleteEnvironment'),
  },
  {
    bug: 'the environment list is cached by URL, not per user: others see it',
    kind: 'missing authorisation',
    only: { flows: ['authorisation'] },
    caughtBy: { suite: 'authorisation', check: "another user's list does not include it" },
    plant: (stub) => {
      const cache = new Map<string, string>()
      stub.addHook('onRequest', async (request, reply) => {
        const cached = cache.get(request.url)
        if (operationOf(request) === 'listEnvironments' && cached)
          return reply.code(200).header('content-type', 'application/json').send(cached)
      })
      stub.addHook('onSend', async (request, reply, payload) => {
        if (operationOf(request) === 'listEnvironments' && reply.statusCode === 200)
          cache.set(request.url, String(payload))
        return payload
      })
    },
  },
  {
    bug: 'a profile update answers the new values but is never saved',
    kind: 'state not changed',
    only: { flows: ['profile'] },
    caughtBy: { suite: 'profile', check: 'the next read shows the update' },
    plant: (stub) =>
      beforeHandler(stub, 'updateProfile', (request) => {
        if (request.account) request.account = { ...request.account }
      }),
  },
  {
    bug: 'a password change answers 200 but the old hash is written back',
    kind: 'state not changed',
    only: { flows: ['password'] },
    caughtBy: { suite: 'password', check: 'the new password signs in: 200' },
    plant: (stub) => {
      const before = new WeakMap<object, { account: { passwordHash: string }; hash: string }>()
      beforeHandler(stub, 'changePassword', (request) => {
        const account = request.store.findAccountByEmail(String(bodyOf(request).username))
        if (account) before.set(request, { account, hash: account.passwordHash })
      })
      stub.addHook('onSend', async (request, _reply, payload) => {
        const saved = before.get(request)
        if (saved) saved.account.passwordHash = saved.hash
        return payload
      })
    },
  },
  {
    bug: 'a refused profile update (empty first name) saved its other fields first',
    kind: 'state changed when it should not',
    only: { flows: ['profile'] },
    caughtBy: { suite: 'profile', check: 'the refused update changed nothing' },
    plant: (stub) =>
      stub.addHook('onSend', async (request, reply, payload) => {
        const { account } = request
        const body = bodyOf(request)
        if (operationOf(request) === 'updateProfile' && reply.statusCode === 400 && account) {
          if (typeof body.lastName === 'string') account.lastName = body.lastName
          if (typeof body.company === 'string') account.company = body.company
        }
        return payload
      }),
  },
  {
    bug: 'a wrong old password is answered 200 (the error is swallowed)',
    kind: 'state changed when it should not',
    only: { flows: ['password'] },
    caughtBy: { suite: 'password', check: 'a wrong old password: 401' },
    plant: (stub) =>
      rewriteAnswers(stub, (request, status) =>
        operationOf(request) === 'changePassword' && status === 401
          ? { status: 200, body: { message: 'Password changed successfully' } }
          : undefined,
      ),
  },
  {
    bug: 'sign-in does not check activation',
    kind: 'state changed when it should not',
    only: { flows: ['registration'] },
    caughtBy: {
      suite: 'registration',
      check: /^sign in before activation with the first password: 403/,
    },
    plant: (stub) =>
      beforeHandler(stub, 'signIn', (request) => {
        const account = request.store.findAccountByEmail(String(bodyOf(request).email))
        if (account) account.activated = true
      }),
  },
  {
    bug: 'registering a taken address replaces the account (no unique check)',
    kind: 'state changed when it should not',
    only: { flows: ['registration'] },
    // A 201 is documented too (uniform answers); the replaced account then refuses its password.
    caughtBy: {
      suite: 'registration',
      check: /^sign in before activation with the first password/,
    },
    plant: (stub) =>
      beforeHandler(stub, 'register', (request) => {
        const taken = request.store.findAccountByEmail(String(bodyOf(request).username))
        if (taken) request.store.accounts.delete(taken.id)
      }),
  },
  {
    bug: 'the taken-address check compares e-mails case-sensitively',
    kind: 'state changed when it should not',
    only: { flows: ['registration'] },
    caughtBy: { suite: 'registration', check: /^the same address in capitals again/ },
    plant: (stub) =>
      beforeHandler(stub, 'register', (request) => {
        const username = String(bodyOf(request).username)
        const taken = request.store.findAccountByEmail(username)
        if (taken && taken.email !== username) request.store.accounts.delete(taken.id)
      }),
  },
  {
    bug: 'the login lock is never enforced (the failure count is reset on every attempt)',
    kind: 'limits and locks',
    only: { flows: ['login-lock'] },
    caughtBy: { suite: 'login lock', check: /^sixth attempt: 429/ },
    plant: (stub) =>
      beforeHandler(stub, 'signIn', (request) => {
        request.store.loginLocks.delete(String(bodyOf(request).email).trim().toLowerCase())
      }),
  },
  {
    bug: 'the rate limits are switched off in the deployed settings',
    kind: 'limits and locks',
    only: { flows: ['rate-limits'] },
    settings: { rateLimits: 'off' },
    caughtBy: {
      suite: 'rate limits',
      check: /^requestPasswordReset, \d+ per email in \d+ s: the next request is refused/,
    },
  },
  {
    bug: 'a 429 goes out without Retry-After',
    kind: 'undocumented status, content type or header',
    only: { flows: ['login-lock'] },
    caughtBy: {
      suite: 'login lock',
      check: /^sixth attempt: 429/,
      message: 'the Retry-After header is missing',
    },
    plant: (stub) =>
      stub.addHook('onSend', async (_request, reply, payload) => {
        if (reply.statusCode === 429) reply.removeHeader('retry-after')
        return payload
      }),
  },
  {
    bug: 'a password reset link works twice',
    kind: 'links usable twice',
    only: { flows: ['reset-link'] },
    caughtBy: { suite: 'password reset link', check: /^the same link again: 400/ },
    plant: (stub) =>
      beforeHandler(stub, 'setPassword', (request) => {
        const hash = String(bodyOf(request).hash).toLowerCase()
        const link = request.store.resetLinks.get(sha256(hash))
        if (link) link.usedAt = null
      }),
  },
  {
    bug: 'an activation link works twice',
    kind: 'links usable twice',
    only: { flows: ['account'] },
    caughtBy: { suite: 'account', check: 'the same token again: 400 ACTIVATION_TOKEN_USED' },
    plant: (stub) =>
      beforeHandler(stub, 'activateAccount', (request) => {
        const activation = request.store.activations.get(sha256(String(bodyOf(request).token)))
        if (activation) activation.usedAt = null
      }),
  },
  {
    bug: 'registration answers 200 instead of the documented 201',
    kind: 'undocumented status, content type or header',
    only: { flows: ['registration'] },
    caughtBy: {
      suite: 'registration',
      check: 'register a new address: 201',
      message: 'not documented',
    },
    plant: (stub) =>
      rewriteAnswers(stub, (request, status) =>
        operationOf(request) === 'register' && status === 201 ? { status: 200 } : undefined,
      ),
  },
  {
    bug: 'a 401 is answered by the web server as an HTML page',
    kind: 'undocumented status, content type or header',
    only: { operations: ['getProfile'] },
    caughtBy: {
      suite: 'getProfile',
      check: 'without a bearer token: 401',
      message: 'content type "text/html" is not documented',
    },
    plant: (stub) =>
      rewriteAnswers(stub, (_request, status) =>
        status === 401
          ? {
              contentType: 'text/html; charset=utf-8',
              text: '<html><body><h1>401 Unauthorized</h1></body></html>',
            }
          : undefined,
      ),
  },
  {
    bug: 'a created environment is answered without its Location header',
    kind: 'undocumented status, content type or header',
    only: { operations: ['createEnvironment'] },
    caughtBy: {
      suite: 'createEnvironment',
      check: /^example .* answers a documented status and body/,
      message: 'the Location header is missing',
    },
    plant: (stub) =>
      stub.addHook('onSend', async (request, reply, payload) => {
        if (operationOf(request) === 'createEnvironment') reply.removeHeader('location')
        return payload
      }),
  },
  {
    bug: "validation errors in the framework's default shape ({ error, statusCode }, no message)",
    kind: 'error body out of shape',
    only: { operations: ['submitContact'] },
    caughtBy: {
      suite: 'submitContact',
      check: /^refuses /,
      message: "must have required property 'message'",
    },
    plant: (stub) =>
      rewriteAnswers(stub, (_request, status) =>
        status === 400 ? { body: { error: 'Bad Request', statusCode: 400 } } : undefined,
      ),
  },
]

/** Before reading or deleting an environment, the handler acts as its owner: no owner check. */
function actAsOwner(stub: Stub, operationId: string): void {
  beforeHandler(stub, operationId, (request) => {
    const { id } = request.params as { id: string }
    const environment = request.store.environments.get(id.toLowerCase())
    const owner = environment && request.store.accounts.get(environment.accountId)
    if (owner) request.account = owner
  })
}

/** Settings every broken server shares; the bug's own settings and hooks come on top. */
const BASE_SETTINGS: ServerOptions = {
  // Development mode logs answer drift instead of making it a 500: planted bugs show as they are.
  mode: 'development',
  logLevel: 'silent',
  jwtSecret: JWT_SECRET,
  provisionSeconds: 1,
  deleteSeconds: 1,
  // Cheap hashing: these servers hash many passwords and prove nothing about scrypt.
  scryptCost: 1024,
}

/** Starts a stub on a free loopback port, with the bug planted (or none: the unbroken server). */
export async function startStub(
  broken?: BrokenServer,
): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const stub = buildServer({ ...BASE_SETTINGS, ...broken?.settings })
  broken?.plant?.(stub)
  const baseUrl = await stub.listen({ host: '127.0.0.1', port: 0 })
  return { baseUrl, close: () => stub.close() }
}
