import type { Randomness } from '../types'

/** WebCrypto's limit for one getRandomValues call. */
const MAX_ONE_CALL = 65_536

function fresh(size: number): Uint8Array {
  const bytes = new Uint8Array(size)
  for (let offset = 0; offset < size; offset += MAX_ONE_CALL) {
    globalThis.crypto.getRandomValues(bytes.subarray(offset, offset + MAX_ONE_CALL))
  }
  return bytes
}

/**
 * Cryptographic random bytes (WebCrypto, in Node and browsers alike) served from a pool refilled
 * 4 KiB at a time: one call per hundreds of ids and tokens instead of one each. Slices are never
 * reused.
 */
export function pooledRandomBytes(poolSize = 4096): Randomness {
  let pool = fresh(poolSize)
  let offset = 0
  return (size) => {
    if (size > poolSize) return fresh(size)
    if (offset + size > pool.length) {
      pool = fresh(poolSize)
      offset = 0
    }
    const slice = pool.subarray(offset, offset + size)
    offset += size
    return slice
  }
}
