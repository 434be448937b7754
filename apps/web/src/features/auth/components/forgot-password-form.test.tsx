import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { notify } from '../../../lib/notify'
import { withQueryClient } from '../../../testing/render'
import { stub, USER_ACCOUNT } from '../../../testing/stub-api'
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
})

describe('ForgotPasswordForm', () => {
  it('the puzzle comes with the @; taking the @ away takes a solved puzzle with it (RESET-1)', async () => {
    render(withQueryClient(<ForgotPasswordForm onSwitch={vi.fn()} />))
    typeEmail('nino')
    expect(screen.queryByRole('group', { name: 'Human Verification' })).toBeNull()
    typeEmail('nino@example.com')
    await solve()
    expect(
      within(screen.getByRole('group', { name: 'Human Verification' })).getByRole('status')
        .textContent,
    ).toBe('Human verification completed')
    typeEmail('nino')
    typeEmail('nino@example.com')
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    await screen.findByText('Please complete the human verification first.')
    expect(stub.calls).toEqual([])
  })

  it('sent: Email Sent! with the address, the notice; Resend repeats the request, each as { username } (RESET-1, API-10)', async () => {
    render(withQueryClient(<ForgotPasswordForm onSwitch={vi.fn()} />))
    typeEmail(` ${USER_ACCOUNT.email} `)
    await solve()
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    const heading = await screen.findByRole('heading', { name: 'Email Sent!' })
    // The heading takes the focus in an effect after it is drawn.
    await waitFor(() => expect(document.activeElement).toBe(heading))
    // The address the link went to, said in full.
    screen.getByText(`We sent a password reset link to ${USER_ACCOUNT.email}.`)
    expect(notify).toHaveBeenCalledWith('success', 'Password reset link sent to your email!')
    // One resend: waits for its call to be answered (the button reads Resend Email again).
    const resend = async () => {
      const before = stub.callsTo('POST /auth/reset-password').length
      fireEvent.click(await screen.findByRole('button', { name: 'Resend Email' }))
      await waitFor(() =>
        expect(stub.callsTo('POST /auth/reset-password')).toHaveLength(before + 1),
      )
      await screen.findByRole('button', { name: 'Resend Email' })
    }
    const resent = 'Password reset link resent successfully!'
    const wait = 'Please wait before requesting another email.'
    // The stub allows three reset mails per address in 15 minutes: the fourth must wait.
    await resend()
    await screen.findByText(resent)
    await resend()
    await screen.findByText(resent)
    await resend()
    await screen.findByText(wait)
    // Fifteen minutes later by the stub's clock, the address's window has room again.
    await stub.dev.advanceClock(15 * 60)
    await resend()
    await screen.findByText(resent)
    expect(screen.queryByText(wait)).toBeNull()
    expect(stub.callsTo('POST /auth/reset-password').map((call) => call.body)).toEqual(
      Array.from({ length: 5 }, () => ({ username: USER_ACCOUNT.email })),
    )
    // A mail for every request let through: the first, two resends and the one after the wait.
    expect((await stub.dev.mailbox(USER_ACCOUNT.email)).map((mail) => mail.kind)).toEqual(
      Array.from({ length: 4 }, () => 'password-reset'),
    )
  }, 15_000)
})
