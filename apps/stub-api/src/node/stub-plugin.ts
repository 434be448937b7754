import type {
  FastifyBodyParser,
  FastifyError,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
} from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import {
  API_MESSAGES,
  type SerialisedAnswer,
  type StubCore,
  type StubRequest,
  type TransportProblem,
} from '../core'

/** The security headers of helmet's two policies, known once the server has started. */
export type SecurityHeaders = {
  api: Record<string, string>
  page: Record<string, string>
}

export type StubPluginOptions = {
  core: StubCore
  securityHeaders: () => SecurityHeaders
  /** Told of every answer sent (the readable log line names its stub session). */
  onAnswer?: (request: FastifyRequest, answer: SerialisedAnswer) => void
}

/** Every method the core answers; HEAD comes with GET, OPTIONS is @fastify/cors's (preflights). */
const METHODS: HTTPMethods[] = ['DELETE', 'GET', 'PATCH', 'POST', 'PUT']

/** A Fastify request as the core's transport-free request; the body is handed over raw. */
export function toStubRequest(request: FastifyRequest, problem?: TransportProblem): StubRequest {
  const { body } = request
  return {
    method: request.method,
    url: request.url,
    // Node joins repeated headers as the core expects (`, `, and `; ` for cookie).
    headers: request.headers as StubRequest['headers'],
    ...(body instanceof Uint8Array && body.length > 0 ? { body } : {}),
    ip: request.ip,
    ...(problem ? { problem } : {}),
  }
}

/** Sends an answer of the core: a page gets helmet's page policy, `Prefer: reset` drops the socket. */
export function sendAnswer(
  reply: FastifyReply,
  answer: SerialisedAnswer,
  headers: SecurityHeaders,
): FastifyReply {
  if (answer.reset) {
    reply.hijack()
    reply.raw.destroy()
    return reply
  }
  if (answer.page) {
    for (const name in headers.api) reply.removeHeader(name)
    reply.headers(headers.page)
  }
  return reply.code(answer.status).headers(answer.headers).send(answer.body)
}

/** What Fastify refused while reading a request, as the problem the core answers. */
function transportProblemOf(error: FastifyError): TransportProblem | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body-too-large'
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'body-length-mismatch'
    default: {
      const status = error.statusCode
      return typeof status === 'number' && status >= 400 && status < 500 ? 'bad-request' : undefined
    }
  }
}

/**
 * The stub in Fastify: every request goes to `core.handle()` and its answer back, as the MSW
 * adapter does. Fastify only reads the body as bytes (the core parses it), within the size limit,
 * so a body over the contract's limit is refused while it arrives rather than buffered whole.
 */
export const stubPlugin = fastifyPlugin<StubPluginOptions>(
  async (app, { core, securityHeaders, onAnswer }) => {
    app.removeAllContentTypeParsers()
    const keepBytes: FastifyBodyParser<Buffer> = (_request, body, done) => done(null, body)
    // JSON by name as well as the catch-all: Fastify finds a named parser at once, the catch-all
    // only after its search of the others.
    for (const mediaType of ['application/json', '*']) {
      app.addContentTypeParser(
        mediaType,
        { parseAs: 'buffer', bodyLimit: core.rules.bodyLimitBytes },
        keepBytes,
      )
    }

    async function answer(
      request: FastifyRequest,
      reply: FastifyReply,
      problem?: TransportProblem,
    ) {
      const answered = await core.handle(toStubRequest(request, problem))
      onAnswer?.(request, answered)
      return sendAnswer(reply, answered, securityHeaders())
    }

    app.route({ method: METHODS, url: '*', handler: (request, reply) => answer(request, reply) })
    app.setNotFoundHandler((request, reply) => answer(request, reply))
    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      const problem = transportProblemOf(error)
      if (problem) return answer(request, reply, problem)
      request.log.error({ err: error }, 'unexpected error')
      return reply
        .code(500)
        .headers(securityHeaders().api)
        .send({ message: API_MESSAGES.internal, code: 'INTERNAL_ERROR' })
    })
  },
)
