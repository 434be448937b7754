import { type JudgementResult, judgeAnswer } from '@devenv/openapi'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { StubContext } from '../context'
import { recordServed } from '../dev/coverage'
import { ApiError, errorBody } from './errors'
import { isStatusShaped } from './operations'

/** One problem per failed result, in the stub's words (headers named as Node names them). */
export function formatProblem(result: JudgementResult): string {
  if (result.step === 'headers' && result.details.problem === 'missing') {
    return `the ${result.details.header.toLowerCase()} header is missing`
  }
  return result.message
}

function bodyText(payload: unknown): string {
  if (typeof payload === 'string') return payload
  return Buffer.isBuffer(payload) ? payload.toString('utf8') : ''
}

/** What is wrong with an answer according to the contract's judgement; empty when it conforms. */
export function answerProblems(
  ctx: StubContext,
  operationId: string,
  reply: FastifyReply,
  text: string,
): string[] {
  const judgement = judgeAnswer(ctx.contract, operationId, {
    status: reply.statusCode,
    headers: (name) => {
      const value = reply.getHeader(name)
      return value === undefined ? undefined : String(Array.isArray(value) ? value[0] : value)
    },
    text,
  })
  return judgement.results.filter((result) => !result.ok).map(formatProblem)
}

/**
 * Development and test modes: every answer of an operation is judged against the contract
 * (not through Fastify's serializer, which would silently drop undeclared fields). A mismatch is
 * logged; in test mode it becomes a 500 naming the drift, so tests catch it. What was served is
 * recorded for the session's coverage (`GET /__dev/coverage`).
 */
export function registerResponseCheck(app: FastifyInstance, ctx: StubContext): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const operationId = request.routeOptions.config.operationId
    if (!operationId || request.contractExempt || request.method === 'HEAD') return payload
    const text = bodyText(payload)
    const problems = answerProblems(ctx, operationId, reply, text)
    const status = reply.statusCode
    if (problems.length === 0) {
      recordServed(ctx, request, operationId, status, text)
      return payload
    }
    request.log.error({ operationId, status, problems }, 'answer does not match the contract')
    if (ctx.config.mode !== 'test') {
      recordServed(ctx, request, operationId, status, text)
      return payload
    }
    const drift = new ApiError(
      500,
      'INTERNAL_ERROR',
      `Stub answer of ${operationId} (${status}) does not match the contract: ${problems.join('; ')}`,
    )
    reply.code(500)
    reply.header('content-type', 'application/json; charset=utf-8')
    const served = JSON.stringify(errorBody(drift, isStatusShaped(ctx, operationId)))
    recordServed(ctx, request, operationId, 500, served)
    return served
  })
}
