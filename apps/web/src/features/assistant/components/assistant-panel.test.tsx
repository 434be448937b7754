import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, json, type RecordedCall, renderPage } from '../../../testing/fake-api'
import { AssistantPanel } from './assistant-panel'

const MODELS = {
  items: [
    { id: 'qwen2.5-coder-7b', name: 'Qwen2.5 Coder 7B', contextWindow: 32768 },
    { id: 'llama-3.1-8b-instruct', name: 'Llama 3.1 8B Instruct', contextWindow: 131072 },
  ],
}

const reply = (content: string, model = 'qwen2.5-coder-7b') =>
  json(200, {
    model,
    message: { role: 'assistant', content },
    usage: { promptTokens: 10, completionTokens: 20, totalTokens: 30 },
  })

const question = () => screen.getByRole('textbox', { name: 'Your question' })

function ask(text: string) {
  fireEvent.change(question(), { target: { value: text } })
  fireEvent.keyDown(question(), { key: 'Enter' })
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('AssistantPanel', () => {
  it('lists the models with the first chosen, and sends the whole conversation each time', async () => {
    const api = fakeApi({
      'GET /ai/models': json(200, MODELS),
      'POST /ai/chat': [reply('Use the go-1.23 template.'), reply('Professional has 4 vCPU.')],
    })
    await renderPage(<AssistantPanel />)
    const model = (await screen.findByRole('combobox', { name: 'Model' })) as HTMLSelectElement
    await waitFor(() => expect(model.value).toBe('qwen2.5-coder-7b'))
    expect(
      within(model)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Qwen2.5 Coder 7B (32,768 tokens)', 'Llama 3.1 8B Instruct (131,072 tokens)'])

    ask('Which template for Go?')
    const log = screen.getByRole('log', { name: 'Conversation' })
    expect(await within(log).findByText('Use the go-1.23 template.')).toBeTruthy()
    expect(within(log).getByText('Which template for Go?')).toBeTruthy()
    expect(within(log).getByText('Qwen2.5 Coder 7B · 30 tokens')).toBeTruthy()
    expect((question() as HTMLTextAreaElement).value).toBe('')

    fireEvent.change(model, { target: { value: 'llama-3.1-8b-instruct' } })
    ask('And the Professional plan?')
    expect(await within(log).findByText('Professional has 4 vCPU.')).toBeTruthy()
    const sent = api.callsTo('POST /ai/chat').map((call: RecordedCall) => call.body)
    expect(sent[0]).toEqual({
      model: 'qwen2.5-coder-7b',
      messages: [{ role: 'user', content: 'Which template for Go?' }],
    })
    expect(sent[1]).toEqual({
      model: 'llama-3.1-8b-instruct',
      messages: [
        { role: 'user', content: 'Which template for Go?' },
        { role: 'assistant', content: 'Use the go-1.23 template.' },
        { role: 'user', content: 'And the Professional plan?' },
      ],
    })
  })

  it('renders what the model writes as text, never as markup', async () => {
    fakeApi({
      'GET /ai/models': json(200, MODELS),
      'POST /ai/chat': reply('<img src=x onerror="alert(1)"><b>bold</b>'),
    })
    await renderPage(<AssistantPanel />)
    ask('Hi')
    const log = screen.getByRole('log')
    expect(await within(log).findByText('<img src=x onerror="alert(1)"><b>bold</b>')).toBeTruthy()
    expect(log.querySelector('img, b')).toBeNull()
  })

  it('Shift+Enter keeps writing; a blank question is not sent', async () => {
    const api = fakeApi({ 'GET /ai/models': json(200, MODELS), 'POST /ai/chat': reply('ok') })
    await renderPage(<AssistantPanel />)
    fireEvent.change(question(), { target: { value: 'line one' } })
    fireEvent.keyDown(question(), { key: 'Enter', shiftKey: true })
    ask('   ')
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true)
    expect(api.callsTo('POST /ai/chat')).toHaveLength(0)
  })

  it('says when the chat fails, keeps the question, and Try again resends it', async () => {
    const api = fakeApi({
      'GET /ai/models': json(200, MODELS),
      'POST /ai/chat': [json(500, { message: 'Internal error' }), reply('Here you are.')],
    })
    await renderPage(<AssistantPanel />)
    await screen.findByRole('option', { name: /Qwen2.5 Coder 7B/ })
    ask('What regions exist?')
    const failure = await screen.findByText('AI chat completion failed')
    expect(within(screen.getByRole('log')).getByText('What regions exist?')).toBeTruthy()
    const alert = failure.closest('[role="alert"]') as HTMLElement
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Here you are.')).toBeTruthy()
    expect(screen.queryByText('AI chat completion failed')).toBeNull()
    const bodies = api.callsTo('POST /ai/chat').map((call) => call.body)
    expect(bodies[1]).toEqual(bodies[0])
  })

  it('tells how long to wait when the model runtime is busy', async () => {
    fakeApi({
      'GET /ai/models': json(200, MODELS),
      'POST /ai/chat': json(503, { message: 'Busy' }, { 'Retry-After': '30' }),
    })
    await renderPage(<AssistantPanel />)
    ask('Hello')
    expect(
      await screen.findByText('The assistant is busy. Please try again in 30 seconds.'),
    ).toBeTruthy()
  })

  it('without the model list it says so, and still chats with the default model', async () => {
    const api = fakeApi({
      'GET /ai/models': json(500, { message: 'Internal error' }),
      'POST /ai/chat': reply('Default model here.'),
    })
    await renderPage(<AssistantPanel />)
    expect(await screen.findByText('Failed to fetch AI models')).toBeTruthy()
    ask('Hello')
    expect(await screen.findByText('Default model here.')).toBeTruthy()
    expect(api.callsTo('POST /ai/chat')[0]?.body).toEqual({
      messages: [{ role: 'user', content: 'Hello' }],
    })
  })

  it('New conversation starts over', async () => {
    fakeApi({ 'GET /ai/models': json(200, MODELS), 'POST /ai/chat': reply('First answer.') })
    await renderPage(<AssistantPanel />)
    ask('First question')
    await screen.findByText('First answer.')
    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }))
    expect(screen.queryByText('First answer.')).toBeNull()
    expect(screen.getByRole('button', { name: 'Which template should I use for a Go service?' }))
  })
})
