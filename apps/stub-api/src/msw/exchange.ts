import { redactUrl } from '../core'

/** One request the MSW stub answered, as its log line and its listeners see it. */
export type StubExchange = {
  method: string
  /** Path and query string, secret query values (tokens, reset hashes) redacted. */
  url: string
  /** The answer's status; 0 for `Prefer: reset` (a network error, no answer). */
  status: number
  /** Milliseconds from the request's arrival to its answer. */
  durationMs: number
  /** The stub session whose store answered; null for the default store. */
  session: string | null
}

/** The request's URL as an exchange names it: from the path on, secrets redacted. */
export function exchangeUrl(url: URL): string {
  return redactUrl(`${url.pathname}${url.search}`)
}

/**
 * The one readable line per request, in the Fastify adapter's development format:
 * `[stub] POST /api/auth/auth 200 12.3 ms [session e2e-7]` (no session part for the default
 * store). Never a body or a header, so no password or token is ever printed.
 */
export function exchangeLine(exchange: StubExchange): string {
  const status = exchange.status === 0 ? 'reset' : String(exchange.status)
  const session = exchange.session ? ` [session ${exchange.session}]` : ''
  return `[stub] ${exchange.method} ${exchange.url} ${status} ${exchange.durationMs.toFixed(1)} ms${session}`
}
