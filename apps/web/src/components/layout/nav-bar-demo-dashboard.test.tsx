import { Outlet } from '@tanstack/react-router'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderPage } from '../../testing/render'
import { NavBar } from './nav-bar'

// The demo's configuration: its admin panel is a page of the site itself.
vi.mock('../../config/env', async (importOriginal) => {
  const { env } = await importOriginal<typeof import('../../config/env')>()
  return { env: { ...env, appEnv: 'demo', adminPanelUrl: '/demo/admin-panel' } }
})
vi.mock('../../lib/notify', () => ({ notify: vi.fn(async () => undefined) }))

const ACCESS_TOKEN = `e30.${btoa(JSON.stringify({ sub: 'u1', name: 'Nino Beridze' })).replace(/=+$/, '')}.sig`

beforeEach(() => {
  localStorage.setItem('access_token', ACCESS_TOKEN)
  localStorage.setItem('refresh_token', 'refresh+/=&token')
  localStorage.setItem('token_valid_seconds', '900')
})

afterEach(() => {
  localStorage.clear()
  vi.restoreAllMocks()
})

describe('the Dashboard button in the demo', () => {
  it('opens the receiver page inside the site, the tokens in its address; the browser stays', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    const { router } = await renderPage(
      <>
        <NavBar />
        <Outlet />
      </>,
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Dashboard' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo/admin-panel'))
    expect(router.state.location.searchStr).toBe(
      `?token=${ACCESS_TOKEN}&refresh=refresh%2B%2F%3D%26token&token_valid_seconds=900`,
    )
    expect(assign).not.toHaveBeenCalled()
  })
})
