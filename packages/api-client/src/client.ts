import type { paths } from '@devenv/openapi/types'
import createClient, { type Client } from 'openapi-fetch'
import { version as packageVersion } from '../package.json'
import { apiBaseUrl, DEFAULT_CLIENT_TYPE } from './base'
import { ApiError } from './errors'
import { createTransport, type TokenSource } from './transport'

export { apiBaseUrl, DEFAULT_CLIENT_TYPE } from './base'
export const DEFAULT_TIMEOUT_MS = 10_000
export const CLIENT_VERSION = packageVersion

export type ApiClientOptions = {
  /** Origin of the API for the environment, e.g. `https://api.example.com`; '' for the same origin. */
  baseUrl: string
  /** Optional version segment: `v1` gives `/api/v1`. */
  version?: string | undefined
  timeoutMs?: number | undefined
  clientType?: string | undefined
  clientVersion?: string | undefined
  tokens?: TokenSource | undefined
  onSessionExpired?: (() => void) | undefined
  /** Replaces the built-in token refresh (see `TransportOptions.refreshTokens`). */
  refreshTokens?: (() => Promise<boolean>) | undefined
  fetch?: typeof globalThis.fetch | undefined
  now?: (() => Date) | undefined
  /** Where the global answer handling speaks (API-5); the console by default. */
  log?: AnswerLog | undefined
}

/** The global answer handling's two voices: a 403 only warns, a 5xx only logs. */
export type AnswerLog = {
  warn(message: string): void
  error(message: string): void
}

/** API-5: a 403 only warns, a 5xx only logs (a 401 is the transport's refresh); the call fails. */
function reportFailedAnswer(log: AnswerLog, request: Request, response: Response): void {
  // The path only: a query may carry a token or a reset hash.
  const call = `${request.method} ${new URL(request.url, 'http://origin.invalid').pathname}`
  if (response.status === 403) log.warn(`API call forbidden (403): ${call}`)
  else if (response.status >= 500) log.error(`API server error (${response.status}): ${call}`)
}

export type ApiClient = Client<paths, 'application/json'>

/**
 * The site's one API client. Every method resolves with the typed answer, or rejects with an
 * `ApiError` (an error status, a timeout, or no answer at all).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const apiBase = apiBaseUrl(options.baseUrl, options.version)
  const client = createClient<paths, 'application/json'>({
    baseUrl: apiBase,
    fetch: createTransport({
      apiBase,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      clientType: options.clientType ?? DEFAULT_CLIENT_TYPE,
      clientVersion: options.clientVersion ?? CLIENT_VERSION,
      tokens: options.tokens,
      onSessionExpired: options.onSessionExpired,
      refreshTokens: options.refreshTokens,
      // Late-bound so tests and polyfills that replace globalThis.fetch are honoured.
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      now: options.now ?? (() => new Date()),
    }),
  })
  const log = options.log ?? console
  client.use({
    async onResponse({ request, response }) {
      if (response.ok) return undefined
      reportFailedAnswer(log, request, response)
      throw await ApiError.fromResponse(response)
    },
  })
  return client
}

type CallResult<T> = { data?: T; response: Response }

/**
 * The answer's body of a call made with the client. Failed calls have already thrown an
 * `ApiError`; a success without a body (204) resolves with `undefined`.
 */
export async function dataOf<T>(call: Promise<CallResult<T>>): Promise<T> {
  const { data } = await call
  return data as T
}
