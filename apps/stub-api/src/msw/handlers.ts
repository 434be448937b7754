import { type HttpHandler, HttpResponse, http } from 'msw'
import type { SerialisedAnswer, StubCore, StubRequest } from '../core'
import { exchangeUrl, type StubExchange } from './exchange'
import { securityHeadersOf } from './security-headers'

/** Where the stub answers and how it names the caller; every field has a default. */
export type StubHandlerOptions = {
  /**
   * Only requests to this origin (`http://stub.test`); by default any origin, which in a browser
   * means the page's own and any API base the site is configured with.
   */
  origin?: string
  /**
   * Every path of the origin (a fake origin that is the stub's alone), or only the API prefixes
   * and the development controls (`/api`, `/api/v1`, `/__dev`), so the site's own pages and
   * assets on the same origin pass through to the network. Default: only those.
   */
  everyPath?: boolean
  /** The caller's address given to the core for per-client rate limits (MSW has no socket). */
  ip?: string
  /** A stub session chosen by the adapter, asked for each request; wins over header and cookie. */
  session?: () => string | undefined
  /** Called once per answered request (the log line). */
  onExchange?: (exchange: StubExchange) => void
  /** Monotonic milliseconds, for the exchange's duration. */
  now?: () => number
}

export const DEFAULT_CLIENT_IP = '127.0.0.1'
const DEV_CONTROLS = '/__dev'
/** Statuses whose answers may not carry a body (the Fetch API's Response refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])
const BODYLESS_METHODS = new Set(['GET', 'HEAD'])

/** True when a path is under one of the prefixes (`/api` answers `/api` and `/api/...`). */
function isUnder(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}

/**
 * The `cookie` header as the stub should see it. In a browser the service worker never sees the
 * page's cookies in the request's headers; MSW hands them over separately (`cookies`).
 */
function cookieHeader(request: Request, cookies: Record<string, string>): string | undefined {
  const sent = request.headers.get('cookie')
  if (sent) return sent
  const pairs = Object.entries(cookies).map(([name, value]) => `${name}=${value}`)
  return pairs.length > 0 ? pairs.join('; ') : undefined
}

/** An MSW request as the core's transport-free request; the body is handed over raw. */
export async function toStubRequest(
  request: Request,
  cookies: Record<string, string>,
  options: Pick<StubHandlerOptions, 'ip' | 'session'>,
): Promise<StubRequest> {
  const url = new URL(request.url)
  const headers: Record<string, string> = {}
  request.headers.forEach((value, name) => {
    // Fetch's Headers lower-case names, but some DOM implementations (happy-dom) do not, and the
    // core reads lower-case names only.
    headers[name.toLowerCase()] = value
  })
  const cookie = cookieHeader(request, cookies)
  if (cookie) headers.cookie = cookie
  let body: Uint8Array | undefined
  if (!BODYLESS_METHODS.has(request.method)) {
    const bytes = new Uint8Array(await request.arrayBuffer())
    if (bytes.length > 0) body = bytes
  }
  const session = options.session?.()
  return {
    method: request.method.toUpperCase(),
    url: `${url.pathname}${url.search}`,
    headers,
    ...(body ? { body } : {}),
    ip: options.ip ?? DEFAULT_CLIENT_IP,
    ...(session ? { session } : {}),
  }
}

/** The core's answer as the Fetch API response MSW sends: `Prefer: reset` is a network error. */
export function sendAnswer(answer: SerialisedAnswer, method: string): Response {
  if (answer.reset) return HttpResponse.error()
  const headers = new Headers(securityHeadersOf(answer))
  for (const [name, value] of Object.entries(answer.headers)) headers.set(name, value)
  const body =
    answer.body === undefined || method === 'HEAD' || NULL_BODY_STATUSES.has(answer.status)
      ? null
      : answer.body
  return new HttpResponse(body, { status: answer.status, headers })
}

/**
 * The stub's MSW handlers: one `http.all` that hands every request for the stub to the core and
 * its answer back. Anything else (another origin, the site's own pages) is left unhandled, so
 * MSW passes it through to the network.
 */
export function createStubHandlers(
  core: StubCore,
  options: StubHandlerOptions = {},
): HttpHandler[] {
  const stubPaths = [...core.contract.prefixes, DEV_CONTROLS]
  const now = options.now ?? (() => performance.now())
  const isForStub = (request: Request): boolean => {
    const url = new URL(request.url)
    if (options.origin !== undefined && url.origin !== options.origin) return false
    return options.everyPath === true || isUnder(url.pathname, stubPaths)
  }
  return [
    http.all(
      ({ request }) => isForStub(request),
      async ({ request, cookies }) => {
        const started = now()
        const answer = await core.handle(await toStubRequest(request, cookies, options))
        options.onExchange?.({
          method: request.method,
          url: exchangeUrl(new URL(request.url)),
          status: answer.reset ? 0 : answer.status,
          durationMs: now() - started,
          session: answer.session,
        })
        return sendAnswer(answer, request.method)
      },
    ),
  ]
}

/** Every store back to its seeds and every session dropped: the development control, in process. */
export async function resetAllStores(core: StubCore, ip = DEFAULT_CLIENT_IP): Promise<void> {
  const answer = await core.handle({
    method: 'POST',
    url: '/__dev/reset?all=true',
    headers: { 'content-type': 'application/json' },
    body: '{}',
    ip,
  })
  if (answer.status !== 200) {
    throw new Error(`The stub refused its reset (${answer.status}): it runs in production mode`)
  }
}
