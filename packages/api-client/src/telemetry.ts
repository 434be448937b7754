import type { paths } from '@devenv/openapi/types'
import {
  apiBaseUrl,
  CLIENT_TYPE_HEADER,
  CLIENT_VERSION_HEADER,
  DEFAULT_CLIENT_TYPE,
  REFERRER_POLICY,
  REQUEST_TIMESTAMP_HEADER,
} from './base'

/** The public, fire-and-forget reports of the contract (`security: []`, no answer body to read). */
export type TelemetryPath = '/security/log' | '/errors/log'
export type TelemetryBody<P extends TelemetryPath> = NonNullable<
  paths[P]['post']['requestBody']
>['content']['application/json']

export type TelemetryOptions = {
  baseUrl: string
  version?: string | undefined
  clientVersion: string
  timeoutMs: number
  fetch?: typeof globalThis.fetch | undefined
  now?: (() => Date) | undefined
}

/**
 * Sends a security event or an error report with the contract's headers, without the full client:
 * every page view is reported, and openapi-fetch and the refresh logic would otherwise load on
 * every page just for that. No bearer token (the operations are public), no retry; a failure
 * rejects and the caller only warns (EVENT-1, EVENT-3). `keepalive` lets a report outlive the page.
 */
export async function sendTelemetry<P extends TelemetryPath>(
  options: TelemetryOptions,
  path: P,
  body: TelemetryBody<P>,
): Promise<void> {
  const send = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const response = await send(`${apiBaseUrl(options.baseUrl, options.version)}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [CLIENT_TYPE_HEADER]: DEFAULT_CLIENT_TYPE,
      [CLIENT_VERSION_HEADER]: options.clientVersion,
      [REQUEST_TIMESTAMP_HEADER]: (options.now?.() ?? new Date()).toISOString(),
    },
    body: JSON.stringify(body),
    keepalive: true,
    referrerPolicy: REFERRER_POLICY,
    signal: AbortSignal.timeout(options.timeoutMs),
  })
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}`)
}
