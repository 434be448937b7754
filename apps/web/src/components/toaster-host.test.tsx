import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { notify } from '../lib/notify'
import { ToasterHost } from './toaster-host'

afterEach(() => {
  vi.useRealTimers()
})

describe('notify', () => {
  it('hides a toast 5000 ms after it shows when its caller sets no timeout', async () => {
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
    render(<ToasterHost />)
    void notify('info', 'Stays the default time')
    void notify('success', 'Gone soon', { timeout: 300 })
    expect(await screen.findByText('Gone soon')).toBeTruthy()
    const shownAt = Date.now()
    await waitFor(() => expect(screen.queryByText('Gone soon')).toBeNull(), { timeout: 3000 })
    expect(Date.now() - shownAt).toBeLessThan(2000)
    expect(screen.getByText('Stays the default time')).toBeTruthy()
  })

  it('a toast that must not be read out twice is shown, hidden from screen readers', async () => {
    render(<ToasterHost />)
    void notify('error', 'Said elsewhere', { announce: false })
    const text = await screen.findByText('Said elsewhere')
    expect(text.closest('[aria-hidden="true"]')).not.toBeNull()
    void notify('error', 'Said here')
    expect((await screen.findByText('Said here')).closest('[aria-hidden="true"]')).toBeNull()
  })
})
