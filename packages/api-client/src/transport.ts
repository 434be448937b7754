import { BEARER_OPERATIONS } from '@devenv/openapi/facts'
import type { components } from '@devenv/openapi/types'
import {
  CLIENT_TYPE_HEADER,
  CLIENT_VERSION_HEADER,
  REFERRER_POLICY,
  REQUEST_TIMESTAMP_HEADER,
} from './base'
import { ApiError } from './errors'

export type TokenPair = {
  accessToken: string
  refreshToken: string
  tokenValidSeconds: number
}

/** The API's answer of sign-in and refresh, as the session keeps it: the one mapping of the pair. */
export function tokenPairOf(answer: components['schemas']['TokenPair']): TokenPair {
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    tokenValidSeconds: answer.token_valid_seconds,
  }
}

/** Where the client reads the session's tokens and stores refreshed ones (the web app's session). */
export type TokenSource = {
  getAccessToken(): string | null
  getRefreshToken(): string | null
  setTokens(tokens: TokenPair): void
}

export type TransportOptions = {
  /** Address of the API including `/api` and the optional version, e.g. `https://host/api/v1`. */
  apiBase: string
  timeoutMs: number
  clientType: string
  clientVersion: string
  tokens?: TokenSource | undefined
  /** Runs when a 401 cannot be cured by a refresh: no refresh token, or the refresh failed. */
  onSessionExpired?: (() => void) | undefined
  /**
   * Renews the stored tokens and answers whether it worked, instead of the built-in
   * `POST /auth/token/refresh`: the web app's session shares one refresh between its schedule,
   * its 401s and its browser tabs. Still called once for concurrent 401s.
   */
  refreshTokens?: (() => Promise<boolean>) | undefined
  fetch: typeof globalThis.fetch
  now: () => Date
}

export {
  CLIENT_TYPE_HEADER,
  CLIENT_VERSION_HEADER,
  REFERRER_POLICY,
  REQUEST_TIMESTAMP_HEADER,
} from './base'

const RELATIVE = 'http://relative.invalid'

// `GET /environments/{id}` -> GET and a pattern matching one segment in place of `{id}`.
const bearerOperations = BEARER_OPERATIONS.map((operation) => {
  const [method = '', template = ''] = operation.split(' ')
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/}]+\}/g, '[^/]+')
  return { method, path: new RegExp(`^${pattern}$`) }
})

/**
 * Whether a call carries the bearer token: exactly when the contract's `security` for its
 * operation accepts it (`BEARER_OPERATIONS`, generated from the contract). The path is read relative to the API base
 * (`/api` and the optional version); a call outside it, or to no known operation, goes without.
 */
export function sendsBearer(method: string, url: string, apiBase: string): boolean {
  const base = new URL(apiBase, RELATIVE).pathname.replace(/\/+$/, '')
  const path = new URL(url, RELATIVE).pathname
  if (!path.startsWith(`${base}/`)) return false
  const operationPath = path.slice(base.length)
  const wanted = method.toUpperCase()
  return bearerOperations.some(
    (operation) => operation.method === wanted && operation.path.test(operationPath),
  )
}

/**
 * A `fetch` for openapi-fetch that adds the contract's headers, the bearer token, a timeout, and
 * one refresh-and-retry on a 401 (concurrent 401s share a single refresh in flight).
 */
export function createTransport(options: TransportOptions): typeof globalThis.fetch {
  let refreshInFlight: Promise<boolean> | null = null

  const send = async (request: Request): Promise<Response> => {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), options.timeoutMs)
    const signal = AbortSignal.any([controller.signal, request.signal])
    try {
      return await options.fetch(new Request(request, { signal, referrerPolicy: REFERRER_POLICY }))
    } catch (error) {
      if (controller.signal.aborted) throw ApiError.timeout(options.timeoutMs, error)
      if (request.signal.aborted) throw error
      throw ApiError.network(error)
    } finally {
      clearTimeout(timer)
    }
  }

  const prepare = (request: Request, accessToken: string | null): Request => {
    const prepared = new Request(request)
    const headers = prepared.headers
    // A string body defaults to text/plain; every body of this API is JSON.
    const declared = headers.get('Content-Type') ?? 'text/plain'
    if (prepared.body !== null && declared.startsWith('text/plain')) {
      headers.set('Content-Type', 'application/json')
    }
    headers.set('Accept', 'application/json')
    headers.set(CLIENT_TYPE_HEADER, options.clientType)
    headers.set(CLIENT_VERSION_HEADER, options.clientVersion)
    headers.set(REQUEST_TIMESTAMP_HEADER, options.now().toISOString())
    if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`)
    return prepared
  }

  const refresh = async (): Promise<boolean> => {
    const refreshToken = options.tokens?.getRefreshToken()
    if (!refreshToken) return false
    const request = prepare(
      new Request(`${options.apiBase}/auth/token/refresh`, {
        method: 'POST',
        body: JSON.stringify({ refreshToken }),
        headers: { 'Content-Type': 'application/json' },
      }),
      null,
    )
    try {
      const response = await send(request)
      if (!response.ok) return false
      const body = (await response.json()) as {
        access_token?: unknown
        refresh_token?: unknown
        token_valid_seconds?: unknown
      }
      if (typeof body.access_token !== 'string' || typeof body.refresh_token !== 'string') {
        return false
      }
      options.tokens?.setTokens(
        tokenPairOf({
          access_token: body.access_token,
          refresh_token: body.refresh_token,
          token_valid_seconds: Number(body.token_valid_seconds) || 0,
        }),
      )
      return true
    } catch {
      return false
    }
  }

  const refreshOnce = (): Promise<boolean> => {
    const renew = options.refreshTokens ?? refresh
    // A refresh that throws is a failed refresh: the caller gets its 401, the session ends.
    refreshInFlight ??= renew()
      .catch(() => false)
      .finally(() => {
        refreshInFlight = null
      })
    return refreshInFlight
  }

  return async (input, init) => {
    const original = new Request(input, init)
    const withBearer = sendsBearer(original.method, original.url, options.apiBase)
    const token = withBearer ? (options.tokens?.getAccessToken() ?? null) : null
    // Kept unread so the body can be sent again after a refresh.
    const spare = token ? original.clone() : null
    const response = await send(prepare(original, token))
    if (response.status !== 401 || !token || !spare) return response

    // Another call may have refreshed while this one was in flight: use its token, not twice.
    const current = options.tokens?.getAccessToken() ?? null
    const renewed =
      current && current !== token
        ? current
        : (await refreshOnce())
          ? (options.tokens?.getAccessToken() ?? null)
          : null
    if (!renewed) {
      options.onSessionExpired?.()
      return response
    }
    return send(prepare(spare, renewed))
  }
}
