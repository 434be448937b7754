import { sendTelemetry, type TelemetryBody, type TelemetryPath } from '@devenv/api-client/telemetry'
import { env } from '../config/env'

/** Security events and error reports (public, fire-and-forget) with the site's configuration. */
export function sendReport<P extends TelemetryPath>(
  path: P,
  body: TelemetryBody<P>,
): Promise<void> {
  return sendTelemetry(
    { baseUrl: env.apiBaseUrl, clientVersion: env.appVersion, timeoutMs: env.apiTimeoutMs },
    path,
    body,
  )
}
