import { equalInConstantTime, fromBase64Url, toBase64Url, utf8 } from '../platform/bytes'
import type { Randomness, Scrypt } from '../types'

/** scrypt's cost N; 2^14 is Node's default and the usual setting for an interactive sign-in. */
export const DEFAULT_SCRYPT_COST = 16384
const BLOCK_SIZE = 8
const PARALLELISM = 1
const KEY_LENGTH = 64
const SALT_LENGTH = 16

export type PasswordHasher = {
  /** `scrypt$N$r$p$salt$key`, salt and key base64url: the parameters travel with the hash. */
  hash(password: string): Promise<string>
  verify(password: string, stored: string): Promise<boolean>
  /** Spends the time of a verification, so unknown e-mails answer as slowly as wrong passwords. */
  waste(password: string): Promise<void>
}

export function createPasswordHasher(options: {
  cost: number
  randomBytes: Randomness
  scrypt: Scrypt
}): PasswordHasher {
  const { cost, randomBytes, scrypt } = options
  const wasteSalt = randomBytes(SALT_LENGTH)
  const params = { N: cost, r: BLOCK_SIZE, p: PARALLELISM, keyLength: KEY_LENGTH }

  return {
    async hash(password) {
      const salt = randomBytes(SALT_LENGTH)
      const key = await scrypt(utf8(password.normalize('NFC')), salt, params)
      return ['scrypt', cost, BLOCK_SIZE, PARALLELISM, toBase64Url(salt), toBase64Url(key)].join(
        '$',
      )
    },
    async verify(password, stored) {
      const [scheme, n, r, p, salt, key] = stored.split('$')
      if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false
      const expected = fromBase64Url(key)
      const saltBytes = fromBase64Url(salt)
      if (!expected || !saltBytes) return false
      const actual = await scrypt(utf8(password.normalize('NFC')), saltBytes, {
        N: Number(n),
        r: Number(r),
        p: Number(p),
        keyLength: expected.length,
      })
      return equalInConstantTime(actual, expected)
    },
    async waste(password) {
      await scrypt(utf8(password), wasteSalt, params)
    },
  }
}
