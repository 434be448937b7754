/**
 * The stub's core, as its adapters see it: transport-free requests in, answers out.
 *
 * The core knows the contract, the stores, validation, rate limits, faults (`Prefer:`), the clock
 * offset, per-session stores and the test-mode answer check. It knows nothing of Fastify, MSW,
 * sockets, files or Node: it runs in Node and in a browser alike. An adapter's whole job is to turn
 * its own request into a `StubRequest`, call `core.handle()` and turn the `SerialisedAnswer` back, as
 * both adapters do (`src/msw/handlers.ts`, `src/node/stub-plugin.ts`). Behaviour planted by tests
 * and by the toolkit's broken servers goes in `StubHooks` (see stub-core.ts), run by the core
 * for every adapter alike.
 *
 * This file is a leaf: it imports nothing of the core, so every part of the core may import it.
 *
 * Notes for adapter authors (MSW in `src/msw/`):
 * - Sessions without headers. The store a request works on is chosen by, in this order:
 *   `StubRequest.session` (the adapter's own choice, e.g. `createNodeStub({ session })`), the
 *   `x-stub-session` header, the `stubSession` cookie (a browser app sets it with
 *   `document.cookie = 'stubSession=<id>; path=/'`, MSW sees it in the request's cookie header),
 *   and on the development controls (`/__dev/...`) the `?stubSession=` query value. Ids match
 *   `[A-Za-z0-9_.:-]{1,128}`; anything else falls back to the default store. Session stores exist
 *   only outside production mode.
 * - Bodies are given raw (bytes or text) with their `content-type` header; the core decides
 *   415 (not JSON), 413 (over 1 MiB), 400 (not UTF-8, not JSON, prototype keys) the same way for
 *   every adapter. An adapter must not parse the body itself.
 * - Answers are final: `body` is the text to send (JSON already serialised), `headers` includes
 *   `content-type` when there is a body. `reset: true` means "drop the connection" (`Prefer:
 *   reset`): Fastify destroys the socket, MSW answers `HttpResponse.error()` (a network error).
 *   `Prefer: delay=` is waited for inside `handle()`.
 * - Transport headers are the adapter's: CORS, helmet's security headers (API or page policy, see
 *   `SerialisedAnswer.page`), and anything about sockets. The core adds none of them.
 * - Persistence of the default store is optional and pluggable (`StatePersistence`): the Fastify
 *   adapter writes a file (DATA_FILE), a browser adapter can keep it in localStorage. Session
 *   stores are never persisted. The core loads in `ready()`, saves after each unsafe request on the
 *   default store (the answer waits until the save resolves), and flushes in `close()`.
 * - The platform's pieces (random bytes, scrypt) have portable defaults (WebCrypto's
 *   getRandomValues, a well-kept scrypt implementation); Node may pass faster native ones through
 *   `StubPlatform`. The password hash format `scrypt$N$r$p$salt$key` is the same everywhere, so a
 *   hash made in Node verifies in a browser and back.
 * - The contract is given by the adapter (`createContract(document)` or `loadContract()` of
 *   @devenv/openapi): reading a file is not the core's business.
 */

/**
 * Input problems only a transport sees (Fastify's body limit, a bad Content-Length, a URL its
 * router cannot decode, a request its parser refused in some other way).
 */
export type TransportProblem = 'body-too-large' | 'body-length-mismatch' | 'bad-url' | 'bad-request'

/** Cryptographic random bytes of the given length (salts, tokens, ids). */
export type Randomness = (size: number) => Uint8Array

/** A request as it reached an adapter, with nothing of the transport left in it. */
export type StubRequest = {
  /** Upper-case HTTP method: `GET`, `POST`, ... */
  method: string
  /** Path and query string exactly as sent, percent-escapes kept: `/api/environments?x=1`. */
  url: string
  /**
   * Header values by lower-case name. A repeated header is joined with `, ` (the `cookie` header
   * with `; `), as the Fetch API's `Headers` does.
   */
  headers: Readonly<Record<string, string | undefined>>
  /**
   * The body as sent: bytes (Node's Buffer is a Uint8Array, so Fastify passes it as is) or text
   * (MSW's `await request.text()`); undefined or empty means "no body".
   */
  body?: Uint8Array | string
  /** The caller's address, the key of per-client rate limits. */
  ip: string
  /** A stub session chosen by the adapter itself; wins over header, cookie and query. */
  session?: string
  /**
   * The transport could not read the request (no `body` then): the core answers the problem in
   * the shape of the request's operation, after its per-client rate limits, as if it had read it.
   */
  problem?: TransportProblem
}

/** An answer ready to be sent. */
export type SerialisedAnswer = {
  /** 0 when `reset` is set (nothing is sent). */
  status: number
  /** Lower-case names; `content-type` is set whenever there is a body. */
  headers: Record<string, string>
  /** The text to send (JSON already serialised, or an HTML page); undefined for no body. */
  body?: string
  /** `Prefer: reset`: send nothing and drop the connection (MSW: a network error). */
  reset?: true
  /** An HTML development page: the adapter gives it a page's security headers, not the API's. */
  page?: true
  /** The contract operation that answered, when one did (for logs and coverage). */
  operationId?: string
  /** The stub session whose store answered; null for the default store (for logs). */
  session: string | null
}

/**
 * Sends an e-mail the stub delivered out of the process too (Node: by SMTP when SMTP_URL is set).
 * Called once the mail is in the store's mailbox; it must not throw or block the answer, and it
 * logs its own failures without the mail's link (the link holds a token or a reset hash).
 */
export type MailSender = (mail: OutgoingMail) => void

/** An e-mail as it goes out: its recipient, subject and the same link as plain text and HTML. */
export type OutgoingMail = {
  kind: string
  to: string
  subject: string
  text: string
  html: string
}

/** What the core may log; pino's levels. Fields are redacted by the adapter's logger. */
export type StubLog = {
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
}

/** scrypt with the given cost parameters: the one slow primitive a platform may supply natively. */
export type Scrypt = (
  password: Uint8Array,
  salt: Uint8Array,
  params: { N: number; r: number; p: number; keyLength: number },
) => Promise<Uint8Array>

/** The platform's pieces; every one has a portable default. */
export type StubPlatform = {
  /** Default: WebCrypto's getRandomValues through a pool (one call per 4 KiB). */
  randomBytes: Randomness
  /** Default: a portable scrypt; Node passes `node:crypto`'s for speed. Same hash format. */
  scrypt: Scrypt
  /**
   * Password hashes run at once, the rest waiting their client's turn (security/hashing-turns.ts).
   * Default 1: the portable scrypt runs on the page's one thread; Node passes its CPUs but one.
   */
  hashingSlots: number
}
