import { describe, expect, it } from 'vitest'
import {
  breakpointFor,
  initialTheme,
  isNavbarScrolled,
  MODAL_RESET_MS,
  NAVBAR_SCROLL_THRESHOLD_PX,
  NOTIFICATION_TIMEOUT_MS,
  RESET_COUNTDOWN_SECONDS,
  RESET_MODAL_DELAY_MS,
  RESIZE_DEBOUNCE_MS,
} from './ui'

describe('breakpoints', () => {
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
  it('looks scrolled only past 50 px', () => {
    expect(NAVBAR_SCROLL_THRESHOLD_PX).toBe(50)
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

describe('timings', () => {
  it('uses the spec values', () => {
    expect(NOTIFICATION_TIMEOUT_MS).toBe(5000)
    expect(MODAL_RESET_MS).toBe(300)
    expect(RESET_COUNTDOWN_SECONDS).toBe(3)
    expect(RESET_MODAL_DELAY_MS).toBe(500)
    expect(RESIZE_DEBOUNCE_MS).toBe(150)
  })
})
