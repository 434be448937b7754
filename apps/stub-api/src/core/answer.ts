import type { operations } from '@devenv/openapi/types'

type OperationId = keyof operations
type Responses<Id extends OperationId> = operations[Id]['responses']
type JsonOf<Response> = Response extends { content: { 'application/json': infer Body } }
  ? Body
  : undefined
type Documented<Status, Json> = [Json] extends [undefined]
  ? { status: Status; json?: undefined; headers?: Record<string, string> }
  : { status: Status; json: Json; headers?: Record<string, string> }

/**
 * An answer inside the core, before it is serialised into a `SerialisedAnswer`: a handler's, an
 * error's, a development control's or a hook's. `CoreAnswer<'signIn'>` is what that operation's
 * handler answers, held to the contract's documented answers (errors are thrown as ApiError): a
 * body of the wrong shape for its status fails typecheck, and `headers` may be left out.
 */
export type CoreAnswer<Id extends OperationId | undefined = undefined> = Id extends OperationId
  ? {
      [Status in keyof Responses<Id> & number]: Documented<Status, JsonOf<Responses<Id>[Status]>>
    }[keyof Responses<Id> & number]
  : {
      status: number
      headers: Record<string, string>
      /** A JSON value, serialised as `application/json; charset=utf-8`. */
      json?: unknown
      /** Text whose `content-type` is in `headers` (the development pages). */
      text?: string
      /** An HTML page: the adapter gives it a page's security headers. */
      page?: true
    }

export function jsonAnswer(
  status: number,
  json: unknown,
  headers: Record<string, string> = {},
): CoreAnswer {
  return json === undefined ? { status, headers } : { status, headers, json }
}

/** A development page: HTML, never cached. */
export function pageAnswer(html: string, headers: Record<string, string> = {}): CoreAnswer {
  return {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
    text: html,
    page: true,
  }
}
