/**
 * The stub's settings, in one place for every way it starts: from the environment (`readConfig`,
 * the CLI) or given in code (`resolveConfig`, the adapters and `createStubCore`). No Node here: the
 * core runs in browsers and imports its `StubConfig` from this file.
 */
import * as z from 'zod'

/** The fixed development secret: fine on a laptop, refused in production (see readConfig). */
export const DEVELOPMENT_JWT_SECRET = 'devenv-stub-development-secret-do-not-use-in-production'

/** HS256 wants a key as long as its hash: 32 bytes (RFC 7518, section 3.2). */
export const JWT_SECRET_MIN_BYTES = 32

/**
 * Every signing secret written in this repository, besides the development one: its tools', tests'
 * and benchmarks' keys. Anyone can read them, so a token forged with one would be accepted; a
 * production start from the environment refuses them. `repository-secrets.test.ts` scans the
 * repository for secrets written as literals, so a new one is added here or the test fails; one
 * no longer written stays listed, as the history still shows it.
 */
export const REPOSITORY_JWT_SECRETS: readonly string[] = [
  // tools/contract: the fuzzer's key (FUZZ_JWT_SECRET), the broken servers' (BROKEN_SERVERS_JWT_SECRET)
  'reliability-fuzz-secret-known-to-the-fuzzer-only',
  'broken-servers-signing-key-of-at-least-32-chars',
  // tools/contract's tests
  'a-production-secret-the-fuzzer-does-not-know-0123',
  'a-development-secret-the-fuzzer-does-not-know-01',
  'cli-test-production-signing-key-0123456789',
  'flows-test-production-signing-key-0123456789',
  'stub-sessions-test-signing-key-0123456789',
  // tools/reliability: the crash test and the soak
  'crash-test-secret-of-at-least-32-characters',
  'soak-test-secret-of-at-least-32-characters',
  // this package's benchmarks and tests
  'benchmark-secret-of-at-least-32-characters',
  'a-production-secret-of-at-least-32-chars',
  'smtp-test-production-signing-key-0123456789',
]

/** A secret's entropy as its characters' counts suggest (Shannon, in bits, times its length). */
export function estimatedEntropyBits(secret: string): number {
  const characters = Array.from(secret)
  const counts = new Map<string, number>()
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1)
  let bitsPerCharacter = 0
  for (const count of counts.values()) {
    const share = count / characters.length
    bitsPerCharacter -= share * Math.log2(share)
  }
  return bitsPerCharacter * characters.length
}

/**
 * Below this a production secret is refused as guessable: 32 × `a` estimates 0, `password` four
 * times 88; `openssl rand -hex 16` (32 characters) about 115 (95 the least in 10,000 draws),
 * `-hex 32` about 245.
 */
export const JWT_SECRET_MIN_ENTROPY_BITS = 90

/**
 * Why a signing secret cannot be used, or null: too short in any mode; in production also the
 * published development secret, and one of too little entropy (a token forged with either would
 * be accepted). Each reason is one line, and none repeats the secret.
 */
export function jwtSecretProblem(secret: string, mode: StubMode): string | null {
  if (new TextEncoder().encode(secret).length < JWT_SECRET_MIN_BYTES) {
    return `must be at least ${JWT_SECRET_MIN_BYTES} bytes (UTF-8)`
  }
  if (mode !== 'production') return null
  if (secret === DEVELOPMENT_JWT_SECRET) {
    return 'is the published development secret; production needs a secret of its own'
  }
  const bits = estimatedEntropyBits(secret)
  if (bits < JWT_SECRET_MIN_ENTROPY_BITS) {
    return `has too little entropy (about ${Math.floor(bits)} bits by its characters, ${JWT_SECRET_MIN_ENTROPY_BITS} needed): use random bytes, e.g. openssl rand -hex 32`
  }
  return null
}

/**
 * The environment's rule (a deployment starts from it): `jwtSecretProblem`, and in production no
 * secret written in this repository. A stub built in code is the repository's own tests and
 * tools, which start production mode with their fixtures' keys on purpose.
 */
export function deployedJwtSecretProblem(secret: string, mode: StubMode): string | null {
  const problem = jwtSecretProblem(secret, mode)
  if (problem || mode !== 'production') return problem
  return REPOSITORY_JWT_SECRETS.includes(secret)
    ? 'is written in this repository; production needs a secret of its own'
    : null
}

export const DEFAULT_CORS_ORIGINS = [
  'http://127.0.0.1:5173',
  'http://localhost:5173',
  'http://127.0.0.1:4173',
  'http://localhost:4173',
] as const

export const STUB_MODES = ['development', 'test', 'production'] as const
export type StubMode = (typeof STUB_MODES)[number]

