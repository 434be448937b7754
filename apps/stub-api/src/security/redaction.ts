import type { FastifyRequest } from 'fastify'

/** Body fields and headers that hold secrets; never written to the log. */
export const SECRET_FIELDS = [
  'password',
  'oldPassword',
  'newPassword',
  'token',
  'refreshToken',
  'hash',
  'access_token',
  'refresh_token',
] as const

export const REDACTED = '[redacted]'

// Explicit paths, no leading wildcard: a wildcard makes pino redact the bindings of every
// per-request child logger, a cost paid by every request whether or not anything is logged.
const CONTAINERS = ['body', 'req.body', 'request.body', 'query', 'req.query', 'data', 'err.body']

/** pino `redact` paths: secret fields at the top and in bodies, queries and data; auth headers. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((field) => [
    field,
    ...CONTAINERS.map((container) => `${container}.${field}`),
  ]),
]

const SECRET_QUERY = /([?&](?:token|refresh|hash|access_token|refresh_token|password)=)[^&#]*/gi

/** A URL fit for the log: the values of token-bearing query parameters are replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, `$1${REDACTED}`)
}

/** What the request log says about a request: no headers, no body, no secrets in the URL. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  }
}
