import { type Exchange, exchangeOf } from '../report'
import type { ProxiedExchange } from './transport'

// Secrets travel through the proxy (passwords, tokens, reset hashes): the reports and the
// violation lines it writes must not carry them.
const SECRET_FIELD =
  /^(?:password|oldPassword|newPassword|token|refreshToken|refresh_token|access_token|hash)$/
const SECRET_QUERY = /([?&](?:token|refresh|hash|access_token|refresh_token|password)=)[^&#]*/gi
const REDACTED = '[redacted]'

/** A URL fit for a report: the values of token-bearing query parameters are replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, `$1${REDACTED}`)
}

function redactBody(text: string): string {
  try {
    return JSON.stringify(
      JSON.parse(text, (key, value: unknown) =>
        SECRET_FIELD.test(key) && typeof value === 'string' ? REDACTED : value,
      ),
    )
  } catch {
    return text
  }
}

// What a reproducer needs to repeat the request; the browser's other headers are noise.
const REPEATED_HEADERS = ['content-type', 'accept', 'authorization', 'x-stub-session']

/** The exchange as the reports keep it: a repeatable request, free of secrets. */
export function toExchange(
  upstream: URL,
  operationId: string | undefined,
  exchange: ProxiedExchange,
): Exchange {
  const headers: Record<string, string> = {}
  for (const name of REPEATED_HEADERS) {
    const value = exchange.requestHeaders[name]
    if (typeof value === 'string') headers[name] = value
  }
  const body = exchange.requestBody?.length ? exchange.requestBody.toString('utf8') : undefined
  const base = `${upstream.origin}${upstream.pathname.replace(/\/+$/, '')}`
  return exchangeOf(
    operationId ?? '',
    {
      method: exchange.method,
      url: `${base}${redactUrl(exchange.url)}`,
      headers,
      body: body === undefined ? undefined : redactBody(body),
    },
    exchange.status ?? null,
  )
}