export const RATE_LIMIT_MODES = ['on', 'relaxed', 'off'] as const
export type RateLimitMode = (typeof RATE_LIMIT_MODES)[number]

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

const integer = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback)

const seconds = (fallback: number) => z.coerce.number().min(0).max(3600).default(fallback)

// proxy-addr's (Fastify's trustProxy) forms: an address, a CIDR range, or one of its named ranges.
const trustedProxy = z.union(
  [z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(['loopback', 'linklocal', 'uniquelocal'])],
  { error: 'must be an IP address, a CIDR range, loopback, linklocal or uniquelocal' },
)

const origin = z
  .url({ protocol: /^https?$/ })
  .refine((value) => new URL(value).origin === value.replace(/\/$/, ''), {
    message: 'must be an origin (scheme, host and port, no path)',
  })

// The only place that reads the environment: every setting is validated once, at start-up.
const settingsSchema = z
  .object({
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: integer(0, 65535, 4010),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    STUB_MODE: z.enum(STUB_MODES).default('development'),
    // No default: the contract's lifetime (`x-lifetimes`) unless a test shortens it.
    TOKEN_VALID_SECONDS: z.coerce.number().int().min(1).max(86400).optional(),
    JWT_SECRET: z.string().optional(),
    // No default here: the default depends on the mode (modeDefaults).
    CORS_ORIGINS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((each) => each.trim())
          .filter((each) => each !== ''),
      )
      .pipe(z.array(origin))
      .optional(),
    DATA_FILE: z.string().min(1).optional(),
    // Nothing by default: X-Forwarded-For is read only from a proxy named here.
    TRUST_PROXY: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((each) => each.trim())
          .filter((each) => each !== ''),
      )
      .pipe(z.array(trustedProxy)),
    PROVISION_SECONDS: seconds(3),
    DELETE_SECONDS: seconds(2),
    RESET_LINK_MINUTES: z.coerce.number().int().min(1).max(1440).optional(),
    UNIFORM_ACCOUNT_ANSWERS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    SITE_URL: z
      .url({ protocol: /^https?$/ })
      .default('http://127.0.0.1:5173')
      .transform((value) => value.replace(/\/+$/, '')),
    RATE_LIMITS: z.enum(RATE_LIMIT_MODES).default('on'),
    // Unset: mail is only captured in the development mailbox. Credentials may sit in the URL.
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL (smtp://host:port)' })
      .optional(),
    SEED: z
      .enum(['on', 'off'])
      .optional()
      .transform((value) => (value === undefined ? undefined : value === 'on')),
  })
  .superRefine((settings, context) => {
    if (settings.STUB_MODE === 'production' && settings.JWT_SECRET === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is required when STUB_MODE=production',
      })
    }
    const problem =
      settings.JWT_SECRET === undefined
        ? null
        : deployedJwtSecretProblem(settings.JWT_SECRET, settings.STUB_MODE)
    if (problem) context.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: problem })
  })

export type StubConfig = {
  host: string
  port: number
  logLevel: LogLevel
  mode: StubMode
  /** The access token's lifetime; null: the contract's (`x-lifetimes.accessToken`). */
  tokenValidSeconds: number | null
  jwtSecret: string
  /** True when JWT_SECRET was not given and the development secret is in use. */
  jwtSecretIsDefault: boolean
  corsOrigins: string[]
  dataFile: string | null
  /** Proxies whose X-Forwarded-For names the client (rate limits key on it); none by default. */
  trustProxy: string[]
  provisionSeconds: number
  deleteSeconds: number
  /** The reset link's lifetime; null: the contract's (`x-lifetimes.resetLink`). */
  resetLinkMinutes: number | null
  /** Forgot-password and registration answer alike whether an account has the address or not. */
  uniformAccountAnswers: boolean
  siteUrl: string
  rateLimits: RateLimitMode
  seed: boolean
  /** Where every e-mail also goes out by SMTP (any mode); null: only the development mailbox. */
  smtpUrl: string | null
}

/**
 * What a mode gives when a setting is not given: development and test seed the demo accounts and
 * allow the local site's origins; production seeds nothing and allows no origin unless told.
 */
