import type { RegisteredRouter } from '@tanstack/react-router'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { logEvent } from '../../../lib/event-log'
import { notify } from '../../../lib/notify'
import { withQueryClient } from '../../../testing/render'
import { stub, USER_ACCOUNT } from '../../../testing/stub-api'
import { SignInForm } from './sign-in-form'

vi.mock('../../../lib/notify', () => ({ notify: vi.fn(async () => undefined) }))
vi.mock('../../../lib/event-log', () => ({ logEvent: vi.fn() }))
const { signedIn, discardSession } = vi.hoisted(() => ({
  signedIn: vi.fn(),
  discardSession: vi.fn(),
}))
vi.mock('../../../lib/session/runtime', () => ({
  createSessionRuntime: () => ({ signedIn, discardSession }),
}))

const { email: EMAIL, password: PASSWORD } = USER_ACCOUNT

function renderForm(search: Record<string, unknown> = {}, registeredEmail: string | null = null) {
  const navigate = vi.fn(async (_options: unknown) => {})
  const router = { state: { location: { search } }, navigate } as unknown as RegisteredRouter
  const onSwitch = vi.fn()
  const view = render(
    withQueryClient(
      <SignInForm router={router} registeredEmail={registeredEmail} onSwitch={onSwitch} />,
    ),
  )
  const submit = () => screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement
  const attempt = (email: string, password: string) => {
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: email } })
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } })
    fireEvent.click(submit())
  }
  return { ...view, router, navigate, onSwitch, submit, attempt }
}

beforeEach(() => localStorage.clear())

afterEach(() => {
  localStorage.clear()
  vi.clearAllMocks()
})

describe('SignInForm', () => {
  it('sends the trimmed e-mail and the password, nothing of Remember me; success signs in, says so, goes to the redirect (API-9, AUTH-2, AUTH-11)', async () => {
    const form = renderForm({ redirect: '/technical?tab=ai' })
    // 'Remember me' is sent nowhere: ticked, it adds nothing to the call.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }))
    // The password goes as typed: with spaces around it, it is another password.
    form.attempt(`  ${EMAIL} `, ` ${PASSWORD} `)
    await screen.findByText('Invalid email or password')
    form.attempt(`  ${EMAIL} `, PASSWORD)
    await waitFor(() => expect(form.navigate).toHaveBeenCalled())
    expect(stub.callsTo('POST /auth/auth').map((call) => call.body)).toEqual([
      { email: EMAIL, password: ` ${PASSWORD} ` },
      { email: EMAIL, password: PASSWORD },
    ])
    expect(signedIn).toHaveBeenCalledWith(form.router, {
      accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refreshToken: expect.any(String),
      tokenValidSeconds: 900,
    })
    // The success replaces the toast of the failure before it.
    expect(notify).toHaveBeenCalledWith('error', 'Authentication failed', {
      announce: false,
      replaces: 'sign-in-outcome',
    })
    expect(notify).toHaveBeenCalledWith('success', 'Successfully logged in!', {
      replaces: 'sign-in-outcome',
    })
    expect(form.navigate).toHaveBeenCalledWith({ href: '/technical?tab=ai', replace: true })
  })

  it.each([
    ['no redirect', {}],
    ['another site', { redirect: '//evil.example/x' }],
    ['an address with a scheme', { redirect: 'https://evil.example/x' }],
    ['a path without its leading /', { redirect: 'technical' }],
  ])('%s: /dashboard instead (AUTH-2)', async (_case, search) => {
    const form = renderForm(search)
    form.attempt(EMAIL, PASSWORD)
    await waitFor(() =>
      expect(form.navigate).toHaveBeenCalledWith({ href: '/dashboard', replace: true }),
    )
  })

  it('a failure shows the server message (else the required text) and clears the session (AUTH-4)', async () => {
    await stub.register('pending@example.com', 'Right-But-Pending-1')
    const form = renderForm()
    form.attempt(EMAIL, 'wrong')
    await screen.findByText('Invalid email or password')
    expect(screen.getByRole('alert').textContent).toBe('Invalid email or password')
    expect(discardSession).toHaveBeenCalledTimes(1)
    form.attempt('pending@example.com', 'Right-But-Pending-1')
    await screen.findByText('Account not activated')
    form.attempt(EMAIL, 'wrong')
    await screen.findByText('Invalid email or password')
    expect(signedIn).not.toHaveBeenCalled()
  })

  it("a failure raises the store's 'Authentication failed' toast, announced once: by the form", async () => {
    const form = renderForm()
    form.attempt(EMAIL, 'wrong')
    await screen.findByText('Invalid email or password')
    expect(notify).toHaveBeenCalledWith('error', 'Authentication failed', {
      announce: false,
      replaces: 'sign-in-outcome',
    })
    expect(notify).toHaveBeenCalledTimes(1)
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Invalid email or password',
    ])
  })

  it('without an answer: Login failed, and the attempt does not count towards the lock', async () => {
    stub.prefer('POST /auth/auth', 'reset')
    const form = renderForm()
    form.attempt(EMAIL, PASSWORD)
    await screen.findByText('Login failed')
    expect(localStorage.getItem('login-lock')).toBeNull()
  })

  it('5 wrong attempts lock the form, in storage; a new form (a reload) is still locked', async () => {
    const form = renderForm()
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      form.attempt(EMAIL, `wrong-${attempt}`)
      await waitFor(() => expect(stub.callsTo('POST /auth/auth')).toHaveLength(attempt))
      await waitFor(() => expect(form.submit().getAttribute('aria-busy')).toBeNull())
    }
    const locked = 'Too many login attempts. Please try again later.'
    await screen.findByText(locked)
    expect(form.submit().disabled).toBe(true)
    expect(JSON.parse(localStorage.getItem('login-lock') ?? '{}')).toMatchObject({ attempts: 5 })
    expect(logEvent).toHaveBeenCalledWith('login_locked', { user: EMAIL })
    form.unmount()

    const reloaded = renderForm()
    expect(screen.getByRole('alert').textContent).toBe(locked)
    expect(reloaded.submit().disabled).toBe(true)
    fireEvent.submit(reloaded.submit().closest('form') as HTMLFormElement)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(stub.callsTo('POST /auth/auth')).toHaveLength(5)
  })

  it('a lock lifts itself 15 minutes after the last attempt', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z'), shouldAdvanceTime: true })
    try {
      localStorage.setItem('login-lock', JSON.stringify({ attempts: 5, lastAttemptAt: Date.now() }))
      const form = renderForm()
      expect(form.submit().disabled).toBe(true)
      await vi.advanceTimersByTimeAsync(15 * 60_000 - 1000)
      expect(form.submit().disabled).toBe(true)
      await vi.advanceTimersByTimeAsync(1000)
      await waitFor(() => expect(form.submit().disabled).toBe(false))
      expect(screen.queryByText('Too many login attempts. Please try again later.')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  // AUTH-12: the registration's success text in the sign-in modal.
  it('after a registration: the required success message and the address filled in (AUTH-8)', () => {
    renderForm({}, 'nino@example.com')
    expect(screen.getByRole('status').textContent).toBe(
      'Account created successfully! Please check your email to verify your account.',
    )
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('nino@example.com')
  })

  it('has the e-mail, the password and Remember me, and links to the forgot-password and register modals (AUTH-2)', () => {
    const form = renderForm()
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).type).toBe('email')
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).type).toBe('password')
    expect(
      (screen.getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement).checked,
    ).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }))
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(form.onSwitch.mock.calls).toEqual([['forgot-password'], ['register']])
  })
})
