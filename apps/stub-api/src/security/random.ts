import { randomBytes } from 'node:crypto'
import type { Randomness } from '../state/store'

/**
 * Cryptographic random bytes served from a pool refilled 4 KiB at a time: one system call per
 * hundreds of ids and tokens instead of one each. Slices are never reused.
 */
export function pooledRandomBytes(poolSize = 4096): Randomness {
  let pool = randomBytes(poolSize)
  let offset = 0
  return (size) => {
    if (size > poolSize) return randomBytes(size)
    if (offset + size > pool.length) {
      pool = randomBytes(poolSize)
      offset = 0
    }
    const slice = pool.subarray(offset, offset + size)
    offset += size
    return slice
  }
}
