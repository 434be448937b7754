import type { WireRequest } from '../http'
import { redactRequest } from './redact'

/**
 * One request of an operation and the status it got: what the per-operation table, the coverage
 * matrix and a failure's reproducer are made of. Every driver (check, fuzz, proxy) records these.
 */
export type Exchange = {
  operationId: string
  /** The request as sent, its secrets replaced as `redactRequest` does. */
  request: WireRequest
  /** The answer's status; `null` when no answer came (refused, reset, timed out). */
  status: number | null
  /** The documented request body example sent as is, by name. */
  requestExample?: string
  /** The documented example of the answer's status that the answer was, by name. */
  responseExample?: string
  /** Response examples exercised by pairing (a conforming answer of their status), by name. */
  responseExamples?: string[]
}

/**
 * The exchange of a sent request, as reports keep it: secrets replaced (`redactRequest`), so
 * that no password, hash or token is ever held for a report.
 */
export function exchangeOf(
  operationId: string,
  request: WireRequest,
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
