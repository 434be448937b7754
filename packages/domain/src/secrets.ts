/**
 * The one list of names that carry secrets, as body fields, event details, query parameters or
 * headers. The site never logs a field of these names; the stub redacts them in what it stores
 * and in its own log. Names are compared without case, `_` or `-` (`accessToken` is
 * `access_token`); both spellings are listed because pino's redact paths are exact.
 */
export const SECRET_NAMES = [
  'password',
  'oldPassword',
  'newPassword',
  'confirmPassword',
  'currentPassword',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'refresh',
  'idToken',
  'id_token',
  'hash',
  'activate',
  'authorization',
  'cookie',
  'secret',
  'apiKey',
  'api_key',
  // A presigned URL's signature (`X-Amz-Signature`, `X-Goog-Signature`, Azure's `sig`): whoever
  // holds the URL holds the access it grants.
  'signature',
  'sig',
] as const

/**
 * Query parameters a logged address keeps: which auth modal was open, and the path a 404 came
 * from (a path, never a query). Everything else is dropped, whatever its name, so that a new
 * parameter carrying a secret is safe by default.
 */
export const LOGGABLE_QUERY_PARAMS = ['auth', 'from'] as const

/** Event details and report fields that hold an address, logged only as `loggableUrl` gives it. */
export const URL_DETAIL_NAMES = ['url', 'path', 'original_path', 'referrer', 'redirect'] as const

/** What the stub writes in place of a secret. */
export const REDACTED = '[redacted]'

const normalise = (name: string) => name.toLowerCase().replace(/[-_]/g, '')
const secretKeys = new Set(SECRET_NAMES.map(normalise))
const loggableParams = new Set<string>(LOGGABLE_QUERY_PARAMS)
const urlDetails = new Set<string>(URL_DETAIL_NAMES)

export function isSecretName(name: string): boolean {
  return secretKeys.has(normalise(name))
}

function decodedName(pair: string): string {
  const name = (pair.split('=')[0] ?? '').replace(/\+/g, ' ')
  try {
    return decodeURIComponent(name)
  } catch {
    return name
  }
}

/** The allow-listed pairs of a query (written without its `?`), as they were written. */
function keptQuery(query: string): string {
  const kept = query.split('&').filter((pair) => loggableParams.has(decodedName(pair)))
  return kept.length > 0 ? `?${kept.join('&')}` : ''
}

/**
 * An address fit for a log: its path (with origin when it had one) and only the allow-listed
 * query parameters; the fragment and any user:password are dropped. Text that is no address
 * (a referrer of `direct`) is returned as it is.
 */
export function loggableUrl(address: string): string {
  const queryAt = address.indexOf('?')
  const fragmentAt = address.indexOf('#')
  const pathEnd = Math.min(
    queryAt === -1 ? address.length : queryAt,
    fragmentAt === -1 ? address.length : fragmentAt,
  )
  const path = address.slice(0, pathEnd).replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1')
  // pathEnd is never -1: a query is there only when a '?' ends the path, so before any '#'.
  if (queryAt !== pathEnd) return path
  const queryEnd = fragmentAt === -1 ? address.length : fragmentAt
  return `${path}${keptQuery(address.slice(queryAt + 1, queryEnd))}`
}

/**
 * Details or context fit for a log: fields named like secrets left out, addresses through
 * `loggableUrl`. Used for every security event and error report the site makes.
 */
export function loggableDetails<T>(details: Readonly<Record<string, T>>): Record<string, T> {
  const kept: Record<string, T> = {}
  for (const [name, value] of Object.entries(details)) {
    if (isSecretName(name)) continue
    kept[name] =
      typeof value === 'string' && urlDetails.has(name) ? (loggableUrl(value) as T) : value
  }
  return kept
}

// Any query pair (`&`, and `;` as some servers accept, separate pairs); whether its name is a secret
// is `isSecretName`'s answer, so that a parameter is redacted exactly when a field of the same name
// would be (`Refresh-Token`, `new_password`). `token[]` and `user[password]` are secret by a part.
const queryParam = /([?&;])([^=&;#\s"']+)=([^&;#\s"']*)/g
// A secret name in free text, followed by `=` or `:` and a value: `access_token=…`,
// `refresh_token: …`, `"refresh_token":"…"` (JSON inside a message).
// `Authorization: Bearer …` keeps its scheme (its credentials are replaced below); a value
// already redacted is left as it is.
const namedValue =
  /(^|[\s"'{(,[])([A-Za-z][A-Za-z0-9_-]*)("?\s*[:=]\s*"?)(?!(?:Bearer|Basic)\s|\[redacted\])([^\s"',;&}\]]+)/gi
// Credentials of an Authorization header, wherever they were written.
const authorizationValue = /\b(Bearer|Basic)(\s+)[A-Za-z0-9._~+/-]+=*/gi
// A JSON Web Token (three base64url parts, the first a JSON object), whatever its name.
const webToken = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g

/**
 * A query name secret by itself, by a bracketed part (`token[]`, `user[password]`), or by its last
 * word after a vendor's prefix (`X-Amz-Signature`, `X-Amz-Security-Token`, `client_secret`): a
 * presigned URL's parameters are named so.
 */
export function isSecretParam(name: string): boolean {
  return name.split(/[[\]]/).some(
    // An empty part (`token[]`'s end) is no secret name, and nor is its last word.
    (part) => isSecretName(part) || isSecretName(part.split(/[-_]/).at(-1) ?? ''),
  )
}

/**
 * Text (a request line, an error message, a stored event's field) with secrets replaced: the
 * values of secret query parameters and of secret names written `name=value` or `name: value`,
 * Authorization credentials (`Bearer …`) and anything shaped like a JSON Web Token.
 */
export function redactSecretParams(text: string): string {
  return text
    .replace(queryParam, (pair, separator: string, name: string) =>
      isSecretParam(decodedName(name)) ? `${separator}${name}=${REDACTED}` : pair,
    )
    .replace(namedValue, (pair, before: string, name: string, between: string) =>
      isSecretName(name) ? `${before}${name}${between}${REDACTED}` : pair,
    )
    .replace(authorizationValue, `$1$2${REDACTED}`)
    .replace(webToken, REDACTED)
}

/**
 * A received record kept without secrets: every field named like a secret, at any depth, has its
 * value replaced; secret query parameters inside any text are replaced too. The stub applies it to
 * the security events and error reports it stores.
 */
export function redactSecrets(value: unknown): unknown {
  if (typeof value === 'string') return redactSecretParams(value)
  if (Array.isArray(value)) return value.map(redactSecrets)
  if (typeof value !== 'object' || value === null) return value
  const redacted: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(value)) {
    redacted[name] = isSecretName(name) ? REDACTED : redactSecrets(field)
  }
  return redacted
}
