import type { RecordedRequest } from '../http'
import { redactRequest } from './redact'

/**
 * One request of an operation and the status it got: what the per-operation table, the coverage
 * matrix and a failure's reproducer are made of. Every driver (check, fuzz, proxy) records these.
 */
export type Exchange = {
  /** `''` for a request of no operation of the contract (an undocumented call the proxy saw). */
  operationId: string
  /** The request as sent, its secrets replaced as `redactRequest` does. */
  request: RecordedRequest
  /** The answer's status; `null` when no answer came (refused, reset, timed out). */
  status: number | null
  /** The documented request body example sent as is, by name. */
  requestExample?: string
  /** The documented example of the answer's status that the answer was, by name. */
  responseExample?: string
  /** Response examples exercised by pairing (a conforming answer of their status), by name. */
  responseExamples?: string[]
  /** The request as kept is not the one sent (cut, or badly framed): no reproducer repeats it. */
  unrepeatable?: boolean
}

/**
 * The exchange of a sent request, as reports keep it: secrets replaced (`redactRequest`), so
 * that no password, hash or token is ever held for a report.
 */
export function exchangeOf(
  operationId: string,
  request: RecordedRequest,
  status: number | null,
  examples: {
    requestExample?: string | undefined
    responseExample?: string | undefined
    responseExamples?: string[] | undefined
  } = {},
): Exchange {
  return {
    operationId,
    request: redactRequest(request),
    status,
    ...(examples.requestExample === undefined ? {} : { requestExample: examples.requestExample }),
    ...(examples.responseExample === undefined
      ? {}
      : { responseExample: examples.responseExample }),
    ...(examples.responseExamples === undefined || examples.responseExamples.length === 0
      ? {}
      : { responseExamples: examples.responseExamples }),
  }
}
