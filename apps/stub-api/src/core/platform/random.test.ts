import { describe, expect, it } from 'vitest'
import { uuidFrom } from '../state/store'
import { toHex } from './bytes'
import { pooledRandomBytes } from './random'

describe('pooledRandomBytes', () => {
  it('hands out slices of the asked size that never repeat, across refills', () => {
    const random = pooledRandomBytes(64)
    const seen = new Set<string>()
    for (let index = 0; index < 100; index++) {
      const bytes = random(16)
      expect(bytes).toHaveLength(16)
      seen.add(toHex(bytes))
    }
    expect(seen.size).toBe(100)
    expect(random(100)).toHaveLength(100)
  })

  it('makes version-4 UUIDs', () => {
    const random = pooledRandomBytes()
    for (let index = 0; index < 50; index++) {
      expect(uuidFrom(random)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      )
    }
  })
})
