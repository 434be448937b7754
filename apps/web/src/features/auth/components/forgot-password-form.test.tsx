import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { notify } from '../../../lib/notify'
import { fakeApi, json, withQueryClient } from '../../../testing/fake-api'
import { ForgotPasswordForm } from './forgot-password-form'

vi.mock('../../../lib/notify', () => ({ notify: vi.fn(async () => undefined) }))

const step = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
const email = () => screen.getByLabelText(/^Email/) as HTMLInputElement
const typeEmail = (value: string) => fireEvent.change(email(), { target: { value } })

// Math.random is 0 here: every puzzle is 5 + 5.
async function solve() {
  fireEvent.change(screen.getByLabelText('What is 5 + 5?'), { target: { value: '10' } })
  await step(500)
  await step(300)
  await step(800)
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  vi.spyOn(Math, 'random').mockReturnValue(0)
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('ForgotPasswordForm', () => {
  it('the puzzle comes with the @; taking the @ away takes a solved puzzle with it', async () => {
    const api = fakeApi({})
    render(withQueryClient(<ForgotPasswordForm onSwitch={vi.fn()} />))
    typeEmail('nino')
    expect(screen.queryByRole('group', { name: 'Human Verification' })).toBeNull()
    typeEmail('nino@example.com')
    await solve()
    expect(screen.getByText('Human verification completed')).toBeTruthy()
    typeEmail('nino')
    typeEmail('nino@example.com')
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    await screen.findByText('Please complete the human verification first.')
    expect(api.calls).toEqual([])
  })

  it('sent: Email Sent! with the address, the notice; Resend repeats the request', async () => {
    const api = fakeApi({
      'POST /auth/reset-password': [
        json(200, { message: 'sent' }),
        json(429, { message: 'Too many requests. Please try again later.' }),
        json(200, { message: 'sent' }),
      ],
    })
    render(withQueryClient(<ForgotPasswordForm onSwitch={vi.fn()} />))
    typeEmail(' nino@example.com ')
    await solve()
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    const heading = await screen.findByRole('heading', { name: 'Email Sent!' })
    // The heading takes the focus in an effect after it is drawn.
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(screen.getByText('We sent a password reset link to nino@example.com.')).toBeTruthy()
    expect(notify).toHaveBeenCalledWith('success', 'Password reset link sent to your email!')
    fireEvent.click(screen.getByRole('button', { name: 'Resend Email' }))
    await screen.findByText('Please wait before requesting another email.')
    fireEvent.click(screen.getByRole('button', { name: 'Resend Email' }))
    await screen.findByText('Password reset link resent successfully!')
    await waitFor(() =>
      expect(screen.queryByText('Please wait before requesting another email.')).toBeNull(),
    )
    expect(api.callsTo('POST /auth/reset-password').map((call) => call.body)).toEqual([
      { username: 'nino@example.com' },
      { username: 'nino@example.com' },
      { username: 'nino@example.com' },
    ])
  })
})
