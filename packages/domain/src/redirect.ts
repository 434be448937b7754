export const DEFAULT_REDIRECT = '/dashboard'

// Enough rounds for any real double encoding; more nesting than this is an attack, not a path.
const MAX_DECODE_ROUNDS = 5

// \p{Cc}: every C0 and C1 control character and DEL; \s: every kind of whitespace.
const CONTROL_OR_WHITESPACE = /[\p{Cc}\s]/u

/** One '/' then a path: never '//' (protocol-relative), never a backslash or a control. */
function isPlainPath(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.includes('\\') &&
    !CONTROL_OR_WHITESPACE.test(path)
  )
}

/** Decodes %XX byte by byte; unlike decodeURIComponent it never throws on a stray '%'. */
function decodePercentBytes(text: string): string {
  return text.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  )
}

// Decoded forms are checked too: a router may turn '/%2F%2Fevil.example' into '//evil.example'.
export function safeRedirect(value: unknown, fallback: string = DEFAULT_REDIRECT): string {
  if (typeof value !== 'string' || !isPlainPath(value)) return fallback
  let current = value
  for (let round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
    const decoded = decodePercentBytes(current)
    if (decoded === current) return value
    if (!isPlainPath(decoded)) return fallback
    current = decoded
  }
  return fallback
}
