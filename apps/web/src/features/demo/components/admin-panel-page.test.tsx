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
    expect(screen.getByRole('heading', { level: 1, name: 'Admin panel (demo)' })).toBeTruthy()
    expect(screen.getByText(tokens.access_token)).toBeTruthy()
    expect(screen.getByText(tokens.refresh_token)).toBeTruthy()
    expect(screen.getByText(`${tokens.token_valid_seconds} seconds`)).toBeTruthy()
    expect(await screen.findByText(/^Signed in as .*\(user@devenv\.example\)\.$/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to the site' }).getAttribute('href')).toBe('/')
  })

  it('without a token: says so, and what the stub thinks of a forged one', async () => {
    const view = await renderPage(<AdminPanelPage arrival={{}} />)
    expect(await screen.findByText(/No token arrived/)).toBeTruthy()
    expect(screen.getAllByText('Not given')).toHaveLength(3)
    view.unmount()
    await renderPage(<AdminPanelPage arrival={{ token: 'e30.e30.forged' }} />)
    expect(await screen.findByText(/^The single sign-on was refused: /)).toBeTruthy()
  })
})
