import { isSecretName, REDACTED, redactSecretParams } from '@devenv/domain'
import { mediaTypeOf } from '@devenv/openapi'
import type { RecordedRequest } from '../http'
import { isToolkitTestValue } from '../test-values'
import { decodedFormName, secretVariables, splitAtSecrets, withoutSecrets } from './secrets'

// Reports leave the machine (CI artefacts, pasted into tickets), and the requests they repeat
// carry the accounts' passwords, reset hashes and live tokens. Every text a report holds passes
// here; the names come from the domain's one list, the same the stub and the site use.

/** Stands for the bearer token in a reproducer: sign in and export it first. */
export const TOKEN_PLACEHOLDER = '$ACCESS_TOKEN'

// "name": "value" in JSON or JSON-like text, even cut short (details are truncated).
const jsonStringField = /"((?:[^"\\]|\\.)*)"(\s*:\s*)"(?:[^"\\]|\\.)*"/g
const bearer = /\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi

/**
 * A free text of a report (a check's message or detail, a finding) without secrets: string
 * fields named like secrets, bearer tokens and secret query parameters become `[redacted]`.
 */
export function redactText(text: string): string {
  return redactSecretParams(
    withoutSecrets(text)
      .replace(jsonStringField, (field, name: string, colon: string) =>
        isSecretName(name) && !isToolkitTestValue(stringValueOf(field))
          ? `"${name}"${colon}"${REDACTED}"`
          : field,
      )
      .replace(bearer, `$1${REDACTED}`),
  )
}

/** The value of a `"name": "value"` field as it was written (its JSON string decoded). */
function stringValueOf(field: string): string {
  const raw = /:\s*("(?:[^"\\]|\\.)*")$/.exec(field)?.[1] ?? '""'
  try {
    return String(JSON.parse(raw))
  } catch {
    return raw
  }
}

/** The shell variable a reproducer uses for a secret field: `oldPassword` is `OLD_PASSWORD`. */
export function variableOf(name: string): string {
  const variable = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase()
  // `$2FA` would be the shell's `$2` followed by `FA`.
  return /^[0-9]/.test(variable) ? `_${variable}` : variable
}

/** The placeholder a redacted request holds for a secret field: `oldPassword` is `$OLD_PASSWORD`. */
export function placeholderOf(name: string): string {
  return `$${variableOf(name)}`
}

/**
 * A stretch of a redacted request: text as it was sent, or a secret that a reproducer leaves to a
 * shell variable the user sets. Kept apart, so that text is never taken for a variable: a header
 * that holds `$ACCESS_TOKEN $(…)` is text, quoted as such (security finding 5, docs/security.md).
 */
export type Piece = string | { variable: string }

const TOKEN_VARIABLE = TOKEN_PLACEHOLDER.slice(1)
const secretOf = (name: string): Piece => ({ variable: variableOf(name) })

/**
 * Text as pieces around the secrets this run knows by value (`secrets.ts`): each one its shell
 * variable where it has one (a value the configuration filled in from `${NAME}` is `$NAME`),
 * else `[redacted]`.
 */
function knownSecretPieces(text: string): Piece[] {
  return splitAtSecrets(text).flatMap((part): Piece[] =>
    typeof part === 'string'
      ? placeholderPieces(part)
      : part.variable === undefined
        ? [REDACTED]
        : [{ variable: part.variable }],
  )
}

/**
 * A redacted request's text with the placeholders of known secrets (`$STUB_SESSION`) found again,
 * so that the reproducer made from it expands them. Only the variables this run gave secrets are
 * read so; any other `$…` is text, as it was sent.
 */
function placeholderPieces(text: string): Piece[] {
  const variables = [...secretVariables()]
  if (variables.length === 0 || !text.includes('$')) return [text]
  const placeholder = new RegExp(`\\$(${variables.join('|')})(?![A-Za-z0-9_])`, 'g')
  const pieces: Piece[] = []
  let at = 0
  for (const match of text.matchAll(placeholder)) {
    pieces.push(text.slice(at, match.index), { variable: match[1] as string })
    at = match.index + match[0].length
  }
  pieces.push(text.slice(at))
  return pieces.filter((piece) => piece !== '')
}

/** A request header's value as pieces: a bearer token is `$ACCESS_TOKEN`, other secrets redacted. */
export function headerPieces(name: string, value: string): Piece[] {
  if (name.toLowerCase() === 'authorization' && /^bearer /i.test(value))
    return ['Bearer ', { variable: TOKEN_VARIABLE }]
  return isSecretName(name) ? [REDACTED] : knownSecretPieces(value)
}

/** A parsed JSON value as the compact JSON text JSON.stringify writes, secret strings apart. */
function jsonPieces(value: unknown): Piece[] {
  if (Array.isArray(value)) return ['[', ...joined(value.map(jsonPieces), ','), ']']
  if (typeof value !== 'object' || value === null) return [JSON.stringify(value)]
  const fields = Object.entries(value).map(([name, field]): Piece[] => [
    `${JSON.stringify(name)}:`,
    ...(isSecretName(name) && typeof field === 'string' && !isToolkitTestValue(field)
      ? ['"', secretOf(name), '"']
      : jsonPieces(field)),
  ])
  return ['{', ...joined(fields, ','), '}']
}

function joined(parts: Piece[][], separator: string): Piece[] {
  return parts.flatMap((part, index) => (index === 0 ? part : [separator, ...part]))
}

const hasSecret = (pieces: readonly Piece[]) => pieces.some((piece) => typeof piece !== 'string')

/** `a=1&password=…`: each secret field's value apart, every other byte as it was. */
function formPieces(body: string): Piece[] {
  return joined(
    body.split('&').map((pair) => {
      const equals = pair.indexOf('=')
      if (equals < 0) return [pair]
      const name = pair.slice(0, equals)
      return isSecretName(decodedFormName(name))
        ? [`${name}=`, secretOf(decodedFormName(name))]
        : [pair]
    }),
    '&',
  )
}

/**
 * A multipart/form-data body: the content of each part whose field name is a secret apart, every
 * other byte as it was. Written here because the parsers (busboy and the like) answer the fields'
 * values, not where they are, and the reproducer must send the rest unchanged.
 */
function multipartPieces(body: string, boundary: string): Piece[] {
  const delimiter = `--${boundary}`
  const parts = body.split(delimiter)
  return joined(
    parts.map((part, index): Piece[] => {
      // Before the first delimiter is the preamble; a part ends with the line break before the next.
      const headersEnd = index === 0 ? -1 : part.search(/\r?\n\r?\n/)
      if (headersEnd < 0) return [part]
      const headers = part.slice(0, headersEnd)
      const name = /^content-disposition:[^\n]*?;\s*name="?([^";\r\n]*)"?/im.exec(headers)?.[1]
      if (name === undefined || !isSecretName(name)) return [part]
      const contentStart =
        headersEnd + (/^\r?\n\r?\n/.exec(part.slice(headersEnd))?.[0].length ?? 0)
      const lineBreak = /\r?\n$/.exec(part)?.[0] ?? ''
      return [part.slice(0, contentStart), secretOf(name), lineBreak]
    }),
    delimiter,
  )
}

