/** One request the MSW stub answered, as its log line and its listeners see it. */
export type StubExchange = {
  method: string
  /** The path without its query string: queries may carry a session id or a search. */
  path: string
  /** The answer's status; 0 for `Prefer: reset` (a network error, no answer). */
  status: number
  /** Milliseconds from the request's arrival to its answer. */
  durationMs: number
  /** The stub session whose store answered; null for the default store. */
  session: string | null
}

/**
 * The one readable line per request: `[stub] POST /api/auth/auth 200 12 ms session=default`.
 * Only the path is shown: bodies, headers and query strings (where a token could be) never are.
 */
export function exchangeLine(exchange: StubExchange): string {
  const status = exchange.status === 0 ? 'reset' : String(exchange.status)
  const duration = `${Math.round(exchange.durationMs)} ms`
  return `[stub] ${exchange.method} ${exchange.path} ${status} ${duration} session=${exchange.session ?? 'default'}`
}
