// What every caller of the API shares, without the client itself: the light telemetry sender
// needs these and must not bring openapi-fetch into a page's first JavaScript.

/** The spec's client-type value; an existing backend may key on it. */
export const DEFAULT_CLIENT_TYPE = 'vue-website'

export function apiBaseUrl(baseUrl: string, version?: string): string {
  const origin = baseUrl.replace(/\/+$/, '')
  const segment = version ? `/${version.replace(/^\/+|\/+$/g, '')}` : ''
  return `${origin}/api${segment}`
}
