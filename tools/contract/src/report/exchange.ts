import type { WireRequest } from '../http'

/**
 * One request of an operation and the status it got: what the per-operation table, the coverage
 * matrix and a failure's reproducer are made of. Every driver (check, fuzz, proxy) records these.
 */
export type Exchange = {
  operationId: string
  /** The request as sent, with any bearer token replaced by `$ACCESS_TOKEN`. */
  request: WireRequest
  /** The answer's status; `null` when no answer came (refused, reset, timed out). */
  status: number | null
  /** The documented request body example sent as is, by name. */
  requestExample?: string
  /** The documented example of the answer's status that the answer was, by name. */
  responseExample?: string
}

const TOKEN_PLACEHOLDER = '$ACCESS_TOKEN'

/** The exchange of a sent request; the bearer token stays out of reports (it is a credential). */
export function exchangeOf(
  operationId: string,
  request: WireRequest,
  status: number | null,
  examples: { requestExample?: string | undefined; responseExample?: string | undefined } = {},
): Exchange {
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name,
      name.toLowerCase() === 'authorization' && /^bearer /i.test(value)
        ? `Bearer ${TOKEN_PLACEHOLDER}`
        : value,
    ]),
  )
  return {
    operationId,
    request: { ...request, headers },
    status,
    ...(examples.requestExample === undefined ? {} : { requestExample: examples.requestExample }),
    ...(examples.responseExample === undefined
      ? {}
      : { responseExample: examples.responseExample }),
  }
}

/** Quotes a word for a POSIX shell: single quotes, with embedded ones closed and reopened. */
export function shellQuote(text: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`
}

/**
 * A ready-to-run curl command that repeats a request. A bearer token is left as the shell
 * variable `$ACCESS_TOKEN` (double-quoted so the shell expands it): sign in and export it first.
 */
export function curlCommand(request: WireRequest): string {
  const parts = ['curl', '-i', '-X', shellQuote(request.method), shellQuote(request.url)]
  for (const [name, value] of Object.entries(request.headers)) {
    const header = `${name}: ${value}`
    parts.push(
      '-H',
      value.includes(TOKEN_PLACEHOLDER) && !/["\\`]/.test(header)
        ? `"${header}"`
        : shellQuote(header),
    )
  }
  if (request.body !== undefined) parts.push('--data-binary', shellQuote(request.body))
  return parts.join(' ')
}
