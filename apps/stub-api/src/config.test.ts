import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  ConfigError,
  DEFAULT_CORS_ORIGINS,
  DEVELOPMENT_JWT_SECRET,
  estimatedEntropyBits,
  JWT_SECRET_MIN_ENTROPY_BITS,
  REPOSITORY_JWT_SECRETS,
  readConfig,
  readLogFormat,
  resolveConfig,
} from './config'

// A production secret as an operator makes one: random, and written nowhere.
const PRODUCTION_SECRET = randomBytes(32).toString('hex')

describe('readConfig', () => {
  it('defaults to 127.0.0.1:4010 in development with the documented settings', () => {
    expect(readConfig({})).toEqual({
      host: '127.0.0.1',
      port: 4010,
      logLevel: 'info',
      mode: 'development',
      // The lifetimes are the contract's unless overridden (the stub's rules, core/contract/rules.ts).
      tokenValidSeconds: null,
      jwtSecret: DEVELOPMENT_JWT_SECRET,
      jwtSecretIsDefault: true,
      corsOrigins: [...DEFAULT_CORS_ORIGINS],
      dataFile: null,
      trustProxy: [],
      provisionSeconds: 3,
      deleteSeconds: 2,
      resetLinkMinutes: null,
      uniformAccountAnswers: false,
      siteUrl: 'http://127.0.0.1:5173',
      rateLimits: 'on',
      seed: true,
      smtpUrl: null,
    })
  })

  it('reads every setting', () => {
    const config = readConfig({
      HOST: '0.0.0.0',
      PORT: '8080',
      LOG_LEVEL: 'warn',
      STUB_MODE: 'test',
      TOKEN_VALID_SECONDS: '60',
      JWT_SECRET: 'x'.repeat(32),
      CORS_ORIGINS: 'https://devenv.example, http://localhost:3000',
      DATA_FILE: '/tmp/stub.json',
      PROVISION_SECONDS: '0.5',
      DELETE_SECONDS: '0',
      RESET_LINK_MINUTES: '5',
      UNIFORM_ACCOUNT_ANSWERS: 'true',
      SITE_URL: 'https://devenv.example/',
      RATE_LIMITS: 'relaxed',
      SEED: 'off',
      TRUST_PROXY: '127.0.0.1, 10.0.0.0/8, ::1',
    })
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 8080,
      logLevel: 'warn',
      mode: 'test',
      tokenValidSeconds: 60,
      jwtSecretIsDefault: false,
      corsOrigins: ['https://devenv.example', 'http://localhost:3000'],
      dataFile: '/tmp/stub.json',
      provisionSeconds: 0.5,
      deleteSeconds: 0,
      resetLinkMinutes: 5,
      uniformAccountAnswers: true,
      siteUrl: 'https://devenv.example',
      rateLimits: 'relaxed',
      seed: false,
      trustProxy: ['127.0.0.1', '10.0.0.0/8', '::1'],
    })
  })

  it('refuses a trusted proxy that is no address or range, with a one-line reason', () => {
    expect(() => readConfig({ TRUST_PROXY: '127.0.0.1,nginx' })).toThrow(
      'TRUST_PROXY="127.0.0.1,nginx": must be an IP address, a CIDR range, loopback, linklocal or uniquelocal',
    )
    expect(() => readConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY="10.0.0.0\/33"/)
  })

  it('treats an empty variable as not set', () => {
    expect(readConfig({ PORT: '', STUB_MODE: '' })).toMatchObject({
      port: 4010,
      mode: 'development',
    })
  })

  it('refuses a port that is not a number, naming the variable and the value', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty"/)
    expect(() => readConfig({ PORT: '70000' })).toThrow(/PORT="70000"/)
  })

  it('stops at the old name UNIFORM_RESET_ANSWERS, naming the new one', () => {
    expect(() => readConfig({ UNIFORM_RESET_ANSWERS: 'true' })).toThrow(
      /^Invalid stub settings:\n {2}UNIFORM_RESET_ANSWERS: renamed; set UNIFORM_ACCOUNT_ANSWERS \(it covers registration too\) instead$/,
    )
    expect(readConfig({ UNIFORM_RESET_ANSWERS: '' }).uniformAccountAnswers).toBe(false)
  })

  it('lists every bad value at once', () => {
    expect(() =>
      readConfig({
        STUB_MODE: 'staging',
        RATE_LIMITS: 'maybe',
        UNIFORM_ACCOUNT_ANSWERS: 'yes',
        CORS_ORIGINS: 'http://a.example/path',
      }),
    ).toThrow(
      /STUB_MODE="staging"[\s\S]*CORS_ORIGINS="http:\/\/a.example\/path"[\s\S]*UNIFORM_ACCOUNT_ANSWERS="yes"[\s\S]*RATE_LIMITS="maybe"/,
    )
  })

  it('requires a JWT_SECRET of 32+ bytes in production, and never prints it', () => {
    expect(() => readConfig({ STUB_MODE: 'production' })).toThrow(
      /JWT_SECRET=\(hidden\): is required when STUB_MODE=production/,
    )
    expect(() => readConfig({ JWT_SECRET: 'short-secret' })).toThrow(
      /JWT_SECRET=\(hidden\): must be at least 32 bytes \(UTF-8\)/,
    )
    expect(() => readConfig({ JWT_SECRET: 'short-secret' })).not.toThrow(/short-secret/)
    expect(
      readConfig({ STUB_MODE: 'production', JWT_SECRET: PRODUCTION_SECRET }).jwtSecretIsDefault,
    ).toBe(false)
  })

  it('reads SMTP_URL as smtp:// or smtps://, and never prints a refused one (it may hold a password)', () => {
    expect(readConfig({ SMTP_URL: 'smtp://127.0.0.1:1025' }).smtpUrl).toBe('smtp://127.0.0.1:1025')
    expect(
      readConfig({
        STUB_MODE: 'production',
        JWT_SECRET: PRODUCTION_SECRET,
        SMTP_URL: 'smtps://u:p@mail.example:465',
      }).smtpUrl,
    ).toBe('smtps://u:p@mail.example:465')
    const refuse = () => readConfig({ SMTP_URL: 'http://mailer:pa55word@mail.example' })
    expect(refuse).toThrow(/SMTP_URL=\(hidden\): must be an smtp:\/\/ or smtps:\/\/ URL/)
    expect(refuse).not.toThrow(/pa55word/)
  })

  it('counts the secret in UTF-8 bytes, not characters (in every mode)', () => {
    expect(() => readConfig({ STUB_MODE: 'test', JWT_SECRET: 'x'.repeat(31) })).toThrow(
      /must be at least 32 bytes/,
    )
    // 15 two-byte characters and one more: 16 characters, 31 bytes.
    expect(() => readConfig({ STUB_MODE: 'test', JWT_SECRET: `${'é'.repeat(15)}x` })).toThrow(
      /must be at least 32 bytes/,
    )
    expect(readConfig({ STUB_MODE: 'test', JWT_SECRET: 'é'.repeat(16) }).jwtSecret).toBe(
      'é'.repeat(16),
    )
  })

  it('refuses in production every secret written in this repository, with a one-line reason', () => {
    // The review's: the fuzz suite's, the broken servers', the crash test's; and all the others.
    for (const known of [
      'reliability-fuzz-secret-known-to-the-fuzzer-only',
      'broken-servers-signing-key-of-at-least-32-chars',
      'crash-test-secret-of-at-least-32-characters',
      ...REPOSITORY_JWT_SECRETS,
    ]) {
      const refuse = () => readConfig({ STUB_MODE: 'production', JWT_SECRET: known })
      expect(refuse, known).toThrow(
        /\n {2}JWT_SECRET=\(hidden\): is written in this repository; production needs a secret of its own$/,
      )
      expect(refuse, known).not.toThrow(known)
      // Development and test use them on purpose.
      expect(readConfig({ STUB_MODE: 'test', JWT_SECRET: known }).jwtSecret).toBe(known)
    }
  })

  it('refuses in production a secret of too little entropy, saying why in one line', () => {
    for (const guessable of [
      'a'.repeat(32),
      'ab'.repeat(16),
      'é'.repeat(16),
      'password'.repeat(4),
    ]) {
      expect(estimatedEntropyBits(guessable), guessable).toBeLessThan(JWT_SECRET_MIN_ENTROPY_BITS)
      const refuse = () => readConfig({ STUB_MODE: 'production', JWT_SECRET: guessable })
      expect(refuse, guessable).toThrow(
        /\n {2}JWT_SECRET=\(hidden\): has too little entropy \(about \d+ bits by its characters, 90 needed\): use random bytes, e\.g\. openssl rand -hex 32$/,
      )
      expect(refuse, guessable).not.toThrow(guessable)
      expect(readConfig({ STUB_MODE: 'development', JWT_SECRET: guessable }).jwtSecret).toBe(
        guessable,
      )
    }
    // What `openssl rand -hex 16` and `-hex 32` give is taken.
    for (const bytes of [16, 32]) {
      const random = randomBytes(bytes).toString('hex')
      expect(readConfig({ STUB_MODE: 'production', JWT_SECRET: random }).jwtSecret).toBe(random)
    }
  })

  it('refuses the published development secret in production, with a one-line reason', () => {
    const refuse = () =>
      readConfig({ STUB_MODE: 'production', JWT_SECRET: DEVELOPMENT_JWT_SECRET, SEED: 'on' })
    expect(refuse).toThrow(ConfigError)
    expect(refuse).toThrow(
      /\n {2}JWT_SECRET=\(hidden\): is the published development secret; production needs a secret of its own$/,
    )
    expect(refuse).not.toThrow(DEVELOPMENT_JWT_SECRET)
    // Development may use it on purpose.
    expect(readConfig({ JWT_SECRET: DEVELOPMENT_JWT_SECRET }).jwtSecret).toBe(
      DEVELOPMENT_JWT_SECRET,
    )
  })

  it('seeds no accounts in production unless SEED=on is given', () => {
    const production = { STUB_MODE: 'production', JWT_SECRET: PRODUCTION_SECRET }
    expect(readConfig(production).seed).toBe(false)
    expect(readConfig({ ...production, SEED: 'on' }).seed).toBe(true)
    expect(readConfig({ STUB_MODE: 'test' }).seed).toBe(true)
    expect(readConfig({ SEED: 'off' }).seed).toBe(false)
  })

  it('allows no CORS origin in production unless CORS_ORIGINS is given', () => {
    const production = { STUB_MODE: 'production', JWT_SECRET: PRODUCTION_SECRET }
    expect(readConfig(production).corsOrigins).toEqual([])
    expect(
      readConfig({ ...production, CORS_ORIGINS: 'https://devenv.example' }).corsOrigins,
    ).toEqual(['https://devenv.example'])
    expect(readConfig({}).corsOrigins).toEqual([...DEFAULT_CORS_ORIGINS])
  })
})

