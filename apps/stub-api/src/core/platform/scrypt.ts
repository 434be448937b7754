import { scryptAsync } from '@noble/hashes/scrypt.js'
import type { Scrypt } from '../types'

/**
 * The portable scrypt (@noble/hashes: audited, no dependencies, runs in browsers). Node passes its
 * native one instead (`src/node/scrypt.ts`), several times faster; the keys are the same.
 */
export const portableScrypt: Scrypt = (password, salt, { N, r, p, keyLength }) =>
  scryptAsync(password, salt, { N, r, p, dkLen: keyLength, maxmem: 256 * N * r + 1024 })
