import { describe, expect, it } from 'vitest'
import { documentationSearchQuery, isRestrictedAreaPath, notFoundEventDetails } from './not-found'

describe('not found page rules', () => {
  it.each([
    ['/technical-overview', true],
    ['/ADMIN/users', true],
    ['/api/v2', true],
    ['/docs', true],
    ['/infrastructure/map', true],
    ['/hightech', true],
    ['/pricing-old', false],
    ['/blog/hello', false],
  ])('restricted note for %s: %s', (path, expected) => {
    expect(isRestrictedAreaPath(path)).toBe(expected)
  })

  // SITE-11: 404_page_access with the path and the referrer.
  it('records the original path and the referrer, or direct', () => {
    expect(notFoundEventDetails('/nope', 'https://search.example/')).toEqual({
      original_path: '/nope',
      referrer: 'https://search.example/',
    })
    expect(notFoundEventDetails('/nope', '')).toEqual({
      original_path: '/nope',
      referrer: 'direct',
    })
    expect(notFoundEventDetails('/nope', null).referrer).toBe('direct')
    expect(notFoundEventDetails('/nope', ' \t').referrer).toBe('direct')
  })

  it('searches only for a non-blank query', () => {
    expect(documentationSearchQuery('   ')).toBeNull()
    expect(documentationSearchQuery(' kubernetes ')).toBe('kubernetes')
  })
})
