import {
  DEV_PATHS,
  STUB_SESSION_ID as SESSION_ID,
  STUB_SESSION_COOKIE,
  STUB_SESSION_HEADER,
  STUB_SESSION_QUERY,
} from '@devenv/openapi/dev-protocol'
import { jsonAnswer } from '../answer'
import type { DevRoute } from './dev-route'

// The names are the development protocol's (dev-protocol.yaml); the adapters take them from here.
export { STUB_SESSION_COOKIE, STUB_SESSION_HEADER, STUB_SESSION_QUERY }

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key !== name) continue
    try {
      return decodeURIComponent(value.join('='))
    } catch {
      return undefined
    }
  }
  return undefined
}

/**
 * The stub session a request asks for: the adapter's own choice, then the header, then the
 * cookie, then (development pages) `?stubSession=`. Ids that do not fit are ignored.
 */
export function requestedSession(
  chosen: string | undefined,
  headers: Readonly<Record<string, string | undefined>>,
  query: Record<string, string | string[]>,
  allowQuery: boolean,
): string | null {
  // In order, without building a list: this runs on every request.
  if (chosen !== undefined && SESSION_ID.test(chosen)) return chosen
  const header = headers[STUB_SESSION_HEADER]
  if (header !== undefined && SESSION_ID.test(header)) return header
  const cookie = cookieValue(headers.cookie, STUB_SESSION_COOKIE)
  if (cookie !== undefined && SESSION_ID.test(cookie)) return cookie
  const fromQuery = allowQuery ? query[STUB_SESSION_QUERY] : undefined
  if (typeof fromQuery === 'string' && SESSION_ID.test(fromQuery)) return fromQuery
  return null
}

/**
 * `GET /__dev/session`: the stub session whose store answered (null: the default store). A client
 * that sends an id and reads the same id back knows its runs are isolated from other clients'
 * (the contract toolkit asks before it counts on windows and state of its own).
 */
export const sessionRoutes: DevRoute[] = [
  {
    method: 'GET',
    path: DEV_PATHS.session,
    handle: (request) => jsonAnswer(200, { session: request.session }),
  },
]
