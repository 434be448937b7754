import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ContactForm } from './contact-form'

vi.mock('../../../lib/notify', () => ({ notify: vi.fn(async () => undefined) }))
vi.mock('../../../lib/event-log', () => ({ logEvent: vi.fn() }))

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <ContactForm />
    </QueryClientProvider>,
  )
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

  it('while sending: inputs and button disabled, "Sending...", a repeat submit ignored', async () => {
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
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy()
  })

  it('a failure keeps the values and shows the message with the contact e-mail', async () => {
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
