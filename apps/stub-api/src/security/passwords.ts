import { type BinaryLike, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'

/** scrypt's cost N; 2^14 is Node's default and the usual interactive-login setting. */
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

function derive(
  password: BinaryLike,
  salt: BinaryLike,
  length: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

export function createPasswordHasher(options: {
  cost: number
  randomBytes: (size: number) => Buffer
}): PasswordHasher {
  const { cost, randomBytes } = options
  const wasteSalt = randomBytes(SALT_LENGTH)
  const params = { N: cost, r: BLOCK_SIZE, p: PARALLELISM, maxmem: 256 * cost * BLOCK_SIZE }

  return {
    async hash(password) {
      const salt = randomBytes(SALT_LENGTH)
      const key = await derive(password.normalize('NFC'), salt, KEY_LENGTH, params)
      return [
        'scrypt',
        cost,
        BLOCK_SIZE,
        PARALLELISM,
        salt.toString('base64url'),
        key.toString('base64url'),
      ].join('$')
    },
    async verify(password, stored) {
      const [scheme, n, r, p, salt, key] = stored.split('$')
      if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false
      const expected = Buffer.from(key, 'base64url')
      const N = Number(n)
      const actual = await derive(
        password.normalize('NFC'),
        Buffer.from(salt, 'base64url'),
        expected.length,
        {
          N,
          r: Number(r),
          p: Number(p),
          maxmem: 256 * N * Number(r),
        },
      )
      return actual.length === expected.length && timingSafeEqual(actual, expected)
    },
    async waste(password) {
      await derive(password, wasteSalt, KEY_LENGTH, params)
    },
  }
}
