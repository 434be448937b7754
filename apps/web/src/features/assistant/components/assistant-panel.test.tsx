import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderPage } from '../../../testing/render'
import { type RecordedCall, stub, USER_ACCOUNT } from '../../../testing/stub-api'
import { AssistantPanel } from './assistant-panel'

/** The stub's assistant opens every reply with the question it answers. */
const replyTo = (question: string) =>
  new RegExp(`^You asked: "${question.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`)

const question = () => screen.getByRole('textbox', { name: 'Your question' })

function ask(text: string) {
  fireEvent.change(question(), { target: { value: text } })
  fireEvent.keyDown(question(), { key: 'Enter' })
}

beforeEach(async () => {
  await stub.signIn(USER_ACCOUNT)
})

describe('AssistantPanel', () => {
  it('lists the models with the first chosen, and sends the whole conversation each time (ENV-3)', async () => {
    await renderPage(<AssistantPanel />)
    const model = (await screen.findByRole('combobox', { name: 'Model' })) as HTMLSelectElement
    await waitFor(() => expect(model.value).toBe('qwen2.5-coder-7b'))
    expect(
      within(model)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Qwen2.5 Coder 7B (32,768 tokens)',
      'Llama 3.1 8B Instruct (131,072 tokens)',
      'Mistral 7B Instruct (32,768 tokens)',
    ])

    ask('Which template for Go?')
    const log = screen.getByRole('log', { name: 'Conversation' })
    const first = await within(log).findByText(replyTo('Which template for Go?'))
    expect(first.textContent).toContain('(Qwen2.5 Coder 7B, local)')
    // The question stays in the conversation, before its answer.
    const asked = within(log).getByText('Which template for Go?')
    expect(asked.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).not.toBe(0)
    // The answer says which model wrote it and at what cost.
    within(log).getByText(/^Qwen2\.5 Coder 7B · \d+ tokens$/)
    expect((question() as HTMLTextAreaElement).value).toBe('')

    fireEvent.change(model, { target: { value: 'llama-3.1-8b-instruct' } })
    ask('And the Professional plan?')
    const second = await within(log).findByText(replyTo('And the Professional plan?'))
    expect(second.textContent).toContain('(Llama 3.1 8B Instruct, local)')
    const sent = stub.callsTo('POST /ai/chat').map((call: RecordedCall) => call.body)
    expect(sent[0]).toEqual({
      model: 'qwen2.5-coder-7b',
      messages: [{ role: 'user', content: 'Which template for Go?' }],
    })
    expect(sent[1]).toEqual({
      model: 'llama-3.1-8b-instruct',
      messages: [
        { role: 'user', content: 'Which template for Go?' },
        { role: 'assistant', content: first.textContent },
        { role: 'user', content: 'And the Professional plan?' },
      ],
    })
  })

  it('renders what the model writes as text, never as markup', async () => {
    const markup = '<img src=x onerror="alert(1)"><b>bold</b>'
    await renderPage(<AssistantPanel />)
    // The stub's reply repeats the question, markup and all.
    ask(markup)
    const log = screen.getByRole('log')
    const reply = await within(log).findByText(replyTo(markup))
    // The markup is what the reader sees, character for character.
    expect(reply.textContent).toContain(markup)
    expect(log.querySelector('img, b')).toBeNull()
  })

  it('Shift+Enter keeps writing; a blank question is not sent', async () => {
    await renderPage(<AssistantPanel />)
    fireEvent.change(question(), { target: { value: 'line one' } })
    fireEvent.keyDown(question(), { key: 'Enter', shiftKey: true })
    ask('   ')
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true)
    expect(stub.callsTo('POST /ai/chat')).toHaveLength(0)
  })

  it("says 'AI chat completion failed', keeps the question, and Try again resends it (ENV-3)", async () => {
    stub.prefer('POST /ai/chat', 'code=500')
    await renderPage(<AssistantPanel />)
    await screen.findByRole('option', { name: /Qwen2.5 Coder 7B/ })
    ask('What regions exist?')
    const failure = await screen.findByText('AI chat completion failed')
    // The question stays in the conversation.
    within(screen.getByRole('log')).getByText('What regions exist?')
    const alert = failure.closest('[role="alert"]') as HTMLElement
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await within(screen.getByRole('log')).findByText(replyTo('What regions exist?'))
    expect(screen.queryByText('AI chat completion failed')).toBeNull()
    const bodies = stub.callsTo('POST /ai/chat').map((call) => call.body)
    expect(bodies[1]).toEqual(bodies[0])
  })

  it('tells how long to wait when the model runtime is busy', async () => {
    // The stub's documented 503, with its Retry-After of 30 seconds.
    stub.prefer('POST /ai/chat', 'code=503')
    await renderPage(<AssistantPanel />)
    ask('Hello')
    const busy = await screen.findByText('The assistant is busy. Please try again in 30 seconds.')
    expect(busy.closest('[role="alert"]')).not.toBeNull()
  })

  it("without the model list it says 'Failed to fetch AI models', and still chats with the default model (ENV-3)", async () => {
    // A transient failure is retried once: both reads fail.
    stub.prefer('GET /ai/models', 'code=500', 2)
    await renderPage(<AssistantPanel />)
    const failure = await screen.findByText('Failed to fetch AI models')
    expect(failure.closest('[role="alert"]')).not.toBeNull()
    ask('Hello')
    await within(screen.getByRole('log')).findByText(replyTo('Hello'))
    expect(stub.callsTo('POST /ai/chat')[0]?.body).toEqual({
      messages: [{ role: 'user', content: 'Hello' }],
    })
  })

  it('New conversation starts over', async () => {
    await renderPage(<AssistantPanel />)
    ask('First question')
    await screen.findByText(replyTo('First question'))
    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }))
    expect(screen.queryByText(replyTo('First question'))).toBeNull()
    expect(screen.getByRole('button', { name: 'Which template should I use for a Go service?' }))
  })
})
