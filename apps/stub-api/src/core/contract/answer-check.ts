import { type JudgementResult, judgeAnswer } from '@devenv/openapi'
import type { StubContext } from '../context'
import { recordServed } from '../dev/coverage'
import type { CoreRequest } from '../request'
import type { SerialisedAnswer, StubLog } from '../types'
import { ApiError, errorBody } from './errors'
import { isStatusShaped } from './operations'

/** One problem per failed result, in the stub's words (headers named as Node names them). */
export function formatProblem(result: JudgementResult): string {
  if (result.step === 'headers' && result.details.problem === 'missing') {
    return `the ${result.details.header.toLowerCase()} header is missing`
  }
  return result.message
}

/** What is wrong with an answer according to the contract's judgement; empty when it conforms. */
export function answerProblems(
  ctx: StubContext,
  operationId: string,
  answer: SerialisedAnswer,
): string[] {
  const judgement = judgeAnswer(ctx.contract, operationId, {
    status: answer.status,
    headers: (name) => answer.headers[name.toLowerCase()],
    text: answer.body ?? '',
  })
  return judgement.results.filter((result) => !result.ok).map(formatProblem)
}

/**
 * Development and test modes: every answer of an operation is judged against the contract (the
 * text as sent, so undeclared fields are seen). A mismatch is logged; in test mode it becomes a
 * 500 naming the drift, so tests catch it. What was served is recorded for the session's coverage
 * (`GET /__dev/coverage`). Returns the answer to send.
 */
export function checkAnswer(
  ctx: StubContext,
  log: StubLog,
  request: CoreRequest,
  operationId: string,
  answer: SerialisedAnswer,
): SerialisedAnswer {
  const problems = answerProblems(ctx, operationId, answer)
  const { status } = answer
  if (problems.length === 0) {
    recordServed(ctx, request, operationId, status, answer.body ?? '')
    return answer
  }
  log.error('answer does not match the contract', { operationId, status, problems })
  if (ctx.config.mode !== 'test') {
    recordServed(ctx, request, operationId, status, answer.body ?? '')
    return answer
  }
  const drift = new ApiError(
    500,
    'INTERNAL_ERROR',
    `Stub answer of ${operationId} (${status}) does not match the contract: ${problems.join('; ')}`,
  )
  const served = JSON.stringify(errorBody(drift, isStatusShaped(ctx, operationId)))
  recordServed(ctx, request, operationId, 500, served)
  return {
    ...answer,
    status: 500,
    headers: { ...answer.headers, 'content-type': 'application/json; charset=utf-8' },
    body: served,
  }
}