describe('resolveConfig (the stub built in code)', () => {
  const secret = PRODUCTION_SECRET

  it('applies the production rules of readConfig', () => {
    expect(resolveConfig({ mode: 'production', jwtSecret: secret })).toMatchObject({
      seed: false,
      corsOrigins: [],
    })
    expect(
      resolveConfig({
        mode: 'production',
        jwtSecret: secret,
        seed: true,
        corsOrigins: ['https://devenv.example'],
      }),
    ).toMatchObject({ seed: true, corsOrigins: ['https://devenv.example'] })
    expect(() => resolveConfig({ mode: 'production', jwtSecret: DEVELOPMENT_JWT_SECRET })).toThrow(
      /jwtSecret: is the published development secret/,
    )
    expect(() => resolveConfig({ mode: 'test', jwtSecret: 'short' })).toThrow(
      /jwtSecret: must be at least 32 bytes/,
    )
    expect(() => resolveConfig({ mode: 'production', jwtSecret: 'a'.repeat(32) })).toThrow(
      /jwtSecret: has too little entropy/,
    )
    // The repository's own tests and tools start production in code with their fixtures' keys.
    expect(
      resolveConfig({ mode: 'production', jwtSecret: REPOSITORY_JWT_SECRETS[1] }).jwtSecret,
    ).toBe(REPOSITORY_JWT_SECRETS[1])
    expect(resolveConfig({ mode: 'test' })).toMatchObject({
      seed: true,
      corsOrigins: [...DEFAULT_CORS_ORIGINS],
    })
  })
})

describe('readLogFormat', () => {
  it('writes readable lines in development and JSON otherwise, unless told', () => {
    expect(readLogFormat({}, 'development')).toBe('pretty')
    expect(readLogFormat({}, 'test')).toBe('json')
    expect(readLogFormat({}, 'production')).toBe('json')
    expect(readLogFormat({ LOG_FORMAT: 'json' }, 'development')).toBe('json')
    expect(readLogFormat({ LOG_FORMAT: 'pretty' }, 'test')).toBe('pretty')
  })

  it('refuses an unknown format, and readable lines in production', () => {
    expect(() => readLogFormat({ LOG_FORMAT: 'xml' }, 'development')).toThrow(
      'LOG_FORMAT="xml": must be pretty or json',
    )
    expect(() => readLogFormat({ LOG_FORMAT: 'pretty' }, 'production')).toThrow(ConfigError)
  })
})
