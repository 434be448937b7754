import { SECURITY_LOG_LIMIT } from '@devenv/domain/event-log'
import { type LoginLock, parseLoginLock } from '@devenv/domain/login-lock'
import type { RateLimitMode } from '../../config'
import { toHex } from '../platform/bytes'
import { RateLimits } from '../security/rate-limits'
import type { Randomness } from '../types'
import type {
  Account,
  EnvironmentRecord,
  LinkToken,
  Mail,
  Received,
  RefreshTokenRecord,
  SignInSession,
  StoreSnapshot,
} from './records'

/** Contact forms and demo requests kept per store (newest first out when full). */
export const SUBMISSION_LIMIT = 1000
/** Development mailbox size per store. */
export const MAILBOX_LIMIT = 200

/** A UUID version 4 from the injected randomness, so tests can fix ids. */
export function uuidFrom(randomBytes: Randomness): string {
  const bytes = Uint8Array.from(randomBytes(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = toHex(bytes)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** Keeps the newest `limit` entries of a list, oldest first (the domain's event-log rule). */
export function appendBounded<T>(list: T[], entry: T, limit: number): void {
  list.push(entry)
  // shift() of one entry is cheap in V8 (left-trimming); splice only when a list was loaded long.
  if (list.length === limit + 1) list.shift()
  else if (list.length > limit) list.splice(0, list.length - limit)
}

// Formatting a date is the dearest part of recording a submission; many share a millisecond.
let isoMillis = Number.NaN
let isoText = ''
function isoTime(millis: number): string {
  if (millis !== isoMillis) {
    isoText = new Date(millis).toISOString()
    isoMillis = millis
  }
  return isoText
}

/** A submission as received (contact form, demo request, security event, client error). */
export function receivedEntry(store: StubStore, body: unknown): Received {
  return {
    id: store.newId(),
    receivedAt: isoTime(store.now()),
    // The parsed body is this request's own object: no copy needed.
    body: typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {},
  }
}

/**
 * Everything one stub session knows: accounts, tokens, environments, mailbox, logs, its clock
 * offset and its rate limits. The default store serves requests without `X-Stub-Session`.
 */
export class StubStore {
  accounts = new Map<string, Account>()
  activations = new Map<string, LinkToken>()
  resetLinks = new Map<string, LinkToken>()
  sessions = new Map<string, SignInSession>()
  refreshTokens = new Map<string, RefreshTokenRecord>()
  /**
   * Each session's used refresh tokens (digests, oldest first), for the bound of
   * `USED_TOKENS_PER_SESSION`; derived from `refreshTokens`, so not saved.
   */
  usedRefreshTokens = new Map<string, string[]>()
  /** The size of `refreshTokens` at which expired tokens are next swept (sessions.ts). */
  refreshTokenSweepAt = 0
  loginLocks = new Map<string, LoginLock>()
  /** Password checks under way per address; not saved, as a restart ends them. */
  passwordChecks = new Map<string, number>()
  environments = new Map<string, EnvironmentRecord>()
  contacts: Received[] = []
  demoRequests: Received[] = []
  securityLog: Received[] = []
  errorLog: Received[] = []
  mailbox: Mail[] = []
  clockOffsetMs = 0
  limits: RateLimits

  constructor(
    readonly id: string,
    private readonly realNow: () => number,
    readonly randomBytes: Randomness,
    private readonly rateLimitMode: RateLimitMode,
    /** UUIDs; derived from `randomBytes` unless a faster source is given (crypto.randomUUID). */
    private readonly makeId: () => string = () => uuidFrom(randomBytes),
  ) {
    this.limits = new RateLimits(rateLimitMode, () => this.now())
  }

  /** The stub's clock for this store: the real (injected) clock plus the development offset. */
  now(): number {
    return this.realNow() + this.clockOffsetMs
  }

  newId(): string {
    return this.makeId()
  }

  findAccountByEmail(email: string): Account | undefined {
    const wanted = email.trim().toLowerCase()
    for (const account of this.accounts.values()) if (account.email === wanted) return account
    return undefined
  }

  loginLockOf(email: string): LoginLock {
    return parseLoginLock(this.loginLocks.get(email.trim().toLowerCase()))
  }

  setLoginLock(email: string, lock: LoginLock): void {
    const key = email.trim().toLowerCase()
    if (lock.attempts === 0) this.loginLocks.delete(key)
    else this.loginLocks.set(key, lock)
  }

  passwordChecksOf(email: string): number {
    return this.passwordChecks.get(email.trim().toLowerCase()) ?? 0
  }

  /** Counts a password check under way for the address, until `end` is called. */
  beginPasswordCheck(email: string): { end: () => void } {
    const key = email.trim().toLowerCase()
    this.passwordChecks.set(key, (this.passwordChecks.get(key) ?? 0) + 1)
    let ended = false
    return {
      end: () => {
        if (ended) return
        ended = true
        const left = (this.passwordChecks.get(key) ?? 1) - 1
        if (left > 0) this.passwordChecks.set(key, left)
        else this.passwordChecks.delete(key)
      },
    }
  }

  recordSecurityEvent(entry: Received): void {
    appendBounded(this.securityLog, entry, SECURITY_LOG_LIMIT)
  }

  recordClientError(entry: Received): void {
    appendBounded(this.errorLog, entry, SECURITY_LOG_LIMIT)
  }

  deliver(mail: Mail): void {
    appendBounded(this.mailbox, mail, MAILBOX_LIMIT)
  }

  snapshot(): StoreSnapshot {
    return {
      accounts: [...this.accounts.values()],
      activations: [...this.activations.values()],
      resetLinks: [...this.resetLinks.values()],
      sessions: [...this.sessions.values()],
      refreshTokens: [...this.refreshTokens.values()],
      loginLocks: [...this.loginLocks.entries()].map(([email, lock]) => ({ email, ...lock })),
      environments: [...this.environments.values()],
      contacts: [...this.contacts],
      demoRequests: [...this.demoRequests],
      securityLog: [...this.securityLog],
      errorLog: [...this.errorLog],
      mailbox: [...this.mailbox],
      clockOffsetMs: this.clockOffsetMs,
    }
  }

  restore(snapshot: StoreSnapshot): void {
    this.accounts = new Map(snapshot.accounts.map((account) => [account.id, account]))
    this.activations = new Map(snapshot.activations.map((token) => [token.digest, token]))
    this.resetLinks = new Map(snapshot.resetLinks.map((token) => [token.digest, token]))
    this.sessions = new Map(snapshot.sessions.map((session) => [session.id, session]))
    this.refreshTokens = new Map(snapshot.refreshTokens.map((token) => [token.digest, token]))
    this.usedRefreshTokens = usedTokensBySession(snapshot.refreshTokens)
    this.refreshTokenSweepAt = 0
    this.loginLocks = new Map(
      snapshot.loginLocks.map(({ email, ...lock }) => [email, parseLoginLock(lock)]),
    )
    this.environments = new Map(snapshot.environments.map((each) => [each.id, each]))
    this.contacts = [...snapshot.contacts]
    this.demoRequests = [...snapshot.demoRequests]
    this.securityLog = [...snapshot.securityLog]
    this.errorLog = [...snapshot.errorLog]
    this.mailbox = [...snapshot.mailbox]
    this.clockOffsetMs = snapshot.clockOffsetMs
  }

  /** Forgets everything, rate limits included (`POST /__dev/reset` then re-seeds). */
  clear(): void {
    this.restore(emptySnapshot())
    this.limits = new RateLimits(this.rateLimitMode, () => this.now())
  }
}

/** Each session's used refresh tokens, oldest first (a saved state holds them unordered). */
function usedTokensBySession(tokens: readonly RefreshTokenRecord[]): Map<string, string[]> {
  const bySession = new Map<string, string[]>()
  const used = tokens.filter((token) => token.usedAt !== null)
  used.sort((a, b) => (a.usedAt ?? 0) - (b.usedAt ?? 0))
  for (const token of used) {
    const digests = bySession.get(token.sessionId) ?? []
    digests.push(token.digest)
    bySession.set(token.sessionId, digests)
  }
  return bySession
}

export function emptySnapshot(): StoreSnapshot {
  return {
    accounts: [],
    activations: [],
    resetLinks: [],
    sessions: [],
    refreshTokens: [],
    loginLocks: [],
    environments: [],
    contacts: [],
    demoRequests: [],
    securityLog: [],
    errorLog: [],
    mailbox: [],
    clockOffsetMs: 0,
  }
}
