import type { Contract } from '@devenv/openapi'
import type { StubConfig } from '../config'
import type { PasswordHasher } from './security/passwords'
import type { TokenService } from './security/tokens'
import type { SeedPasswords } from './state/seeds'
import type { StoreRegistry } from './state/store-registry'
import type { MailSender, Randomness } from './types'

/** What every part of one stub core shares; passed along, never global. */
export type StubContext = {
  config: StubConfig
  contract: Contract
  /** The injected real clock (ms); each store adds its development offset to it. */
  realNow: () => number
  startedAt: number
  randomBytes: Randomness
  passwords: PasswordHasher
  tokens: TokenService
  registry: StoreRegistry
  /** Fault, clock, mailbox and isolation controls: development and test modes only. */
  devControls: boolean
  /** Response validation against the contract: development and test modes only. */
  checkResponses: boolean
  /** Every delivered e-mail goes out here too (SMTP in Node), when the adapter gave one. */
  sendMail: MailSender | null
  /** Filled at start-up, before the first request. */
  seedPasswords: SeedPasswords | null
}
