import { en } from '@devenv/domain/messages'
import { Outlet } from '@tanstack/react-router'
import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { notify } from '../../../lib/notify'
import { renderPage } from '../../../testing/render'
import ResetPasswordFlow from './reset-password-flow'

vi.mock('../../../lib/notify', () => ({ notify: vi.fn(async () => undefined) }))

const EMAIL = 'nino@example.com'
const HASH = 'ab'.repeat(32)

type Answer = { status: number; body?: unknown }

/** fetch answers the next call when the test says so. */
function deferredFetch() {
  let settle: (answer: Answer) => void = () => {}
  const fetchMock = vi.fn(
    (_request: Request) =>
      new Promise<Response>((resolve) => {
        settle = ({ status, body }) =>
          resolve(
            new Response(body === undefined ? null : JSON.stringify(body), {
              status,
              headers: { 'Content-Type': 'application/json' },
            }),
          )
      }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return { fetchMock, answer: (answer: Answer) => settle(answer) }
}

async function renderFlow() {
  const { router } = await renderPage(<Outlet />, {
    url: '/reset-password',
    routes: {
      '/': () => <p>Home</p>,
      '/reset-password': () => <ResetPasswordFlow email={EMAIL} hash={HASH} />,
    },
  })
  await settle()
  return router
}

const passwordField = () => screen.getByLabelText(en['reset.newPassword']) as HTMLInputElement
const confirmField = () => screen.getByLabelText(en['reset.confirmPassword']) as HTMLInputElement
const submitButton = () =>
  screen.getByRole('button', { name: en['reset.submit'] }) as HTMLButtonElement

function type(field: HTMLInputElement, value: string) {
  fireEvent.change(field, { target: { value } })
}

/** Lets react-hook-form's validation and the fetch promises settle under fake timers. */
async function settle(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false })
  vi.mocked(notify).mockClear()
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('ResetPasswordFlow: the form', () => {
  it('shows both fields with their labels and placeholders, and Submit disabled (RESET-5, RESET-9)', async () => {
    deferredFetch()
    await renderFlow()
    // The required wording, word for word.
    expect(screen.getByLabelText('New Password*')).toBe(passwordField())
    expect(screen.getByLabelText('Confirm New Password*')).toBe(confirmField())
    expect(passwordField().placeholder).toBe('Enter your new password')
    expect(passwordField().minLength).toBe(8)
    expect(confirmField().placeholder).toBe('Confirm your new password')
    expect(submitButton().textContent).toBe('Submit')
    expect(submitButton().disabled).toBe(true)
    // The account the link is for, named on the form.
    screen.getByText(`For the account ${EMAIL}`)
  })

  it('shows the live checklist while the password is typed and not yet strong (RESET-5)', async () => {
    deferredFetch()
    await renderFlow()
    expect(screen.queryByRole('list', { name: 'Your new password needs:' })).toBeNull()
    type(passwordField(), 'abc')
    await settle()
    const checklist = screen.getByRole('list', { name: 'Your new password needs:' })
    const items = Array.from(checklist.querySelectorAll('li'), (item) => item.textContent)
    expect(items).toEqual([
      `${en['reset.check.minLength']}, still missing`,
      `${en['reset.check.uppercase']}, still missing`,
      `${en['reset.check.lowercase']}, done`,
      `${en['reset.check.digit']}, still missing`,
    ])
    expect(passwordField().getAttribute('aria-describedby')).toBe(checklist.parentElement?.id)
    type(passwordField(), 'Kvareli9x')
    await settle()
    expect(screen.queryByRole('list', { name: 'Your new password needs:' })).toBeNull()
    expect(passwordField().hasAttribute('aria-describedby')).toBe(false)
  })

  it("shows 'Passwords do not match' only once both are filled and differ (RESET-5)", async () => {
    deferredFetch()
    await renderFlow()
    type(passwordField(), 'Kvareli9x')
    await settle()
    expect(screen.queryByText(en['reset.passwordsDoNotMatch'])).toBeNull()
    type(confirmField(), 'Kvareli9y')
    await settle()
    const message = screen.getByText(en['reset.passwordsDoNotMatch'])
    expect(confirmField().getAttribute('aria-invalid')).toBe('true')
    expect(confirmField().getAttribute('aria-describedby')).toBe(message.id)
    expect(submitButton().disabled).toBe(true)
    type(confirmField(), 'Kvareli9x')
    await settle()
    expect(screen.queryByText(en['reset.passwordsDoNotMatch'])).toBeNull()
    expect(confirmField().getAttribute('aria-invalid')).toBe('false')
    expect(submitButton().disabled).toBe(false)
  })

  it("refuses a common password that meets the checklist with AUTH-7's 'too weak' text", async () => {
    const { fetchMock } = deferredFetch()
    await renderFlow()
    for (const common of ['Password1', 'Qwerty123']) {
      type(passwordField(), common)
      type(confirmField(), common)
      // The list is fetched once a password is typed; real time lets its chunk arrive.
      await vi.waitFor(() => screen.getByText(en['validation.passwordTooWeak']))
      expect(screen.queryByRole('list', { name: 'Your new password needs:' })).toBeNull()
      expect(passwordField().getAttribute('aria-invalid')).toBe('true')
      expect(submitButton().disabled).toBe(true)
    }
    type(passwordField(), 'Kvareli9x')
    type(confirmField(), 'Kvareli9x')
    await settle()
    expect(screen.queryByText(en['validation.passwordTooWeak'])).toBeNull()
    expect(submitButton().disabled).toBe(false)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('stays disabled for matching passwords that break a rule (RESET-5)', async () => {
    deferredFetch()
    await renderFlow()
    type(passwordField(), 'abcdefg1')
    type(confirmField(), 'abcdefg1')
    await settle()
    expect(submitButton().disabled).toBe(true)
  })
})

describe('ResetPasswordFlow: submitting', () => {
  async function submitValid() {
    const fetched = deferredFetch()
    const router = await renderFlow()
    type(passwordField(), 'NewPass123')
    type(confirmField(), 'NewPass123')
    await settle()
    fireEvent.click(submitButton())
    await settle()
    return { ...fetched, router }
  }

  it("sends { username, hash, password } once and reads 'Please wait...' meanwhile (RESET-5, RESET-6)", async () => {
    const { fetchMock } = await submitValid()
    const waiting = screen.getByRole('button', {
      name: en['reset.pleaseWait'],
    }) as HTMLButtonElement
    expect(waiting.disabled).toBe(true)
    expect(passwordField().disabled).toBe(true)
    fireEvent.click(waiting)
    fireEvent.submit(waiting.closest('form') as HTMLFormElement)
    await settle()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const sent = fetchMock.mock.calls[0]?.[0] as Request
    expect(new URL(sent.url).pathname).toBe('/api/auth/set-password')
    expect(await sent.json()).toEqual({ username: EMAIL, hash: HASH, password: 'NewPass123' })
  })

  it('on success: the message, a countdown from 3, home, then the sign-in modal 0.5 s later (RESET-8)', async () => {
    const { answer, router } = await submitValid()
    const countdown = () => screen.getByText(/^Redirecting to login in /).textContent
    answer({ status: 200, body: { status: true, message: 'Password has been reset.' } })
    await settle()
    const message = screen.getByRole('status')
    expect(message.textContent).toBe(en['reset.success'])
    expect(document.activeElement).toBe(message)
    expect(notify).toHaveBeenCalledWith('success', en['reset.successNotice'])
    expect(countdown()).toBe('Redirecting to login in 3 seconds...')
    await settle(1000)
    expect(countdown()).toBe('Redirecting to login in 2 seconds...')
    await settle(1000)
    expect(countdown()).toBe('Redirecting to login in 1 seconds...')
    expect(router.state.location.pathname).toBe('/reset-password')
    await settle(1000)
    expect(router.state.location.pathname).toBe('/')
    // Home is on the page, the reset page gone.
    screen.getByText('Home')
    expect(screen.queryByText(/^Redirecting to login in /)).toBeNull()
    expect(router.state.location.search).toEqual({})
    await settle(499)
    expect(router.state.location.search).toEqual({})
    await settle(1)
    expect(router.state.location.search).toEqual({ auth: 'login' })
  })

  it("never shows 'Redirecting to login in 0 seconds...'", async () => {
    const shown: string[] = []
    const observer = new MutationObserver(() => shown.push(document.body.textContent ?? ''))
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    const { answer, router } = await submitValid()
    answer({ status: 200, body: { status: true, message: 'ok' } })
    await settle()
    for (const _second of [3, 2, 1]) await settle(1000)
    observer.disconnect()
    expect(router.state.location.pathname).toBe('/')
    expect(shown.some((text) => text.includes('Redirecting to login in 1 seconds...'))).toBe(true)
    expect(shown.filter((text) => text.includes('in 0 seconds'))).toEqual([])
  })

  it('does not open the modal when the visitor left home within the 0.5 s', async () => {
    const { answer, router } = await submitValid()
    answer({ status: 200, body: { status: true, message: 'ok' } })
    await settle()
    for (const _second of [3, 2, 1]) await settle(1000)
    expect(router.state.location.pathname).toBe('/')
    await act(async () => {
      await router.navigate({ to: '/reset-password' as never })
    })
    await settle(500)
    expect(router.state.location.search).toEqual({})
  })

  const failures: Array<[string, Answer, string, string]> = [
    [
      '5xx',
      { status: 500, body: { status: false, message: 'boom' } },
      en['reset.serverError.title'],
      en['reset.serverError.description'],
    ],
    [
      '400',
      { status: 400, body: { status: false, message: 'invalid' } },
      en['reset.invalidLink.title'],
      en['reset.linkNoLongerValid.description'],
    ],
    [
      '401',
      { status: 401, body: { status: false, message: 'expired' } },
      en['reset.expired.title'],
      en['reset.expired.description'],
    ],
    [
      'another status with a message',
      { status: 413, body: { status: false, message: 'Request body is too large' } },
      en['reset.failedTitle'],
      'Request body is too large',
    ],
    ['another status without one', { status: 418 }, en['reset.failedTitle'], en['reset.error']],
    [
      'a false status',
      { status: 200, body: { status: false } },
      en['reset.failedTitle'],
      en['reset.failed'],
    ],
  ]

  for (const [name, reply, title, description] of failures) {
    it(`on ${name}: '${title}', its description, an error notification and the ways on`, async () => {
      const { answer } = await submitValid()
      answer(reply)
      await settle()
      const heading = screen.getByRole('heading', { level: 2, name: title })
      expect(document.activeElement).toBe(heading)
      expect(screen.getByTestId('reset-problem').textContent).toContain(description)
      expect(notify).toHaveBeenCalledWith('error', description)
      expect(screen.getByRole('link', { name: en['reset.goHome'] }).getAttribute('href')).toBe('/')
      expect(
        screen.getByRole('link', { name: en['reset.requestNewLink'] }).getAttribute('href'),
      ).toBe('/?auth=forgot-password')
      expect(screen.queryByLabelText(en['reset.newPassword'])).toBeNull()
    })
  }
})
