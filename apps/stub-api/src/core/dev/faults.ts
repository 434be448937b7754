import { responseFor } from '@devenv/openapi'
import { type CoreAnswer, jsonAnswer } from '../answer'
import type { StubContext } from '../context'
import type { CoreRequest } from '../request'

// `Prefer`'s syntax is the development protocol's (dev-protocol.yaml); the stub answers it.
export { type Preference, parsePrefer } from '@devenv/openapi/dev-protocol'

/** Retry-After sent with a forced 429 or 503. */
const FORCED_RETRY_AFTER_SECONDS = '30'

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function documentedStatuses(ctx: StubContext, operationId: string): string {
  const operation = ctx.contract.byId.get(operationId)
  return operation ? operation.statuses.join(', ') : 'none'
}

/**
 * `Prefer: code=`: the operation's documented example for that status, or a 400 that says which
 * statuses are documented (that explanation is exempt from the contract check).
 */
export function forcedAnswer(
  ctx: StubContext,
  request: CoreRequest,
  operationId: string,
  code: number,
): CoreAnswer {
  const operation = ctx.contract.byId.get(operationId)
  const documented = code >= 400 && operation ? responseFor(operation, code) : undefined
  if (!documented) {
    request.contractExempt = true
    return jsonAnswer(400, {
      message: `Prefer: code=${code} needs a documented 4xx or 5xx answer of ${operationId} (documented: ${documentedStatuses(ctx, operationId)})`,
    })
  }
  // The answer is the document's own example, so it is checked like any other answer.
  const headers: Record<string, string> = {}
  for (const header of documented.requiredHeaders) {
    if (header.name.toLowerCase() === 'retry-after')
      headers['retry-after'] = FORCED_RETRY_AFTER_SECONDS
  }
  return jsonAnswer(code, documented.examples[0]?.value, headers)
}
