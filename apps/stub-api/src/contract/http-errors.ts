import { isUtf8 } from 'node:buffer'
import { isDocumentedStatus } from '@devenv/openapi'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { StubContext } from '../context'
import { ApiError, errorBody, MESSAGES, validationError } from './errors'
import { isStatusShaped } from './operations'

/** RFC 8259's whitespace: space, tab, line feed, carriage return. */
const JSON_WHITESPACE = /^[ \t\n\r]*$/

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
    return true
  } catch {
    return false
  }
}

/** Largest accepted body, as the contract says (413 above it). */
export const BODY_LIMIT_BYTES = 1024 * 1024

/**
 * The only body parser: JSON, strictly UTF-8, prototype-poisoning safe (Fastify's own parser),
 * with an empty body meaning "no body" so that optional bodies (sign-out) may be left out.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES },
    (request, body, done) => {
      const bytes = body as Buffer
      if (bytes.length === 0) {
        done(null, undefined)
        return
      }
      // Strict UTF-8 (the check TextDecoder's `fatal` made, natively and without an exception);
      // a leading byte order mark is dropped by the JSON parser, or here when nothing follows.
      if (!isUtf8(bytes)) {
        done(validationError({ body: 'Body is not valid UTF-8' }), undefined)
        return
      }
      const text = bytes.toString('utf8')
      // JSON's own whitespace only: trim() also removed U+00A0, U+2028 and the like, so such a
      // body passed as "no body" instead of malformed JSON (found by fuzzing).
      if (JSON_WHITESPACE.test(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)) {
        done(null, undefined)
        return
      }
      parseJson(request, text, (error, parsed) => {
        if (!error) {
          done(null, parsed)
          return
        }
        // Fastify's error does not say why: JSON that parses was refused for a prototype key.
        const message = isJsonText(text)
          ? 'Body must not contain __proto__ or constructor.prototype'
          : 'Body is not valid JSON'
        done(validationError({ body: message }), undefined)
      })
    },
  )
}

/** Maps whatever was thrown (ours or Fastify's) to the contract's 4xx, or a 500. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  const fastifyError = error as Partial<FastifyError>
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', MESSAGES.unsupportedMediaType)
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'PAYLOAD_TOO_LARGE', MESSAGES.tooLarge)
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return validationError({ body: 'The request body is required' })
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return validationError({ body: 'Body is not valid JSON' })
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return validationError({ body: 'Body size does not match Content-Length' })
    default:
      break
  }
  if (error instanceof SyntaxError) return validationError({ body: 'Body is not valid JSON' })
  const status = fastifyError.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return validationError({ request: fastifyError.message ?? 'Invalid request' })
  }
  return new ApiError(500, 'INTERNAL_ERROR', MESSAGES.internal)
}

/** Sends an error in the shape of the request's operation (or `{ message }` off the contract). */
export function sendApiError(
  ctx: StubContext,
  request: FastifyRequest,
  reply: FastifyReply,
  error: ApiError,
): FastifyReply {
  const operationId = request.routeOptions.config.operationId
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
  reply.code(answer.status)
  for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value)
  return reply.send(errorBody(answer, shaped))
}

export function registerErrorHandling(app: FastifyInstance, ctx: StubContext): void {
  app.setErrorHandler((error, request, reply) => {
    const answer = toApiError(error)
    if (answer.status >= 500) request.log.error({ err: error }, 'unexpected error')
    return sendApiError(ctx, request, reply, answer)
  })
  app.setNotFoundHandler((_request, reply) => {
    return reply.code(404).send({ message: MESSAGES.notFound, code: 'NOT_FOUND' })
  })
}
