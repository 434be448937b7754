import { STUB_SESSION_HEADER } from '@devenv/openapi/dev-protocol'
import { type Exchange, exchangeOf } from '../report'
import { MAX_CHECKED_BODY_BYTES, type ProxiedExchange } from './reading'

// What a reproducer needs to repeat the request; the browser's other headers are noise.
const REPEATED_HEADERS = ['content-type', 'accept', 'authorization', STUB_SESSION_HEADER]

/**
 * The most a check keeps of any one text that came through the proxy (a body, a URL, a header,
 * a message), in UTF-8 bytes. A reader needs the start of a body to see what went wrong; the
 * traffic decides how large the rest is, and the reports must not grow with it.
 */
export const EXCERPT_BYTES = 4096

const figure = (count: number) => count.toLocaleString('en-US')

/** Whether `text` is over `limit` bytes of UTF-8; cheap for the short texts most are. */
const over = (text: string, limit: number) =>
  text.length > limit || (text.length * 3 > limit && Buffer.byteLength(text, 'utf8') > limit)

/**
 * `text` as a check keeps it: whole, or its first `limit` bytes followed by what was cut, so
 * that the kept text says itself that it is not the whole.
 */
export function excerpt(text: string, limit = EXCERPT_BYTES): string {
  if (!over(text, limit)) return text
  const bytes = Buffer.from(text, 'utf8')
  // A character split by the cut is dropped whole rather than shown as U+FFFD.
  let end = limit
  while (end > 0 && ((bytes[end] as number) & 0xc0) === 0x80) end--
  return `${bytes.subarray(0, end).toString('utf8')}… (cut: ${figure(bytes.length)} bytes, kept ${figure(end)})`
}

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

/** An exchange cut to what a check keeps, and why it can no longer be repeated, if it cannot. */
export type KeptExchange = {
  exchange: Exchange
  /**
   * Set when the request cannot be repeated as it was sent (its body, URL or a header was cut or
   * not kept): the report then has no reproducer for it, and says this instead.
   */
  unrepeatable?: string
}

/**
 * The exchange as a check keeps it: `toExchange` (secrets replaced on the whole request, so that
 * no cut hides a secret from the redaction), then each text cut to EXCERPT_BYTES. A passed
 * check keeps no body: no report shows it.
 */
export function keptExchange(
  upstream: URL,
  operationId: string | undefined,
  exchange: ProxiedExchange,
  options: { body: boolean },
): KeptExchange {
  const whole = toExchange(upstream, operationId, {
    ...exchange,
    requestBody: options.body ? exchange.requestBody : undefined,
  })
  const request = whole.request
  const cut: string[] = []
  const url = excerpt(request.url)
  if (url !== request.url)
    cut.push(`the URL was cut (${figure(Buffer.byteLength(request.url, 'utf8'))} bytes)`)
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers)) {
    headers[name] = excerpt(value)
    if (headers[name] !== value) cut.push(`the ${name} header was cut`)
  }
  let body = request.body === undefined ? undefined : excerpt(request.body)
  if (body !== request.body) {
    cut.push(`the request body was cut (${figure(exchange.requestBody?.length ?? 0)} bytes sent)`)
  }
  const bodyBytes = exchange.requestBodyBytes ?? exchange.requestBody?.length ?? 0
  if (options.body && exchange.requestBody === undefined && bodyBytes > 0) {
    body = `… (not kept: ${figure(bodyBytes)} bytes, ${bodyBytes > MAX_CHECKED_BODY_BYTES ? `over the ${MAX_CHECKED_BODY_BYTES / 1024 / 1024} MiB the proxy reads of a body` : 'not all of it arrived'})`
    cut.push(`the request body was not kept (${figure(bodyBytes)} bytes sent)`)
  }
  return {
    exchange: { ...whole, request: { ...request, url, headers, body } },
    ...(cut.length === 0
      ? {}
      : {
          unrepeatable: `no reproducer: ${cut.join('; ')}, so a curl made from what was kept would send another request`,
        }),
  }
}
