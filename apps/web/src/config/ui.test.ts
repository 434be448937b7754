import { describe, expect, it } from 'vitest'
import { breakpointFor, initialTheme, isNavbarScrolled } from './ui'

describe('breakpoints: mobile under 768 px, tablet to 1023, desktop from 1024 (SITE-12)', () => {
  it.each([
    [0, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [1023, 'tablet'],
    [1024, 'desktop'],
    [2560, 'desktop'],
  ] as const)('a %ipx window is %s', (width, expected) => {
    expect(breakpointFor(width)).toBe(expected)
  })
})

describe('navigation bar', () => {
  it('looks scrolled only past 50 px (SITE-8)', () => {
    expect(isNavbarScrolled(50)).toBe(false)
    expect(isNavbarScrolled(51)).toBe(true)
  })
})

describe('themes', () => {
  it('prefers the stored theme, else the browser preference', () => {
    expect(initialTheme('light', true)).toBe('light')
    expect(initialTheme('dark', false)).toBe('dark')
    expect(initialTheme('sepia', true)).toBe('dark')
    expect(initialTheme(null, false)).toBe('light')
  })
})
