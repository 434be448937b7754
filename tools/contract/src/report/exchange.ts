import { isSecretName } from '@devenv/domain'
import type { WireRequest } from '../http'
import { redactRequest } from './redact'

/**
 * One request of an operation and the status it got: what the per-operation table, the coverage
 * matrix and a failure's reproducer are made of. Every driver (check, fuzz, proxy) records these.
 */
export type Exchange = {
  operationId: string
  /** The request as sent, its secrets replaced as `redactRequest` does. */
  request: WireRequest
  /** The answer's status; `null` when no answer came (refused, reset, timed out). */
  status: number | null
  /** The documented request body example sent as is, by name. */
  requestExample?: string
  /** The documented example of the answer's status that the answer was, by name. */
  responseExample?: string
}

/**
 * The exchange of a sent request, as reports keep it: secrets replaced (`redactRequest`), so
 * that no password, hash or token is ever held for a report.
 */
export function exchangeOf(
  operationId: string,
  request: WireRequest,
  status: number | null,
  examples: { requestExample?: string | undefined; responseExample?: string | undefined } = {},
): Exchange {
  return {
    operationId,
    request: redactRequest(request),
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

// `$PASSWORD`, `$ACCESS_TOKEN`: the shell variables `redactRequest` put in place of secrets.
const placeholder = /\$([A-Z][A-Z0-9_]*)/g
const isPlaceholder = (name: string) => isSecretName(name)

/** Quotes a word so that the shell expands its secret placeholders and nothing else. */
function quoteWithPlaceholders(text: string): string {
  const names = [...text.matchAll(placeholder)].map((match) => match[1] ?? '')
  if (!names.some(isPlaceholder)) return shellQuote(text)
  if (names.every(isPlaceholder) && !/["\\`]/.test(text)) return `"${text}"`
  return shellQuote(text)
    .replace(placeholder, (word, name: string) => (isPlaceholder(name) ? `'"${word}"'` : word))
    .replace(/^''(?=")/, '')
    .replace(/("\$[A-Z0-9_]+")''$/, '$1')
}

/**
 * A ready-to-run curl command that repeats a request. Secrets are shell variables the user sets
 * first (`$ACCESS_TOKEN` after signing in, `$PASSWORD` and the like); the shell expands them.
 */
export function curlCommand(request: WireRequest): string {
  const parts = ['curl', '-i', '-X', shellQuote(request.method), shellQuote(request.url)]
  for (const [name, value] of Object.entries(request.headers)) {
    parts.push('-H', quoteWithPlaceholders(`${name}: ${value}`))
  }
  if (request.body !== undefined) parts.push('--data-binary', quoteWithPlaceholders(request.body))
  return parts.join(' ')
}
