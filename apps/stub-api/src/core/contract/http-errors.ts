import { isDocumentedStatus } from '@devenv/openapi'
import secureJson from 'secure-json-parse'
import { type CoreAnswer, jsonAnswer } from '../answer'
import type { StubContext } from '../context'
import type { TransportProblem } from '../types'
import { ApiError, errorBody, validationError } from './errors'
import { API_MESSAGES } from './messages'
import { isStatusShaped } from './operations'

/** RFC 8259's whitespace: space, tab, line feed, carriage return. */
const JSON_WHITESPACE = /^[ \t\n\r]*$/

/**
 * Most fields and array items one body may hold, at any depth: ten times what the contract's
 * largest body needs (a chat of 50 messages). Parsing and validating (with all errors) cost a step
 * per value: 90,000 unknown fields cost ~110 ms of blocking work; past this cap the body is refused
 * before it is parsed.
 */
export const MAX_BODY_VALUES = 1000

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COLON = 0x3a
const COMMA = 0x2c
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d

/**
 * Whether a JSON text holds more than MAX_BODY_VALUES fields and items, by one pass over its
 * characters (strings skipped): a few milliseconds for 1 MiB, where parsing alone took ~30.
 * A field is its `:`, an item the start of an array or a `,` inside one.
 */
function exceedsValueCap(text: string): boolean {
  let values = 0
  // Whether each open bracket is an array; JSON nests at most as deep as the text is long.
  const inArray: boolean[] = []
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === QUOTE) {
      // Skip the string, its escapes included (an unterminated one ends the text).
      for (index++; index < text.length; index++) {
        const inner = text.charCodeAt(index)
        if (inner === BACKSLASH) index++
        else if (inner === QUOTE) break
      }
      continue
    }
    if (code === COLON || (code === COMMA && inArray[inArray.length - 1])) values++
    else if (code === OPEN_ARRAY) {
      inArray.push(true)
      values++
    } else if (code === OPEN_OBJECT) inArray.push(false)
    else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) inArray.pop()
    else continue
    if (values > MAX_BODY_VALUES) return true
  }
  return false
}

/** Methods whose body is never read (as Fastify did). */
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'TRACE'])

// Strict UTF-8: a malformed sequence throws instead of becoming U+FFFD. A leading byte order mark
// is dropped, as the JSON parser did before.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

function byteLength(body: Uint8Array | string): number {
  return typeof body === 'string' ? new TextEncoder().encode(body).length : body.length
}

/**
 * The only body reader, the same for every adapter: JSON only (415 otherwise), at most the
 * contract's `x-body-limit` (1 MiB),
 * strictly UTF-8, prototype-poisoning safe (secure-json-parse, Fastify's own parser), and an empty
 * body means "no body" so that optional bodies (sign-out) may be left out.
 */
export function readJsonBody(
  method: string,
  contentType: string | undefined,
  body: Uint8Array | string | undefined,
  maxBytes: number,
): unknown {
  if (BODYLESS_METHODS.has(method)) return undefined
  const empty = body === undefined || body.length === 0
  if (contentType === undefined) {
    if (empty) return undefined
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', API_MESSAGES.unsupportedMediaType)
  }
  const mediaType = contentType.split(';', 1)[0]?.trim().toLowerCase()
  if (mediaType !== 'application/json') {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', API_MESSAGES.unsupportedMediaType)
  }
  if (empty) return undefined
  if (byteLength(body) > maxBytes) {
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', API_MESSAGES.tooLarge)
  }
  let text: string
  if (typeof body === 'string') {
    text = body.charCodeAt(0) === 0xfeff ? body.slice(1) : body
  } else {
    try {
      text = strictUtf8.decode(body)
    } catch {
      throw validationError({ body: 'Body is not valid UTF-8' })
    }
  }
  // JSON's own whitespace only: trim() also removed U+00A0, U+2028 and the like, so such a
  // body passed as "no body" instead of malformed JSON (found by fuzzing).
  if (JSON_WHITESPACE.test(text)) return undefined
  if (exceedsValueCap(text)) {
    throw validationError({ body: `Body must hold at most ${MAX_BODY_VALUES} fields and items` })
  }
  try {
    return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' })
  } catch {
    // secure-json-parse does not say why: JSON that parses was refused for a prototype key.
    throw validationError({
      body: isJsonText(text)
        ? 'Body must not contain __proto__ or constructor.prototype'
        : 'Body is not valid JSON',
    })
  }
}

export function transportError(problem: TransportProblem): ApiError {
  switch (problem) {
    case 'body-too-large':
      return new ApiError(413, 'PAYLOAD_TOO_LARGE', API_MESSAGES.tooLarge)
    case 'body-length-mismatch':
      return validationError({ body: 'Body size does not match Content-Length' })
    case 'bad-url':
      return validationError({ url: 'The request URL has a malformed %-escape' })
    case 'bad-request':
      return validationError({ request: 'Invalid request' })
  }
}

/** Whatever was thrown: ours as it is, anything else a 500. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  return new ApiError(500, 'INTERNAL_ERROR', API_MESSAGES.internal)
}

/** An error in the shape of the request's operation (or `{ message }` off the contract). */
export function errorAnswer(
  ctx: StubContext,
  operationId: string | undefined,
  error: ApiError,
): CoreAnswer {
  let answer = error
  // An input error the operation does not document (415 on a call without body) becomes its 400.
  if (
    operationId &&
    error.status < 500 &&
    !isDocumentedStatus(ctx.contract, operationId, error.status) &&
    isDocumentedStatus(ctx.contract, operationId, 400)
  ) {
    answer = validationError(error.fields ?? { body: error.message })
  }
  const shaped = operationId ? isStatusShaped(ctx, operationId) : false
  return jsonAnswer(answer.status, errorBody(answer, shaped), { ...answer.headers })
}
