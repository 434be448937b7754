/** Byte helpers for Uint8Array, so the core needs no Buffer (it runs in browsers too). */

const HEX = Array.from({ length: 256 }, (_, value) => value.toString(16).padStart(2, '0'))

export function toHex(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += HEX[byte]
  return text
}

/** base64url without padding, as Node's `toString('base64url')` writes it. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** Reads base64url (or base64), with or without padding; null when it is not base64. */
export function fromBase64Url(text: string): Uint8Array | null {
  const standard = text.replace(/-/g, '+').replace(/_/g, '/')
  const padded = standard + '='.repeat((4 - (standard.length % 4)) % 4)
  let binary: string
  try {
    binary = atob(padded)
  } catch {
    return null
  }
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}

/** Compares in time independent of where the arrays differ (password keys). */
export function equalInConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let index = 0; index < a.length; index++) difference |= (a[index] ?? 0) ^ (b[index] ?? 0)
  return difference === 0
}

const encoder = new TextEncoder()

export function utf8(text: string): Uint8Array {
  return encoder.encode(text)
}
