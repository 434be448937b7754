import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { notify } from '../lib/notify'
import { ToasterHost } from './toaster-host'

afterEach(() => {
  vi.useRealTimers()
})

/** The toast that shows `text`, and its type (sonner's `data-type`). */
function toastOf(text: string) {
  const toast = screen.getByText(text).closest<HTMLElement>('[data-sonner-toast]')
  if (!toast) throw new Error(`'${text}' is not in a toast`)
  return { toast, type: toast.getAttribute('data-type') }
}

describe('notify', () => {
  it('shows success, error, warning and info toasts, each with its own icon and a close button (UI-3)', async () => {
    render(<ToasterHost />)
    const types = ['success', 'error', 'warning', 'info'] as const
    for (const type of types) void notify(type, `A ${type} notice`)
    const icons: string[] = []
    for (const type of types) {
      await screen.findByText(`A ${type} notice`)
      const { toast, type: shown } = toastOf(`A ${type} notice`)
      expect(shown).toBe(type)
      const icon = toast.querySelector('[data-icon] svg')
      expect(icon, `the ${type} toast's icon`).not.toBeNull()
      icons.push(icon?.outerHTML ?? '')
      fireEvent.click(within(toast).getByRole('button', { name: 'Close' }))
      await waitFor(() => expect(screen.queryByText(`A ${type} notice`)).toBeNull())
    }
    // Four types, four different icons.
    expect(new Set(icons).size).toBe(4)
  })

  it('hides a toast 5000 ms after it shows when its caller sets no timeout (UI-3)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    render(<ToasterHost />)
    void notify('info', 'Shown the default time')
    await screen.findByText('Shown the default time')
    const shownAt = Date.now()
    await act(() => vi.advanceTimersByTimeAsync(4800 - (Date.now() - shownAt)))
    expect(screen.queryByText('Shown the default time')).not.toBeNull()
    // 5000 ms and sonner's 200 ms exit, with room to spare, but well before 6000 ms.
    await act(() => vi.advanceTimersByTimeAsync(700))
    expect(screen.queryByText('Shown the default time')).toBeNull()
  })

  it('hides a toast after the timeout its caller sets, and others after 5000 ms', async () => {
    // Time moves only when the test moves it, so a busy machine cannot make either toast late.
    vi.useFakeTimers()
    render(<ToasterHost />)
    void notify('info', 'Stays the default time')
    void notify('success', 'Gone soon', { timeout: 300 })
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(toastOf('Gone soon').type).toBe('success')
    // 300 ms and sonner's 200 ms exit, with room to spare, but well before 5000 ms.
    await act(() => vi.advanceTimersByTimeAsync(700))
    expect(screen.queryByText('Gone soon')).toBeNull()
    expect(toastOf('Stays the default time').type).toBe('info')
  })

  it('a toast that must not be read out twice is shown, hidden from screen readers', async () => {
    render(<ToasterHost />)
    void notify('error', 'Said elsewhere', { announce: false })
    const text = await screen.findByText('Said elsewhere')
    expect(text.closest('[aria-hidden="true"]')).not.toBeNull()
    void notify('error', 'Said here')
    expect((await screen.findByText('Said here')).closest('[aria-hidden="true"]')).toBeNull()
  })

  it('a toast that replaces another of the same name is the one toast shown, with its own text', async () => {
    render(<ToasterHost />)
    void notify('error', 'First failure', { replaces: 'attempt' })
    await screen.findByText('First failure')
    void notify('error', 'Second failure', { replaces: 'attempt' })
    await screen.findByText('Second failure')
    void notify('success', 'Then a success', { replaces: 'attempt' })
    await screen.findByText('Then a success')
    expect(screen.queryByText('First failure')).toBeNull()
    expect(screen.queryByText('Second failure')).toBeNull()
    // The earlier tests' toasts may still be on their way out: only this test's are counted.
    const mine = [...document.querySelectorAll('[data-sonner-toast]')].filter((toast) =>
      /failure|success/.test(toast.textContent ?? ''),
    )
    expect(mine.map((toast) => toast.getAttribute('data-type'))).toEqual(['success'])
  })
})
