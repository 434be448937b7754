import { sha256 } from '@noble/hashes/sha2.js'
import { toHex, utf8 } from './bytes'

/**
 * What the stub stores instead of a bearer secret (refresh tokens, link tokens, reset hashes):
 * SHA-256, hex. Synchronous (WebCrypto's digest is not), so a handler's checks stay atomic.
 */
export function digest(secret: string): string {
  return toHex(sha256(utf8(secret)))
}
