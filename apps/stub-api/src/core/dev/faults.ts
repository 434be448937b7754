import { responseFor } from '@devenv/openapi'
import type { StubContext } from '../context'
import { jsonReply, type Reply } from '../reply'
import type { CoreRequest } from '../request'

/** Longest `Prefer: delay=` honoured, so a typo cannot hang a test run. */
export const MAX_DELAY_MS = 30_000
/** Retry-After sent with a forced 429 or 503. */
const FORCED_RETRY_AFTER_SECONDS = '30'

export type Preference = { code?: number; delayMs?: number; reset?: boolean }

/** Reads Prism-style `Prefer` headers: `code=503`, `delay=800`, `reset`, comma-separated. */
export function parsePrefer(header: string | string[] | undefined): Preference {
  const preference: Preference = {}
  const text = Array.isArray(header) ? header.join(',') : (header ?? '')
  for (const part of text.split(/[,;]/)) {
    const [rawName, rawValue] = part.split('=').map((each) => each.trim().toLowerCase())
    if (rawName === 'code' && rawValue && /^\d{3}$/.test(rawValue))
      preference.code = Number(rawValue)
    if (rawName === 'delay' && rawValue && /^\d+$/.test(rawValue)) {
      preference.delayMs = Math.min(Number(rawValue), MAX_DELAY_MS)
    }
    if (rawName === 'reset') preference.reset = true
  }
  return preference
}

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
): Reply {
  const operation = ctx.contract.byId.get(operationId)
  const documented = code >= 400 && operation ? responseFor(operation, code) : undefined
  if (!documented) {
    request.contractExempt = true
    return jsonReply(400, {
      message: `Prefer: code=${code} needs a documented 4xx or 5xx answer of ${operationId} (documented: ${documentedStatuses(ctx, operationId)})`,
    })
  }
  // The answer is the document's own example, so it is checked like any other answer.
  const headers: Record<string, string> = {}
  for (const header of documented.requiredHeaders) {
    if (header.name.toLowerCase() === 'retry-after')
      headers['retry-after'] = FORCED_RETRY_AFTER_SECONDS
  }
  return jsonReply(code, documented.examples[0]?.value, headers)
}
