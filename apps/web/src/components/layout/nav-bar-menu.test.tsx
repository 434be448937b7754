import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage } from '../../testing/render'
import { NavBar } from './nav-bar'

async function renderBarAt(width: number) {
  window.innerWidth = width
  await renderPage(<NavBar />)
  return screen.findByRole('button', { name: 'Open menu' })
}

function resizeTo(width: number) {
  window.innerWidth = width
  window.dispatchEvent(new Event('resize'))
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the mobile menu', () => {
  it('closes when the window grows to desktop width, once the resize has settled', async () => {
    const toggle = await renderBarAt(500)
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    vi.useFakeTimers()
    act(() => resizeTo(1280))
    act(() => vi.advanceTimersByTime(100))
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    act(() => vi.advanceTimersByTime(50))
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
  })

  it('stays open while the window stays mobile', async () => {
    const toggle = await renderBarAt(500)
    fireEvent.click(toggle)
    vi.useFakeTimers()
    act(() => resizeTo(700))
    act(() => vi.advanceTimersByTime(500))
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
  })
})

describe('the bar on scroll', () => {
  function scrollTo(y: number) {
    window.scrollY = y
    window.dispatchEvent(new Event('scroll'))
  }

  afterEach(() => {
    window.scrollY = 0
  })

  it('takes its scrolled look past 50 px of scroll, and drops it back at 50 (SITE-8)', async () => {
    await renderBarAt(1280)
    const bar = screen.getByRole('banner')
    expect(bar.classList.contains('nav-bar--scrolled')).toBe(false)
    act(() => scrollTo(50))
    expect(bar.classList.contains('nav-bar--scrolled')).toBe(false)
    act(() => scrollTo(51))
    expect(bar.classList.contains('nav-bar--scrolled')).toBe(true)
    act(() => scrollTo(50))
    expect(bar.classList.contains('nav-bar--scrolled')).toBe(false)
  })
})
