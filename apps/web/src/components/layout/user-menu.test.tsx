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

// The greeting is the menu's toggle: its accessible name is what it says.
const greeting = async () => (await screen.findByRole('button', { expanded: false })).textContent

describe('UserMenu', () => {
  it('greets by name rather than by e-mail (SITE-7)', async () => {
    await renderMenu(user({ name: 'Nino', email: 'nino@example.com' }))
    expect(await greeting()).toBe('Nino')
  })

  it('falls back to the e-mail without a name (SITE-7)', async () => {
    await renderMenu(user({ email: 'nino@example.com' }))
    expect(await greeting()).toBe('nino@example.com')
  })

  it('says User when nothing is known (SITE-7)', async () => {
    await renderMenu(null)
    expect(await greeting()).toBe('User')
  })

  it('toggles on click; closes on a click outside the bar and on Escape (focus back on the toggle) (SITE-7)', async () => {
    await renderMenu(user({ name: 'Nino' }))
    const toggle = await screen.findByRole('button', { name: 'Nino' })
    // Closed, the items are hidden: no role query finds them.
    const items = () =>
      screen.queryAllByRole('listitem').map((item) => {
        const control = item.firstElementChild
        return `${control?.textContent} ${control?.getAttribute('href') ?? control?.tagName}`
      })
    expect(items()).toEqual([])
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(items()).toEqual([
      'Profile Settings /changeprofile',
      'My Account /my/page',
      'Log out BUTTON',
    ])
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(items()).toEqual([])
    fireEvent.click(toggle)
    // Inside the navigation bar but outside the menu: it stays open (only outside the bar closes).
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Dashboard' }))
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    fireEvent.pointerDown(screen.getByText('Outside'))
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(items()).toEqual([])
    fireEvent.click(toggle)
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(toggle)
  })

  it('Log out closes the menu and signs out through the session runtime (SITE-7)', async () => {
    await renderMenu(user({ name: 'Nino' }))
    const toggle = await screen.findByRole('button', { name: 'Nino' })
    fireEvent.click(toggle)
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }))
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    await waitFor(() => expect(logOut).toHaveBeenCalledTimes(1))
  })
})
