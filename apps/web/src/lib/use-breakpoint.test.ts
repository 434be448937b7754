import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useBreakpoint } from './use-breakpoint'

function resizeTo(width: number) {
  window.innerWidth = width
  window.dispatchEvent(new Event('resize'))
}

beforeEach(() => {
  vi.useFakeTimers()
  window.innerWidth = 500
})

afterEach(() => {
  vi.useRealTimers()
})

describe('useBreakpoint', () => {
  it('gives the breakpoint of the window it mounts in', () => {
    window.innerWidth = 1100
    expect(renderHook(() => useBreakpoint()).result.current).toBe('desktop')
  })

  it('follows a resize 150 ms after it stops, not before (SITE-12)', () => {
    const { result } = renderHook(() => useBreakpoint())
    expect(result.current).toBe('mobile')
    act(() => resizeTo(800))
    act(() => vi.advanceTimersByTime(100))
    // Still resizing: the width is read only when the resize has settled.
    act(() => resizeTo(1300))
    act(() => vi.advanceTimersByTime(149))
    expect(result.current).toBe('mobile')
    act(() => vi.advanceTimersByTime(1))
    expect(result.current).toBe('desktop')
  })

  it('stops listening when unmounted', () => {
    const { result, unmount } = renderHook(() => useBreakpoint())
    act(() => resizeTo(900))
    unmount()
    act(() => vi.advanceTimersByTime(500))
    expect(result.current).toBe('mobile')
  })
})
