import { isSecretParam, REDACTED } from '@devenv/domain'

// The values this run knows to be secrets, whatever field or text they turn up in: the passwords
// it was given, the credentials of a URL it was given, and every value the configuration file
// filled in from `${NAME}`. Redaction by a field's name (`redact.ts`) misses a password a server
// echoes into a message or a session token sent as a header; redaction by value does not. Every
// output, the terminal's lines and every report, passes through here.

/** Each known secret, and the shell variable a reproducer uses for it (none: `[redacted]`). */
const known = new Map<string, string | undefined>()

/** Shorter values would redact ordinary words; no secret the toolkit is given is this short. */
const SHORTEST = 4

/** Remembers a secret of this run; `variable`, when given, stands for it in reproducers. */
export function rememberSecret(value: string | undefined, variable?: string): void {
  if (value === undefined || value.length < SHORTEST) return
  if (!known.has(value) || variable !== undefined) known.set(value, variable)
  // A URL's credentials may be written percent-encoded or not: both forms are the secret.
  try {
    const decoded = decodeURIComponent(value)
    if (decoded !== value && decoded.length >= SHORTEST && !known.has(decoded))
      known.set(decoded, variable)
  } catch {
    // Not percent-encoded: the value as given is all there is.
  }
}

/**
 * Remembers the secrets a URL carries: its user name and password (`http://user:password@host`),
 * and the values of its secret query parameters by the domain's one list (`?token=`, a presigned
 * URL's `X-Amz-Signature=`), so that no output shows them, whatever message quotes the URL.
 */
export function rememberUrlCredentials(value: string | undefined): void {
  if (value === undefined) return
  try {
    const url = new URL(value)
    rememberSecret(url.password)
    if (url.password !== '') rememberSecret(`${url.username}:${url.password}`)
    // As written (percent-encoded or not): rememberSecret keeps both forms.
    for (const pair of url.search.slice(1).split(/[&;]/)) {
      const equals = pair.indexOf('=')
      if (equals > 0 && isSecretParam(decodedFormName(pair.slice(0, equals))))
        rememberSecret(pair.slice(equals + 1))
    }
  } catch {
    // Not a URL: the option's own check says so.
  }
}

/** A query or form field's name decoded (`+` is a space), or as written where it cannot be. */
export function decodedFormName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '))
  } catch {
    return name
  }
}

/** Each known secret and its variable, to hand to another thread. */
export function knownSecrets(): Array<[string, string | undefined]> {
  return [...known.entries()]
}

/** Forgets every secret (a test that ran one CLI command in process). */
export function forgetSecrets(): void {
  known.clear()
}

/** A stretch of text, or a known secret and its variable. */
export type SecretSplit = Array<string | { secret: string; variable: string | undefined }>

/** The text cut around each known secret it holds, the longest first. */
export function splitAtSecrets(text: string): SecretSplit {
  if (known.size === 0 || text === '') return [text]
  const values = [...known.keys()].sort((a, b) => b.length - a.length)
  let parts: SecretSplit = [text]
  for (const value of values) {
    parts = parts.flatMap((part) => {
      if (typeof part !== 'string' || !part.includes(value)) return [part]
      return part
        .split(value)
        .flatMap((piece, index) =>
          index === 0 ? [piece] : [{ secret: value, variable: known.get(value) }, piece],
        )
    })
  }
  return parts.filter((part) => part !== '')
}

/** The shell variables that stand for known secrets (`$NAME` of a `${NAME}` value). */
export function secretVariables(): Set<string> {
  return new Set([...known.values()].filter((variable) => variable !== undefined))
}

/** The text with each known secret as `[redacted]`. */
export function withoutSecrets(text: string): string {
  return splitAtSecrets(text)
    .map((part) => (typeof part === 'string' ? part : REDACTED))
    .join('')
}
