import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { SessionUser } from '../../lib/session'
import { renderPage } from '../../testing/render'
import { UserMenu } from './user-menu'

vi.mock('../../lib/notify', () => ({ notify: vi.fn(async () => undefined) }))
// The menu hands sign-out to the session runtime (loaded when it is needed).
const { logOut } = vi.hoisted(() => ({ logOut: vi.fn() }))
vi.mock('../../lib/session/runtime', () => ({ createSessionRuntime: () => ({ logOut }) }))

const user = (fields: Partial<SessionUser>): SessionUser => ({
  id: 'u1',
  email: null,
  name: null,
  username: null,
  roles: [],
  demo: false,
  ...fields,
})

async function renderMenu(who: SessionUser | null) {
  const page = await renderPage(
    <div>
      <nav aria-label="Main">
        <button type="button">Dashboard</button>
        <UserMenu user={who} />
      </nav>
      <p>Outside</p>
    </div>,
  )
  return page.router
}

describe('UserMenu', () => {
  it('greets by name, else e-mail, else User', async () => {
    await renderMenu(user({ name: 'Nino', email: 'nino@example.com' }))
    expect(await screen.findByRole('button', { name: 'Nino' })).toBeTruthy()
  })

  it('falls back to the e-mail, then the word User', async () => {
    await renderMenu(user({ email: 'nino@example.com' }))
    expect(await screen.findByRole('button', { name: 'nino@example.com' })).toBeTruthy()
  })

  it('User when nothing is known', async () => {
    await renderMenu(null)
    expect(await screen.findByRole('button', { name: 'User' })).toBeTruthy()
  })

  it('toggles on click; closes on a click outside the bar and on Escape (focus back on the toggle)', async () => {
    await renderMenu(user({ name: 'Nino' }))
    const toggle = await screen.findByRole('button', { name: 'Nino' })
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByRole('link', { name: 'Profile Settings' }).getAttribute('href')).toBe(
      '/changeprofile',
    )
    expect(screen.getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe('/my/page')
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy()
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(toggle)
    // Inside the navigation bar but outside the menu: it stays open (SITE-7: outside the bar).
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Dashboard' }))
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    fireEvent.pointerDown(screen.getByText('Outside'))
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(toggle)
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(toggle)
  })

  it('Log out closes the menu and signs out through the session runtime', async () => {
    await renderMenu(user({ name: 'Nino' }))
    const toggle = await screen.findByRole('button', { name: 'Nino' })
    fireEvent.click(toggle)
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }))
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    await waitFor(() => expect(logOut).toHaveBeenCalledTimes(1))
  })
})
