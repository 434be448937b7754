import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderPage } from '../../../testing/render'
import { stub } from '../../../testing/stub-api'
import { AdminPanelPage } from './admin-panel-page'

describe("the demo's single-sign-on receiver", () => {
  it('shows the token, the refresh token and the lifetime received, and who the stub says arrived', async () => {
    const tokens = await stub.tokens()
    await renderPage(
      <AdminPanelPage
        arrival={{
          token: tokens.access_token,
          refresh: tokens.refresh_token,
          tokenValidSeconds: String(tokens.token_valid_seconds),
        }}
      />,
    )
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Admin panel (demo)')
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Access token',
      'Refresh token',
      'Lifetime',
    ])
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      tokens.access_token,
      tokens.refresh_token,
      `${tokens.token_valid_seconds} seconds`,
    ])
    // The stub's verdict on the token: who arrived.
    await screen.findByText(/^Signed in as .*\(user@devenv\.example\)\.$/)
    expect(screen.getByRole('link', { name: 'Back to the site' }).getAttribute('href')).toBe('/')
  })

  it('without a token: says so, and what the stub thinks of a forged one', async () => {
    const view = await renderPage(<AdminPanelPage arrival={{}} />)
    await screen.findByText(/No token arrived/)
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      'Not given',
      'Not given',
      'Not given',
    ])
    view.unmount()
    await renderPage(<AdminPanelPage arrival={{ token: 'e30.e30.forged' }} />)
    await screen.findByText(/^The single sign-on was refused: /)
    expect(screen.queryByText(/^Signed in as /)).toBeNull()
  })
})
