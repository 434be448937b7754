import { redactSecretParams, SECRET_NAMES } from '@devenv/domain/secrets'

// The names come from the domain: the site leaves the same ones out of what it logs.
export { REDACTED, redactSecrets } from '@devenv/domain/secrets'

// Explicit paths, no leading wildcard: a wildcard makes pino redact the bindings of every
// per-request child logger, a cost paid by every request whether or not anything is logged.
// `details` and `context` are where security events and error reports carry their fields.
const CONTAINERS = [
  'body',
  'req.body',
  'request.body',
  'query',
  'req.query',
  'data',
  'err.body',
  'body.details',
  'body.context',
  'details',
  'context',
]

/** pino `redact` paths: secret fields at the top and in bodies, queries and data; auth headers. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_NAMES.flatMap((field) => [
    field,
    ...CONTAINERS.map((container) => `${container}.${field}`),
  ]),
]

/** A URL fit for the log: the values of secret query parameters are replaced. */
export const redactUrl = redactSecretParams

/** What the request log says about a request: no headers, no body, no secrets in the URL. */
export function requestLogFields(request: { method: string; url: string; ip: string }) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  }
}

type LoggedError = {
  type: string
  message: string
  stack: string
  code?: string
  cause?: LoggedError
}

/**
 * What the log says about an error: its kind, message, stack and code, nothing else. Node's parse
 * errors carry `rawPacket` (the request's bytes: Authorization, the body), others may carry a body.
 */
export function errorLogFields(error: Error): LoggedError {
  // pino hands the serializer whatever was logged under `err`, an Error or not.
  if (!((error as unknown) instanceof Error)) {
    return { type: typeof error, message: redactUrl(String(error)), stack: '' }
  }
  const { code, cause } = error as Error & { code?: unknown }
  const fields: LoggedError = {
    type: error.constructor.name,
    message: redactUrl(error.message),
    stack: redactUrl(error.stack ?? ''),
  }
  if (typeof code === 'string') fields.code = code
  if (cause !== undefined) fields.cause = errorLogFields(cause as Error)
  return fields
}
