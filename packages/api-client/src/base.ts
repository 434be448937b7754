// What every caller of the API shares, without the client itself: the light telemetry sender
// needs these and must not bring openapi-fetch, or the transport and its table of secured
// operations, into a page's first JavaScript.

/** The required client-type value (API-2); an existing backend may key on it. */
export const DEFAULT_CLIENT_TYPE = 'vue-website'

export function apiBaseUrl(baseUrl: string, version?: string): string {
  const origin = baseUrl.replace(/\/+$/, '')
  const segment = version ? `/${version.replace(/^\/+|\/+$/g, '')}` : ''
  return `${origin}/api${segment}`
}
/**
 * Calls name the page they come from by its origin only: a page's address may hold a reset hash
 * or an activation token, and a full `Referer` would carry it into every access log on the way.
 */
export const REFERRER_POLICY: ReferrerPolicy = 'strict-origin'

/** The contract's client headers, sent with every call. */
export const CLIENT_TYPE_HEADER = 'X-Client-Type'
export const CLIENT_VERSION_HEADER = 'X-Client-Version'
export const REQUEST_TIMESTAMP_HEADER = 'X-Request-Timestamp'
