import { describe, expect, it } from 'vitest'
import { fromBase64Url, toBase64Url, toHex } from '../core/platform/bytes'
import { pooledRandomBytes } from '../core/platform/random'
import { portableScrypt } from '../core/platform/scrypt'
import { createPasswordHasher } from '../core/security/passwords'
import { nativeScrypt } from './scrypt'

const randomBytes = pooledRandomBytes()
const node = createPasswordHasher({ cost: 1024, randomBytes, scrypt: nativeScrypt })
const portable = createPasswordHasher({ cost: 1024, randomBytes, scrypt: portableScrypt })

describe('password hashes across platforms', () => {
  it('a hash made with Node’s scrypt verifies with the portable one, and back', async () => {
    const fromNode = await node.hash('Über-Secret-Pass-1')
    const fromBrowser = await portable.hash('Über-Secret-Pass-1')
    expect(fromNode).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{86}$/)
    expect(await portable.verify('Über-Secret-Pass-1', fromNode)).toBe(true)
    expect(await node.verify('Über-Secret-Pass-1', fromBrowser)).toBe(true)
    expect(await portable.verify('Uber-Secret-Pass-1', fromNode)).toBe(false)
    expect(await node.verify('Über-Secret-Pass-1', 'scrypt$1024$8$1$%%%$abc')).toBe(false)
  })
})

describe('byte helpers', () => {
  it('write base64url and hex as Node’s Buffer does, and read base64url back', () => {
    for (const size of [0, 1, 2, 3, 16, 31, 32, 64]) {
      const bytes = randomBytes(size)
      const buffer = Buffer.from(bytes)
      expect(toBase64Url(bytes)).toBe(buffer.toString('base64url'))
      expect(toHex(bytes)).toBe(buffer.toString('hex'))
      expect(fromBase64Url(buffer.toString('base64url'))).toEqual(new Uint8Array(buffer))
    }
  })
})
