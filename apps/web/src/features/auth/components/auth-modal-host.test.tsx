import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AUTH_MODAL_TYPES } from '../../../config/ui'
import { renderPage } from '../../../testing/render'
import { AuthModalHost } from './auth-modal-host'

async function renderHost(url: string) {
  const page = await renderPage(
    <>
      <button type="button">Opener</button>
      <AuthModalHost />
    </>,
    {
      url,
      validateSearch: (search) =>
        AUTH_MODAL_TYPES.includes(search.auth as never) ? { auth: search.auth } : {},
    },
  )
  return page.router
}

// The dialog is a lazy chunk: its first transform can take seconds on a loaded machine, longer
// than a query waits. Loaded once here, the tests measure the host, not the transform.
beforeAll(async () => {
  await import('./auth-dialog')
}, 30_000)

afterEach(() => {
  vi.useRealTimers()
})

describe('AuthModalHost', () => {
  it('opens the modal the URL names, in a labelled dialog, and closes with its button', async () => {
    const router = await renderHost('/?auth=register')
    const dialog = await screen.findByRole('dialog', { name: 'Create Account' })
    expect(dialog.tagName).toBe('DIALOG')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^First Name/)))
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(router.state.location.search).toEqual({}))
  })

  it('keeps the closed content for 300 ms, then drops it: the next opening starts afresh (AUTH-1)', async () => {
    const router = await renderHost('/?auth=register')
    await screen.findByRole('dialog', { name: 'Create Account' })
    fireEvent.change(screen.getByLabelText(/^First Name/), { target: { value: 'Nino' } })
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await act(async () => {
      await router.navigate({ to: '/', search: {} })
    })
    const closed = document.querySelector('dialog')
    expect(closed?.open).toBe(false)
    await act(() => vi.advanceTimersByTimeAsync(250))
    expect(document.querySelector('dialog')).not.toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(document.querySelector('dialog')).toBeNull()
    await act(async () => {
      await router.navigate({ to: '/', search: { auth: 'register' } })
    })
    await screen.findByRole('dialog', { name: 'Create Account' })
    expect((screen.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe('')
  })

  it('moving to another modal replaces the history entry and focuses its first field, one modal at a time (AUTH-1)', async () => {
    const router = await renderHost('/?auth=login')
    await screen.findByRole('dialog', { name: 'Sign In' })
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }))
    await screen.findByRole('dialog', { name: 'Reset Password' })
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Email/)))
    expect(router.history.length).toBe(1)
  })
})