export function modeDefaults(mode: StubMode): Pick<StubConfig, 'seed' | 'corsOrigins'> {
  return mode === 'production'
    ? { seed: false, corsOrigins: [] }
    : { seed: true, corsOrigins: [...DEFAULT_CORS_ORIGINS] }
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const SETTING_NAMES = Object.keys(settingsSchema.shape)

/** Settings whose value may hold a secret (a key, SMTP credentials): never echoed in a message. */
const SECRET_SETTINGS = new Set(['JWT_SECRET', 'SMTP_URL'])

/** Old names of settings: given, the start stops and names the new one, instead of ignoring it. */
const RENAMED_SETTINGS: Readonly<Record<string, string>> = {
  UNIFORM_RESET_ANSWERS: 'UNIFORM_ACCOUNT_ANSWERS (it covers registration too)',
}

export function readConfig(env: Record<string, string | undefined>): StubConfig {
  // An empty variable (PORT=) means "not set", as in most shells' `VAR= command`.
  const given = Object.fromEntries(
    SETTING_NAMES.map((name) => [name, env[name]]).filter(([, value]) => value !== ''),
  )
  const renamed = Object.entries(RENAMED_SETTINGS).filter(([old]) => (env[old] ?? '') !== '')
  if (renamed.length > 0) {
    const lines = renamed.map(([old, name]) => `  ${old}: renamed; set ${name} instead`)
    throw new ConfigError(`Invalid stub settings:\n${lines.join('\n')}`)
  }
  const parsed = settingsSchema.safeParse(given)
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => {
        const name = String(issue.path[0] ?? '')
        const shown = SECRET_SETTINGS.has(name) ? '(hidden)' : JSON.stringify(env[name])
        return `  ${name}=${shown}: ${issue.message}`
      })
      .join('\n')
    throw new ConfigError(`Invalid stub settings:\n${problems}`)
  }
  const settings = parsed.data
  const defaults = modeDefaults(settings.STUB_MODE)
  return {
    host: settings.HOST,
    port: settings.PORT,
    logLevel: settings.LOG_LEVEL,
    mode: settings.STUB_MODE,
    tokenValidSeconds: settings.TOKEN_VALID_SECONDS ?? null,
    jwtSecret: settings.JWT_SECRET ?? DEVELOPMENT_JWT_SECRET,
    jwtSecretIsDefault: settings.JWT_SECRET === undefined,
    corsOrigins: settings.CORS_ORIGINS ?? defaults.corsOrigins,
    dataFile: settings.DATA_FILE ?? null,
    trustProxy: settings.TRUST_PROXY,
    provisionSeconds: settings.PROVISION_SECONDS,
    deleteSeconds: settings.DELETE_SECONDS,
    resetLinkMinutes: settings.RESET_LINK_MINUTES ?? null,
    uniformAccountAnswers: settings.UNIFORM_ACCOUNT_ANSWERS,
    siteUrl: settings.SITE_URL,
    rateLimits: settings.RATE_LIMITS,
    seed: settings.SEED ?? defaults.seed,
    smtpUrl: settings.SMTP_URL ?? null,
  }
}

/** The defaults, as `readConfig({})` gives them. */
export function defaultConfig(): StubConfig {
  return readConfig({})
}

/** The settings given, over the mode's defaults; the production rules of readConfig applied. */
export function resolveConfig(given: Partial<StubConfig>): StubConfig {
  const defined = Object.fromEntries(
    Object.entries(given).filter(([, value]) => value !== undefined),
  )
  const mode = given.mode ?? defaultConfig().mode
  const config = { ...defaultConfig(), ...modeDefaults(mode), ...defined }
  if (given.jwtSecret !== undefined && given.jwtSecretIsDefault === undefined)
    config.jwtSecretIsDefault = false
  // The same rules readConfig applies to the environment, for callers that build the stub directly.
  if (config.mode === 'production' && config.jwtSecretIsDefault) {
    throw new ConfigError('Invalid stub settings:\n  jwtSecret: is required in production mode')
  }
  const problem = config.jwtSecretIsDefault ? null : jwtSecretProblem(config.jwtSecret, config.mode)
  if (problem) throw new ConfigError(`Invalid stub settings:\n  jwtSecret: ${problem}`)
  return config
}

export const LOG_FORMATS = ['pretty', 'json'] as const
export type LogFormat = (typeof LOG_FORMATS)[number]

/**
 * How the log is written (LOG_FORMAT): readable lines in development by default, JSON in test
 * and production; production refuses `pretty`, so its log stays machine-readable.
 */
export function readLogFormat(env: Record<string, string | undefined>, mode: StubMode): LogFormat {
  const given = env.LOG_FORMAT
  if (given === undefined || given === '') return mode === 'development' ? 'pretty' : 'json'
  if (!(LOG_FORMATS as readonly string[]).includes(given)) {
    throw new ConfigError(
      `Invalid stub settings:\n  LOG_FORMAT=${JSON.stringify(given)}: must be pretty or json`,
    )
  }
  if (given === 'pretty' && mode === 'production') {
    throw new ConfigError(
      'Invalid stub settings:\n  LOG_FORMAT="pretty": production mode logs JSON only',
    )
  }
  return given as LogFormat
}
