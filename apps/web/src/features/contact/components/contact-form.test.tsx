import { CONTACT_REQUEST_RULES } from '@devenv/api-client/contract'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { withQueryClient } from '../../../testing/render'
import { ContactForm } from './contact-form'

vi.mock('../../../lib/notify', () => ({ notify: vi.fn(async () => undefined) }))
vi.mock('../../../lib/event-log', () => ({ logEvent: vi.fn() }))

function renderForm() {
  return render(withQueryClient(<ContactForm />))
}

function fillRequired() {
  const type = (label: RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } })
  type(/^First Name/, 'Nino')
  type(/^Last Name/, 'Beridze')
  type(/^Email/, 'nino@example.com')
  type(/^Inquiry Type/, 'support')
  type(/^Message/, 'Help, please.')
}

function deferredFetch() {
  let answer: (response: Response) => void = () => {}
  const fetchMock = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        answer = resolve
      }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return { fetchMock, answer: (response: Response) => answer(response) }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('ContactForm', () => {
  it('names the missing required fields and sends nothing', () => {
    const { fetchMock } = deferredFetch()
    renderForm()
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  // An empty submit said so in one line, and nothing showed which fields were missing.
  it('marks each missing required field, described by the message, and focuses the first', () => {
    renderForm()
    fireEvent.change(screen.getByLabelText(/^Last Name/), { target: { value: 'Beridze' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    const description = (field: HTMLElement) =>
      (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ')
    const missing = [/^First Name/, /^Email/, /^Inquiry Type/, /^Message/].map((label) =>
      screen.getByLabelText(label),
    )
    for (const field of missing) {
      expect(field.getAttribute('aria-invalid'), field.id).toBe('true')
      expect(description(field)).toBe('Please fill in all required fields')
    }
    for (const label of [/^Last Name/, /^Phone/, /^Company/]) {
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBeNull()
    }
    expect(document.activeElement).toBe(missing[0])
    // Filling a field in takes its mark away; the others keep theirs.
    fireEvent.change(missing[0] as HTMLElement, { target: { value: 'Nino' } })
    expect(missing[0]?.getAttribute('aria-invalid')).toBeNull()
    expect(missing[0]?.getAttribute('aria-describedby')).toBeNull()
    expect(missing[1]?.getAttribute('aria-invalid')).toBe('true')
  })

  it('an address without @ or a dot marks the e-mail field alone', () => {
    renderForm()
    fillRequired()
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'nino-at-example' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.')
    expect(
      screen
        .getAllByRole('textbox')
        .concat(screen.getByLabelText(/^Inquiry Type/))
        .filter((field) => field.getAttribute('aria-invalid') === 'true')
        .map((field) => field.id),
    ).toEqual(['contact-email'])
  })

  it('while sending: inputs and button disabled, "Sending...", a repeat submit ignored; success clears the form (CONTACT-3)', async () => {
    const { fetchMock, answer } = deferredFetch()
    renderForm()
    fillRequired()
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    const sending = await screen.findByRole('button', { name: 'Sending...' })
    expect((sending as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByLabelText(/^First Name/) as HTMLInputElement).disabled).toBe(true)
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    fireEvent.submit(sending.closest('form') as HTMLFormElement)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(fetchMock).toHaveBeenCalledTimes(1)
    answer(new Response(JSON.stringify({ status: 'received' }), { status: 201 }))
    await waitFor(() =>
      expect((screen.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe(''),
    )
    // Sendable again: the button reads Send Message and takes a click.
    expect(
      (screen.getByRole('button', { name: 'Send Message' }) as HTMLButtonElement).disabled,
    ).toBe(false)
    expect((screen.getByLabelText(/^First Name/) as HTMLInputElement).disabled).toBe(false)
  })

  it('a failure keeps the values and shows the message with the contact e-mail (CONTACT-3)', async () => {
    const { fetchMock, answer } = deferredFetch()
    renderForm()
    fillRequired()
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    answer(new Response(JSON.stringify({ message: 'Down' }), { status: 500 }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Failed to send message. Please try again or contact us directly at contact@devenv.example',
      ),
    )
    expect((screen.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe('Nino')
    expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe('Help, please.')
  })
})

/** Sends a filled form and answers it with the contract's 400, naming the given fields. */
async function submitAnswered400(errors: Record<string, string>) {
  const { fetchMock, answer } = deferredFetch()
  renderForm()
  fillRequired()
  fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
  const body = { message: 'Validation errors', code: 'VALIDATION_FAILED', errors }
  answer(
    new Response(JSON.stringify(body), {
      status: 400,
      headers: { 'Content-Type': 'application/json' },
    }),
  )
}

describe('ContactForm checks fields as the contract does', () => {
  const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement
  const messageOf = (element: HTMLElement) =>
    document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent

  it("limits each text field to the contract's maximum length", () => {
    renderForm()
    expect(input(/^First Name/).maxLength).toBe(CONTACT_REQUEST_RULES.firstName.maxLength)
    expect(input(/^Company/).maxLength).toBe(CONTACT_REQUEST_RULES.company.maxLength)
    expect(input(/^Phone/).maxLength).toBe(CONTACT_REQUEST_RULES.phone.maxLength)
    expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).maxLength).toBe(
      CONTACT_REQUEST_RULES.message.maxLength,
    )
  })

  it('a value over the limit or a malformed phone: a message on the field, nothing sent', async () => {
    const { fetchMock } = deferredFetch()
    renderForm()
    fillRequired()
    fireEvent.change(input(/^First Name/), { target: { value: 'N'.repeat(101) } })
    fireEvent.change(input(/^Phone/), { target: { value: '555-CALL-NOW' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(messageOf(input(/^First Name/))).toBe('Please use at most 100 characters.')
    expect(input(/^First Name/).getAttribute('aria-invalid')).toBe('true')
    expect(messageOf(input(/^Phone/))).toBe(
      'Please enter a phone number: digits, spaces and + ( ) - . only.',
    )
    expect(screen.getByRole('alert').textContent).toBe('')
    await waitFor(() => expect(document.activeElement).toBe(input(/^First Name/)))
    expect(fetchMock).not.toHaveBeenCalled()
    // Editing the field answers its message.
    fireEvent.change(input(/^Phone/), { target: { value: '+995 32 200 00 00' } })
    expect(input(/^Phone/).hasAttribute('aria-invalid')).toBe(false)
  })

  it("shows the server's 400 errors on their fields, and the rest as the failure", async () => {
    await submitAnswered400({ lastName: 'Must not be blank', email: 'Must be an e-mail address' })
    await waitFor(() => expect(messageOf(input(/^Last Name/))).toBe('Must not be blank'))
    expect(messageOf(input(/^Email/))).toBe('Must be an e-mail address')
    expect(screen.getByRole('alert').textContent).toBe('')
    expect(input(/^First Name/).value).toBe('Nino')
  })

  it('a 400 on a field the form does not show: the generic failure', async () => {
    await submitAnswered400({ timestamp: 'Bad' })
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Failed to send message.'),
    )
  })

  it("sends 'unknown' as the user agent when the browser gives none", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('')
    const { fetchMock } = deferredFetch()
    renderForm()
    fillRequired()
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    const [request] = (fetchMock.mock.calls as unknown as Array<[Request]>)[0] ?? []
    expect(request).toBeInstanceOf(Request)
    const body = (await request?.json()) as { userAgent?: string } | undefined
    expect(body?.userAgent).toBe('unknown')
    vi.restoreAllMocks()
  })
})
