import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NavBar } from './nav-bar'

async function renderBarAt(width: number) {
  window.innerWidth = width
  const rootRoute = createRootRoute({ component: NavBar })
  const routeTree = rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: '/' }),
  ])
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await act(async () => {
    await router.load()
  })
  render(<RouterProvider router={router as never} />)
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
