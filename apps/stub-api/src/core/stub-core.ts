import type { Contract } from '@devenv/openapi'
import type { StubConfig } from '../config'
import type { CoreAnswer } from './answer'
import type { StubRules } from './contract/rules'
import type { CoreRequest } from './request'
import type { StatePersistence } from './state/persistence'
import type { StubStores } from './state/store-registry'
import type { MailSender, SerialisedAnswer, StubLog, StubPlatform, StubRequest } from './types'

/**
 * Places in every request's run where a caller plants behaviour: tests, and the contract
 * toolkit's broken servers, which plant the bugs real backends ship. The core runs them, so they
 * act the same behind every adapter (Fastify, MSW). Each may be async; what one throws becomes the
 * answer of the request, as a handler's error would (a 500 for anything but an ApiError). Each is
 * named `on` and the step it runs at (core/pipeline.ts): the request, its body, its handler, its
 * answer.
 */
export type StubHooks = {
  /**
   * First: the store is chosen and the operation found (`operationId`, `params`), nothing else
   * has run. May change the request (its `headers`) or answer it itself, skipping everything else
   * but `onAnswer`.
   */
  onRequest?: (request: CoreRequest) => CoreAnswer | undefined | Promise<CoreAnswer | undefined>
  /** An operation's request with its body read, before authentication and validation. */
  onBody?: (request: CoreRequest) => void | Promise<void>
  /** An operation's request authenticated, validated and rate-limited, just before its handler. */
  onHandler?: (request: CoreRequest) => void | Promise<void>
  /**
   * Every answer (the handler's, an error's, a development control's or `onRequest`'s) before it
   * is checked against the contract, kept and sent: may change it or give another one.
   */
  onAnswer?: (
    request: CoreRequest,
    answer: CoreAnswer,
  ) => CoreAnswer | undefined | Promise<CoreAnswer | undefined>
}

export type StubCoreOptions = Partial<StubConfig> & {
  /** The API contract (from @devenv/openapi); the adapter loads it. */
  contract: Contract
  /** Milliseconds since the epoch; injected so tests control uptime, expiry and lifecycles. */
  now?: () => number
  /** Overrides of the platform's pieces (tests fix `randomBytes`; Node passes native scrypt). */
  platform?: Partial<StubPlatform>
  /** scrypt's cost N; tests lower it for speed. */
  scryptCost?: number
  /** Keeps the default store between runs; none by default (in memory only). */
  persistence?: StatePersistence | null
  /** Silent by default. */
  log?: StubLog
  /** Behaviour planted in every request's run; none by default. */
  hooks?: StubHooks
  /** Sends every delivered e-mail out of the process too; by default mail stays in the mailbox. */
  sendMail?: MailSender
}

export type StubCore = {
  /** Answers one request. Never throws: every failure is an answer (a documented 4xx, or 500). */
  handle(request: StubRequest): Promise<SerialisedAnswer>
  /**
   * Start-up: hashes the seeded passwords, loads persisted state, checks every operation of the
   * contract has a handler. Idempotent; `handle()` waits for it by itself.
   */
  ready(): Promise<void>
  /** Waits for pending saves and saves once more. */
  close(): Promise<void>
  readonly config: StubConfig
  readonly contract: Contract
  /** The rules its contract states, as the core applies them. */
  readonly rules: StubRules
  readonly stores: StubStores
}

export type CreateStubCore = (options: StubCoreOptions) => StubCore
