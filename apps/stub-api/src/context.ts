import type { LoadedContract } from '@devenv/openapi'
import type { StubConfig } from './config'
import type { StoreRegistry } from './dev/isolation'
import type { PasswordHasher } from './security/passwords'
import type { AccessClaims, TokenService } from './security/tokens'
import type { StateWriter } from './state/persistence'
import type { Account } from './state/records'
import type { SeedPasswords } from './state/seeds'
import type { Randomness, StubStore } from './state/store'

/** What every plugin of one stub server shares; passed as plugin options, never global. */
export type StubContext = {
  config: StubConfig
  contract: LoadedContract
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
  writer: StateWriter | null
  /** Filled at start-up, before the first request. */
  seedPasswords: SeedPasswords | null
  /** Operations given a handler, checked against the contract when the server is ready. */
  implemented: Set<string>
}

export type PluginOptions = { ctx: StubContext }

declare module 'fastify' {
  interface FastifyRequest {
    /** The store of this request's stub session (X-Stub-Session), else the default store. */
    store: StubStore
    /** The signed-in account of a bearer-protected operation. */
    account: Account | null
    claims: AccessClaims | null
    /** Answers made by development controls (Prefer: code=) skip the contract check. */
    contractExempt: boolean
  }
  interface FastifyContextConfig {
    operationId?: string
  }
}