/**
 * A request body as pieces. JSON, form-encoded and multipart bodies have their secret fields
 * (by name, the domain's list) apart; a body without one is kept byte for byte. Any other body
 * has no field to name, but still no bearer token or secret parameter.
 */
export function bodyPieces(body: string, contentType: string | undefined): Piece[] {
  return byNamePieces(body, contentType).flatMap((piece) =>
    typeof piece === 'string' ? knownSecretPieces(piece) : [piece],
  )
}

/** The body's pieces by the names of its fields (the secrets known by value come after). */
function byNamePieces(body: string, contentType: string | undefined): Piece[] {
  const mediaType = mediaTypeOf(contentType)
  if (mediaType === 'application/x-www-form-urlencoded') return formPieces(body)
  if (mediaType === 'multipart/form-data') {
    const boundary = /;\s*boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1]
    if (boundary !== undefined) return multipartPieces(body, boundary)
  }
  // A byte order mark or white space around the JSON (bodies the fuzzer sends on purpose) is
  // kept as it was, so that the reproducer sends the same bytes with its secrets as variables.
  const [, before = '', json = '', after = ''] = /^([\uFEFF\s]*)([\s\S]*?)(\s*)$/.exec(body) ?? []
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    return [redactText(body)]
  }
  const pieces = [before, ...jsonPieces(parsed), after]
  return hasSecret(pieces) ? pieces : [body]
}

/** The shell variables a reproducer of the request needs set first, in the order they appear. */
export function variablesOf(request: RecordedRequest): string[] {
  const pieces = [
    ...Object.entries(request.headers).flatMap(([name, value]) => headerPieces(name, value)),
    ...(request.body === undefined ? [] : bodyPieces(request.body, contentTypeOf(request))),
  ]
  return [
    ...new Set(pieces.flatMap((piece) => (typeof piece === 'string' ? [] : [piece.variable]))),
  ]
}

/** Pieces as the text a redacted request holds: each secret as its `$NAME` placeholder. */
function textOf(pieces: readonly Piece[]): string {
  return pieces.map((piece) => (typeof piece === 'string' ? piece : `$${piece.variable}`)).join('')
}

/** The request's `Content-Type`, whatever the spelling of the header's name. */
export function contentTypeOf(request: RecordedRequest): string | undefined {
  return Object.entries(request.headers).find(
    ([name]) => name.toLowerCase() === 'content-type',
  )?.[1]
}

/**
 * A request fit for a report and still repeatable: secret fields of its body (JSON, form-encoded
 * or multipart) become shell variables (`"password":"$PASSWORD"`, `password=$PASSWORD`), a bearer
 * token becomes `$ACCESS_TOKEN`, other secret headers and secret query parameters `[redacted]`.
 * `curlCommand` finds the same pieces again and lets the shell expand those alone.
 */
export function redactRequest(request: RecordedRequest): RecordedRequest {
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name,
      textOf(headerPieces(name, value)),
    ]),
  )
  return {
    ...request,
    url: withoutSecrets(redactSecretParams(request.url)),
    headers,
    body:
      request.body === undefined
        ? undefined
        : textOf(bodyPieces(request.body, contentTypeOf(request))),
  }
}
