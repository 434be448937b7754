/** An answer inside the core, before it is serialised into a StubAnswer. */
export type Reply = {
  status: number
  headers: Record<string, string>
  /** A JSON value, serialised as `application/json; charset=utf-8`. */
  json?: unknown
  /** Text whose `content-type` is in `headers` (the development pages). */
  text?: string
  /** An HTML page: the adapter gives it a page's security headers. */
  page?: true
}

export function jsonReply(
  status: number,
  json: unknown,
  headers: Record<string, string> = {},
): Reply {
  return json === undefined ? { status, headers } : { status, headers, json }
}

/** A development page: HTML, never cached. */
export function pageReply(html: string, headers: Record<string, string> = {}): Reply {
  return {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
    text: html,
    page: true,
  }
}
