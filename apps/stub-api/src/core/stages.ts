import type { Operation } from '@devenv/openapi'
import type { SentAnswer } from './contract/answer-check'
import type { CoreRequest } from './contract/operations'
import type { DevRoute } from './dev/routes'
import type { Reply } from './reply'
import type { StubStore } from './state/store'
import type { StubRequest } from './types'

/**
 * The steps of `handle()`, one by one, for an adapter that runs its own hooks between them (the
 * Fastify adapter: its users plant behaviour with Fastify hooks, as the contract toolkit's broken
 * servers do). Same code, same order: session, faults, per-client rate limits, body, auth and validation, other rate limits,
 * handler, answer check, persistence. MSW and other adapters call `handle()` and need none of it.
 */
export type StubStages = {
  /** The stub session a request asks for and its store. */
  sessionOf(
    headers: StubRequest['headers'],
    query: CoreRequest['query'],
    path: string,
    chosen?: string,
  ): { session: string | null; store: StubStore }
  /** The body reader (415, 413, UTF-8, JSON, prototype keys); throws ApiError. */
  readBody(
    method: string,
    contentType: string | undefined,
    body: Uint8Array | string | undefined,
  ): unknown
  /** `Prefer:`: waits, then 'reset', a forced answer, or nothing. */
  faults(request: CoreRequest): Promise<Reply | 'reset' | undefined>
  /** Auth, then parameters and body against the contract; throws ApiError. */
  checkInput(request: CoreRequest, operationId: string): Promise<void>
  /** checkInput's second half, parameters and body, synchronously: public operations need no promise. */
  checkShape(request: CoreRequest, operationId: string): void
  /** The operation's per-client rate limits, before the body is read, synchronously; throws ApiError. */
  limitClient(request: CoreRequest, operationId: string): void
  /** The operation's other rate limits (per e-mail, per account), synchronously; throws ApiError. */
  limit(request: CoreRequest, operationId: string): void
  /** The operation's handler. */
  run(request: CoreRequest, operationId: string): Promise<Reply>
  /** Whatever was thrown, as the answer in the operation's shape (500s logged). */
  failure(request: CoreRequest, error: unknown): Reply
  /** The answer judged against the contract (development and test modes) and recorded. */
  check(request: CoreRequest, answer: SentAnswer): SentAnswer
  /** Keeps the default store after an unsafe request; throws when it could not. */
  keep(request: CoreRequest): Promise<void>
  /** The development controls (none in production). */
  devRoutes: readonly DevRoute[]
  /** The contract's operations, with what they need checked. */
  operations: ReadonlyArray<{
    operation: Operation
    needsChecks: boolean
    limited: boolean
    limitedByClient: boolean
  }>
}
