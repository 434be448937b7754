import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from '../../config/env'
import { renderPage } from '../../testing/render'
import { NavBar } from './nav-bar'

vi.mock('../../lib/notify', () => ({ notify: vi.fn(async () => undefined) }))

// An unsigned token with claims: the bar only reads them to greet.
const ACCESS_TOKEN = `e30.${btoa(JSON.stringify({ sub: 'u1', name: 'Nino Beridze' })).replace(/=+$/, '')}.sig`

async function renderBar() {
  return (await renderPage(<NavBar />)).router
}

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>

beforeEach(() => {
  localStorage.setItem('access_token', ACCESS_TOKEN)
  localStorage.setItem('refresh_token', 'refresh+/=&token')
  localStorage.setItem('token_valid_seconds', '900')
  assign = vi.fn<(url: string | URL) => void>()
  vi.spyOn(window.location, 'assign').mockImplementation(assign)
})

afterEach(() => {
  localStorage.clear()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('the Dashboard button', () => {
  it('sends the whole browser to the admin panel with the tokens, URL-encoded', async () => {
    await renderBar()
    fireEvent.click(await screen.findByRole('button', { name: 'Dashboard' }))
    expect(assign).toHaveBeenCalledWith(
      `${env.adminPanelUrl}?token=${ACCESS_TOKEN}&refresh=refresh%2B%2F%3D%26token&token_valid_seconds=900`,
    )
  })

  it('sends an empty refresh when there is none', async () => {
    localStorage.removeItem('refresh_token')
    await renderBar()
    fireEvent.click(await screen.findByRole('button', { name: 'Dashboard' }))
    expect(assign).toHaveBeenCalledWith(
      `${env.adminPanelUrl}?token=${ACCESS_TOKEN}&refresh=&token_valid_seconds=900`,
    )
  })

  it('without an access token: logs the required error, reports it, opens the sign-in modal (SESSION-8)', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) => new Response(null, { status: 204 }),
    )
    vi.stubGlobal('fetch', fetchMock)
    const router = await renderBar()
    const button = await screen.findByRole('button', { name: 'Dashboard' })
    // Signed out elsewhere in this very tab, after the bar was drawn.
    localStorage.removeItem('access_token')
    fireEvent.click(button)
    expect(assign).not.toHaveBeenCalled()
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    expect(consoleError).toHaveBeenCalledWith('No access token available for SSO', {
      action: 'dashboard',
    })
    const [url, init] = fetchMock.mock.calls[0] ?? ['', {}]
    expect(new URL(url, location.origin).pathname).toBe('/api/errors/log')
    expect(JSON.parse(String(init.body))).toMatchObject({
      message: 'No access token available for SSO',
    })
    await waitFor(() => expect(router.state.location.search).toEqual({ auth: 'login' }))
  })
})
