import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { StubContext } from '../context'
import { requiredResponseHeaders } from './document'
import { ApiError, errorBody } from './errors'
import { isStatusShaped } from './operations'

export type ResponseProblem = { operationId: string; status: number; problems: string[] }

function mediaTypeOf(reply: FastifyReply): string | undefined {
  const header = reply.getHeader('content-type')
  return typeof header === 'string' ? header.split(';')[0]?.trim().toLowerCase() : undefined
}

/** What is wrong with an answer according to the contract; empty when it conforms. */
export function checkAnswer(
  ctx: StubContext,
  operationId: string,
  reply: FastifyReply,
  payload: unknown,
): string[] {
  const status = reply.statusCode
  const text =
    typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : ''
  const mediaType = mediaTypeOf(reply)
  let body: unknown
  if (text !== '') {
    if (mediaType !== 'application/json')
      return [`content type ${String(mediaType)} is not application/json`]
    try {
      body = JSON.parse(text)
    } catch {
      return ['the body is not JSON']
    }
  }
  const result = ctx.contract.validator.validateResponse(operationId, status, body)
  const problems = result.errors.map(
    (error) =>
      `${error.instancePath || '(body)'} ${error.message}${error.keyword === 'additionalProperties' ? ` (${String(error.params.additionalProperty)})` : ''}`,
  )
  for (const header of requiredResponseHeaders(ctx.contract, operationId, status)) {
    if (reply.getHeader(header) === undefined) problems.push(`the ${header} header is missing`)
  }
  return problems
}

/**
 * Development and test modes: every answer of an operation is checked against the contract
 * (not through Fastify's serializer, which would silently drop undeclared fields). A mismatch is
 * logged; in test mode it becomes a 500 naming the drift, so tests catch it.
 */
export function registerResponseCheck(app: FastifyInstance, ctx: StubContext): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const operationId = request.routeOptions.config.operationId
    if (!operationId || request.contractExempt || request.method === 'HEAD') return payload
    const problems = checkAnswer(ctx, operationId, reply, payload)
    if (problems.length === 0) return payload
    const status = reply.statusCode
    request.log.error({ operationId, status, problems }, 'answer does not match the contract')
    if (ctx.config.mode !== 'test') return payload
    const drift = new ApiError(
      500,
      'INTERNAL_ERROR',
      `Stub answer of ${operationId} (${status}) does not match the contract: ${problems.join('; ')}`,
    )
    reply.code(500)
    reply.header('content-type', 'application/json; charset=utf-8')
    return JSON.stringify(errorBody(drift, isStatusShaped(ctx, operationId)))
  })
}
