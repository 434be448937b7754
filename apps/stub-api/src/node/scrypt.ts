import { scrypt } from 'node:crypto'
import type { Scrypt } from '../core'

/** Node's native scrypt (libuv's thread pool, several times faster than the portable one). */
export const nativeScrypt: Scrypt = (password, salt, { N, r, p, keyLength }) =>
  new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, { N, r, p, maxmem: 256 * N * r + 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
