import { afterEach, describe, expect, it, vi } from 'vitest'
import { pageOf, scrollForLocation } from './use-route-effects'

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

describe('scrollForLocation', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    document.body.replaceChildren()
  })

  const reducedMotion = (reduce: boolean) =>
    vi
      .spyOn(window, 'matchMedia')
      .mockImplementation(
        (query) =>
          ({ matches: reduce && query.includes('reduce'), media: query }) as MediaQueryList,
      )

  it('scrolls smoothly to the top without a hash, or to the hash anchor when there is one (SITE-2)', () => {
    reducedMotion(false)
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    const anchor = document.createElement('section')
    anchor.id = 'features'
    document.body.append(anchor)
    const scrollIntoView = vi.fn()
    anchor.scrollIntoView = scrollIntoView

    scrollForLocation('')
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' })
    scrollForLocation('features')
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' })
    expect(scrollTo).toHaveBeenCalledTimes(1)
    // A hash that names no element: the top.
    scrollForLocation('nowhere')
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' })
  })

  it('jumps without the animation for a visitor who asked for reduced motion', () => {
    reducedMotion(true)
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    scrollForLocation('')
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'auto' })
  })
})
