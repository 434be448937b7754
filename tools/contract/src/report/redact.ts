import { isSecretName, REDACTED, redactSecretParams } from '@devenv/domain'
import type { WireRequest } from '../http'

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
    text
      .replace(jsonStringField, (field, name: string, colon: string) =>
        isSecretName(name) ? `"${name}"${colon}"${REDACTED}"` : field,
      )
      .replace(bearer, `$1${REDACTED}`),
  )
}

/** The shell variable a reproducer uses for a secret field: `oldPassword` is `$OLD_PASSWORD`. */
export function placeholderOf(name: string): string {
  return `$${name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase()}`
}

function withPlaceholders(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withPlaceholders)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [
      name,
      isSecretName(name) && typeof field === 'string'
        ? placeholderOf(name)
        : withPlaceholders(field),
    ]),
  )
}

function bodyWithPlaceholders(body: string): string {
  try {
    return JSON.stringify(withPlaceholders(JSON.parse(body)))
  } catch {
    // Not JSON (a fuzzer's broken body): no field to name, but still no token or parameter.
    return redactText(body)
  }
}

/**
 * A request fit for a report and still repeatable: secret JSON fields of its body become shell
 * variables (`"password":"$PASSWORD"`), a bearer token becomes `$ACCESS_TOKEN`, other secret
 * headers and secret query parameters `[redacted]`. `curlCommand` lets the shell expand them.
 */
export function redactRequest(request: WireRequest): WireRequest {
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => {
      if (name.toLowerCase() === 'authorization' && /^bearer /i.test(value))
        return [name, `Bearer ${TOKEN_PLACEHOLDER}`]
      return [name, isSecretName(name) ? REDACTED : value]
    }),
  )
  return {
    ...request,
    url: redactSecretParams(request.url),
    headers,
    body: request.body === undefined ? undefined : bodyWithPlaceholders(request.body),
  }
}
