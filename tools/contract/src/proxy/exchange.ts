import { type Exchange, exchangeOf } from '../report'
import type { ProxiedExchange } from './reading'

// What a reproducer needs to repeat the request; the browser's other headers are noise.
const REPEATED_HEADERS = ['content-type', 'accept', 'authorization', 'x-stub-session']

/** The exchange as the reports keep it: a repeatable request, its secrets replaced by `exchangeOf`. */
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
  return exchangeOf(
    operationId ?? '',
    {
      method: exchange.method,
      url: `${upstream.origin}${exchange.url}`,
      headers,
      body,
    },
    exchange.status ?? null,
  )
}
