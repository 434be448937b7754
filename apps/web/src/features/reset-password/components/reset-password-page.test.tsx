import { en } from '@devenv/domain/messages'
import { Outlet, RouterProvider } from '@tanstack/react-router'
import { cleanup, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { webEn } from '../../../lib/i18n/messages/en'
import { loadPageRouter, renderPage } from '../../../testing/render'
import { ResetPasswordPage } from './reset-password-page'

vi.mock('../../../lib/notify', () => ({ notify: vi.fn(async () => undefined) }))

const HASH = 'c0ffee'.repeat(10).slice(0, 64)

const pageOptions = (url: string) => ({ url, routes: { '/reset-password': ResetPasswordPage } })

async function openPage(url: string) {
  const { router } = await renderPage(<Outlet />, pageOptions(url))
  await screen.findByRole('heading', { level: 1, name: en['reset.heading'] })
  return router
}

describe('ResetPasswordPage on arrival', () => {
  it("a link without user or hash: 'Invalid Reset Link', with Go Home and Request New Link", async () => {
    for (const url of [
      '/reset-password',
      `/reset-password?hash=${HASH}`,
      '/reset-password?user=a%40b.ge',
    ]) {
      await openPage(url)
      expect(screen.getByTestId('reset-problem').textContent).toContain(
        en['reset.invalidLink.title'],
      )
      expect(screen.getByTestId('reset-problem').textContent).toContain(
        en['reset.invalidLink.description'],
      )
      // The problem's title is its heading.
      screen.getByRole('heading', { level: 2, name: en['reset.invalidLink.title'] })
      expect(screen.getByRole('link', { name: en['reset.goHome'] }).getAttribute('href')).toBe('/')
      expect(
        screen.getByRole('link', { name: en['reset.requestNewLink'] }).getAttribute('href'),
      ).toBe('/?auth=forgot-password')
      expect(screen.queryByLabelText(en['reset.newPassword'])).toBeNull()
      cleanup()
    }
  })

  it("a malformed hash: 'Invalid Reset Token'", async () => {
    for (const hash of ['xyz', 'a'.repeat(39), 'a'.repeat(65), `${'g'}${'a'.repeat(40)}`]) {
      await openPage(`/reset-password?user=nino%40example.com&hash=${hash}`)
      expect(screen.getByTestId('reset-problem').textContent, hash).toContain(
        en['reset.invalidToken.title'],
      )
      expect(screen.getByTestId('reset-problem').textContent).toContain(
        en['reset.invalidToken.description'],
      )
      screen.getByRole('heading', { level: 2, name: en['reset.invalidToken.title'] })
      cleanup()
    }
  })

  it('a well-formed link: the form, after its code has loaded', async () => {
    await openPage(`/reset-password?user=nino%40example.com&hash=${HASH}`)
    const password = (await screen.findByLabelText(en['reset.newPassword'])) as HTMLInputElement
    expect(password.type).toBe('password')
    expect(screen.queryByTestId('reset-problem')).toBeNull()
    // The form names the account the link is for.
    screen.getByText('For the account nino@example.com')
  })

  it("always offers 'Remember your password?' with 'Back to Home', and the brand panel with the tagline (RESET-5, SITE-13)", async () => {
    await openPage('/reset-password')
    const home = screen.getByRole('link', { name: 'Back to Home' })
    expect(home.getAttribute('href')).toBe('/')
    expect(home.parentElement?.textContent).toContain('Remember your password?')
    const panel = screen.getByRole('complementary', { name: webEn['reset.brand.heading'] })
    expect(panel.textContent).toContain('AI-Native Development Platform')
  })
})

describe('ResetPasswordPage prerendered', () => {
  it("is the shell: the heading 'Reset Password' and guidance, no verdict on a link it cannot see (RESET-9)", async () => {
    const router = await loadPageRouter(
      <Outlet />,
      pageOptions(`/reset-password?user=nino%40example.com&hash=${HASH}`),
    )
    const html = renderToString(<RouterProvider router={router as never} />)
    expect(html).toMatch(/<h1[^>]*>Reset Password<\/h1>/)
    expect(html).toContain(webEn['reset.shell.text'])
    expect(html).not.toContain(en['reset.invalidLink.title'])
    expect(html).not.toContain('type="password"')
  })
})
