import { describe, expect, it } from 'vitest'
import { pageOf } from './use-route-effects'

const at = (pathname: string, search: Record<string, unknown> = {}, hash = '') => ({
  pathname,
  search,
  hash,
})

describe('pageOf', () => {
  it('is the same page when only the auth modal opens, changes or closes', () => {
    expect(pageOf(at('/pricing', { auth: 'login' }))).toBe(pageOf(at('/pricing')))
    expect(pageOf(at('/', { auth: 'register', redirect: '/admin' }))).toBe(
      pageOf(at('/', { auth: 'login', redirect: '/admin' })),
    )
  })

  it('is another page when the path, another search param or the hash changes', () => {
    expect(pageOf(at('/contact'))).not.toBe(pageOf(at('/pricing')))
    expect(pageOf(at('/', { redirect: '/admin' }))).not.toBe(pageOf(at('/')))
    expect(pageOf(at('/', {}, 'features'))).not.toBe(pageOf(at('/')))
  })
})
