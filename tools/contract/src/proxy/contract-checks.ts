// Where the proxy meets the contract model of `@devenv/openapi`: which operation an exchange
// belongs to (its matcher) and what is wrong with it (its one answer judgement, and its
// validator for the request body). This file only turns their results into violations.
import {
  type Contract,
  describeSchemaErrors,
  type JudgementStep,
  judgeAnswer,
  mediaTypeOf,
  problemsOf,
} from '@devenv/openapi'
import type { ProxiedExchange } from './reading'

export const UNDOCUMENTED_OPERATION = 'undocumented operation'

/** One way an exchange seen by the proxy breaks the contract. */
export type Violation = {
  /** Undefined when no operation of the contract matches the request. */
  operationId: string | undefined
  check: string
  message: string
  request: { method: string; url: string }
  /** Undefined when no answer came. */
  status: number | undefined
}

export type Judged = { operationId: string | undefined; violations: Violation[] }

const CHECK_OF_STEP: Record<JudgementStep, string> = {
  status: 'status',
  mediaType: 'media type',
  schema: 'schema',
  headers: 'headers',
}

/** The request body as the validator takes it: parsed JSON, text, or undefined for none. */
function requestBodyValue(body: Buffer, mediaType: string): { value: unknown } | 'not JSON' {
  if (body.length === 0) return { value: undefined }
  const text = body.toString('utf8')
  if (!/[/+]json$/.test(mediaType)) return { value: text }
  try {
    return { value: JSON.parse(text) }
  } catch {
    return 'not JSON'
  }
}

/** Judges one exchange the proxy forwarded: its request, then its answer. */
export function judgeExchange(contract: Contract, exchange: ProxiedExchange): Judged {
  const request = { method: exchange.method, url: exchange.url }
  const operationId = contract.match(exchange.method, exchange.url)?.operation.operationId
  const violations: Violation[] = []
  const add = (check: string, message: string) =>
    violations.push({ operationId, check, message, request, status: exchange.status })
  if (operationId === undefined) {
    add(UNDOCUMENTED_OPERATION, `${exchange.method} ${exchange.url} is not in the contract`)
    return { operationId, violations }
  }

  // A body over the kept size is forwarded but not checked (undefined here).
  if (exchange.requestBody) {
    const mediaType = mediaTypeOf(exchange.requestHeaders['content-type'])
    const body = requestBodyValue(exchange.requestBody, mediaType)
    if (body === 'not JSON') add('request body', 'the request body is not JSON')
    else {
      const { valid, errors } = contract.validator.validateRequestBody(
        operationId,
        body.value,
        mediaType || undefined,
      )
      if (!valid) add('request body', describeSchemaErrors(errors))
    }
  }

  if (exchange.status === undefined || exchange.error) {
    add('answer', exchange.error ?? 'no answer')
    if (exchange.status === undefined) return { operationId, violations }
  }
  if (!exchange.answerBody) return { operationId, violations }
  const judgement = judgeAnswer(contract, operationId, {
    status: exchange.status,
    headers: exchange.answerHeaders,
    text: exchange.answerBody.toString('utf8'),
  })
  for (const problem of problemsOf(judgement)) add(CHECK_OF_STEP[problem.step], problem.message)
  return { operationId, violations }
}
