import { describe, expect, it } from 'vitest'
import { resetLinkParams } from './reset-link-params'

describe('resetLinkParams', () => {
  it('reads user and hash exactly as the link carries them', () => {
    const hash = '1'.repeat(64)
    expect(resetLinkParams(`?user=nino%2Bdev%40example.com&hash=${hash}`)).toEqual({
      user: 'nino+dev@example.com',
      hash,
    })
  })

  it('answers null for a missing value', () => {
    expect(resetLinkParams('?user=nino%40example.com')).toEqual({
      user: 'nino@example.com',
      hash: null,
    })
    expect(resetLinkParams('')).toEqual({ user: null, hash: null })
  })
})
