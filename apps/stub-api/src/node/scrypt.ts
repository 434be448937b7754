import { scrypt } from 'node:crypto'
import { availableParallelism } from 'node:os'
import type { Scrypt } from '../core'

/** Node's native scrypt (libuv's thread pool, several times faster than the portable one). */
export const nativeScrypt: Scrypt = (password, salt, { N, r, p, keyLength }) =>
  new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, { N, r, p, maxmem: 256 * N * r + 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })

/**
 * Hashes at once: one per CPU but the one the event loop needs (one on two CPUs), so a client's
 * turn comes after at most the hash under way and its own runs at full speed, and answers that
 * need no hash go on meanwhile; no more than the 4 threads of libuv's default pool. Two slots on
 * two busy CPUs made a user's sign-in under a 48-attempt flood 2.3 to 3 times as slow as idle.
 */
export const nativeHashingSlots = Math.max(1, Math.min(availableParallelism() - 1, 4))
