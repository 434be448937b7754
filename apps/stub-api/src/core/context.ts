import type { Contract } from '@devenv/openapi'
import type { StubConfig } from '../config'
import { type StubRules, stubRulesOf } from './contract/rules'
import { pooledRandomBytes } from './platform/random'
import { portableScrypt } from './platform/scrypt'
import { HashingTurns } from './security/hashing-turns'
import {
  createPasswordHasher,
  DEFAULT_SCRYPT_COST,
  type PasswordHasher,
} from './security/passwords'
import { createTokenService, type TokenService } from './security/tokens'
import { type SeedPasswords, seedStore } from './state/seeds'
import { StubStore, uuidFrom } from './state/store'
import { StoreRegistry } from './state/store-registry'
import type { StubCoreOptions } from './stub-core'
import type { MailSender, Randomness } from './types'

/**
 * Hashes one client may have waiting for their turn. The client's rate-limit windows keep its line
 * far shorter (20 password checks per operation in 15 minutes); this bounds it where they are
 * relaxed or off, above what a soak's 100 visitors signing in at once from one address need.
 */
const MAX_WAITING_HASHES = 256

/** What every part of one stub core shares; passed along, never global. */
export type StubContext = {
  config: StubConfig
  contract: Contract
  /** The rules the contract states (body limit, quota, lifetimes, password policies), read once. */
  rules: StubRules
  /** The injected real clock (ms); each store adds its development offset to it. */
  realNow: () => number
  startedAt: number
  randomBytes: Randomness
  passwords: PasswordHasher
  /** Password hashes in turns by client, so one client's flood cannot take every other's hash. */
  hashing: HashingTurns
  tokens: TokenService
  registry: StoreRegistry
  /** Fault, clock, mailbox and isolation controls: development and test modes only. */
  devControls: boolean
  /** Answers judged against the contract: development and test modes only. */
  checkAnswers: boolean
  /** Every delivered e-mail goes out here too (SMTP in Node), when the adapter gave one. */
  sendMail: MailSender | null
  /** Filled at start-up, before the first request. */
  seedPasswords: SeedPasswords | null
}

/** The context every part of the core shares: settings, clock, randomness, secrets, stores. */
export function createContext(
  config: StubConfig,
  { contract, now, platform, scryptCost, sendMail }: StubCoreOptions,
): StubContext {
  const realNow = now ?? Date.now
  const randomBytes = platform?.randomBytes ?? pooledRandomBytes()
  const devControls = config.mode !== 'production'
  // Injected randomness fixes ids too; otherwise the platform's randomUUID (Node caches entropy)
  // is faster, where there is one (browsers have it in secure contexts only).
  const platformUuid = globalThis.crypto?.randomUUID?.bind(globalThis.crypto)
  const makeId =
    platform?.randomBytes || !platformUuid ? () => uuidFrom(randomBytes) : () => platformUuid()
  const rules = stubRulesOf(contract, config)
  const makeStore = (id: string) =>
    new StubStore(id, realNow, randomBytes, config.rateLimits, makeId)
  const ctx: StubContext = {
    config,
    contract,
    rules,
    realNow,
    startedAt: realNow(),
    randomBytes,
    passwords: createPasswordHasher({
      cost: scryptCost ?? DEFAULT_SCRYPT_COST,
      randomBytes,
      scrypt: platform?.scrypt ?? portableScrypt,
    }),
    hashing: new HashingTurns(platform?.hashingSlots ?? 1, MAX_WAITING_HASHES),
    tokens: createTokenService({
      secret: config.jwtSecret,
      validSeconds: rules.lifetimes.accessToken,
      refreshValidSeconds: rules.lifetimes.refreshToken,
    }),
    registry: new StoreRegistry(makeStore('default'), (id) => {
      const store = makeStore(id)
      if (config.seed && ctx.seedPasswords) seedStore(store, ctx.seedPasswords)
      return store
    }),
    devControls,
    checkAnswers: devControls,
    sendMail: sendMail ?? null,
    seedPasswords: null,
  }
  return ctx
}
