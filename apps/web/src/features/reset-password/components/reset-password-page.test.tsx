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
      expect(
        screen.getByRole('heading', { level: 2, name: en['reset.invalidLink.title'] }),
      ).toBeTruthy()
      expect(screen.getByText(en['reset.invalidLink.description'])).toBeTruthy()
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
      expect(
        screen.getByRole('heading', { level: 2, name: en['reset.invalidToken.title'] }),
      ).toBeTruthy()
      expect(screen.getByText(en['reset.invalidToken.description'])).toBeTruthy()
      cleanup()
    }
  })

  it('a well-formed link: the form, after its code has loaded', async () => {
    await openPage(`/reset-password?user=nino%40example.com&hash=${HASH}`)
    expect(await screen.findByLabelText(en['reset.newPassword'])).toBeTruthy()
    expect(screen.getByText('For the account nino@example.com')).toBeTruthy()
  })

  // RESET-5: 'Remember your password?', 'Back to Home' and the brand panel.
  it('always offers the way back and the brand panel', async () => {
    await openPage('/reset-password')
    expect(screen.getByText(en['reset.rememberPassword'], { exact: false })).toBeTruthy()
    expect(screen.getByRole('link', { name: en['action.backToHome'] }).getAttribute('href')).toBe(
      '/',
    )
    expect(screen.getByRole('complementary', { name: webEn['reset.brand.heading'] })).toBeTruthy()
  })
})

describe('ResetPasswordPage prerendered', () => {
  // RESET-9: the heading 'Reset Password'.
  it('is the shell: heading and guidance, no verdict on a link it cannot see', async () => {
    const router = await loadPageRouter(
      <Outlet />,
      pageOptions(`/reset-password?user=nino%40example.com&hash=${HASH}`),
    )
    const html = renderToString(<RouterProvider router={router as never} />)
    expect(html).toContain(en['reset.heading'])
    expect(html).toContain(webEn['reset.shell.text'])
    expect(html).not.toContain(en['reset.invalidLink.title'])
    expect(html).not.toContain('type="password"')
  })
})
