import * as z from 'zod'

/** The fixed development secret: fine on a laptop, refused in production (see readConfig). */
export const DEVELOPMENT_JWT_SECRET = 'devenv-stub-development-secret-do-not-use-in-production'

/** HS256 wants a key as long as its hash: 32 bytes (RFC 7518, section 3.2). */
export const JWT_SECRET_MIN_BYTES = 32

/**
 * Why a signing secret cannot be used, or null: too short in any mode, and in production the
 * published development secret too (a token forged with it would be accepted).
 */
export function jwtSecretProblem(secret: string, mode: StubMode): string | null {
  if (new TextEncoder().encode(secret).length < JWT_SECRET_MIN_BYTES) {
    return `must be at least ${JWT_SECRET_MIN_BYTES} bytes (UTF-8)`
  }
  if (mode === 'production' && secret === DEVELOPMENT_JWT_SECRET) {
    return 'is the published development secret; production needs a secret of its own'
  }
  return null
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
    TOKEN_VALID_SECONDS: integer(1, 86400, 900),
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
    RESET_LINK_MINUTES: integer(1, 1440, 60),
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
        : jwtSecretProblem(settings.JWT_SECRET, settings.STUB_MODE)
    if (problem) context.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: problem })
  })

export type StubConfig = {
  host: string
  port: number
  logLevel: LogLevel
  mode: StubMode
  tokenValidSeconds: number
  jwtSecret: string
  /** True when JWT_SECRET was not given and the development secret is in use. */
  jwtSecretIsDefault: boolean
  corsOrigins: string[]
  dataFile: string | null
  /** Proxies whose X-Forwarded-For names the client (rate limits key on it); none by default. */
  trustProxy: string[]
  provisionSeconds: number
  deleteSeconds: number
  resetLinkMinutes: number
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
    tokenValidSeconds: settings.TOKEN_VALID_SECONDS,
    jwtSecret: settings.JWT_SECRET ?? DEVELOPMENT_JWT_SECRET,
    jwtSecretIsDefault: settings.JWT_SECRET === undefined,
    corsOrigins: settings.CORS_ORIGINS ?? defaults.corsOrigins,
    dataFile: settings.DATA_FILE ?? null,
    trustProxy: settings.TRUST_PROXY,
    provisionSeconds: settings.PROVISION_SECONDS,
    deleteSeconds: settings.DELETE_SECONDS,
    resetLinkMinutes: settings.RESET_LINK_MINUTES,
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

export const LOG_FORMATS = ['pretty', 'json'] as const

/** Every environment variable the stub reads (turbo's dev task passes each one through). */
export const ENVIRONMENT_NAMES: readonly string[] = [
  ...SETTING_NAMES,
  ...Object.keys(RENAMED_SETTINGS),
  'LOG_FORMAT',
]
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
