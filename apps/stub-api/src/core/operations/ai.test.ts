import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startTestStub, type TestStub, USER } from '../test-support'

let stub: TestStub
let token: string
beforeEach(async () => {
  stub = await startTestStub()
  token = (await stub.signIn(USER.email, USER.password)).access_token
})
afterEach(async () => {
  await stub.close()
})

const question = { messages: [{ role: 'user', content: 'Which plan has a GPU?' }] }

describe('GET /ai/models', () => {
  it('lists the local models, the default first', async () => {
    const answer = await stub.call({ url: '/api/ai/models', token })
    expect(answer.statusCode).toBe(200)
    expect(answer.json().items[0]).toEqual({
      id: 'qwen2.5-coder-7b',
      name: 'Qwen2.5 Coder 7B',
      contextWindow: 32768,
    })
    expect((await stub.call({ url: '/api/ai/models' })).statusCode).toBe(401)
  })
})

describe('POST /ai/chat', () => {
  it('answers with the default model, a useful deterministic answer and token usage', async () => {
    const first = await stub.call({ url: '/api/ai/chat', token, body: question })
    expect(first.statusCode).toBe(200)
    const completion = first.json()
    expect(completion.model).toBe('qwen2.5-coder-7b')
    expect(completion.message.role).toBe('assistant')
    expect(completion.message.content).toContain('Enterprise')
    expect(completion.usage.promptTokens).toBe(Math.round(5 * 1.3))
    expect(completion.usage.totalTokens).toBe(
      completion.usage.promptTokens + completion.usage.completionTokens,
    )
    const second = await stub.call({ url: '/api/ai/chat', token, body: question })
    expect(second.json()).toEqual(completion)
  })

  it('uses the chosen model and refuses an unknown one under errors.model', async () => {
    const chosen = await stub.call({
      url: '/api/ai/chat',
      token,
      body: { ...question, model: 'mistral-7b-instruct' },
    })
    expect(chosen.json().model).toBe('mistral-7b-instruct')
    const unknown = await stub.call({
      url: '/api/ai/chat',
      token,
      body: { ...question, model: 'gpt-9' },
    })
    expect(unknown.statusCode).toBe(400)
    expect(Object.keys(unknown.json().errors)).toEqual(['model'])
  })

  it('names the offending message field with a dotted path', async () => {
    const answer = await stub.call({
      url: '/api/ai/chat',
      token,
      body: { messages: [{ role: 'user', content: '' }] },
    })
    expect(answer.json().errors).toEqual({ 'messages.0.content': 'Must not be empty' })
  })

  it('allows 30 completions per user per minute', async () => {
    for (let index = 0; index < 30; index++) {
      expect((await stub.call({ url: '/api/ai/chat', token, body: question })).statusCode).toBe(200)
    }
    const limited = await stub.call({ url: '/api/ai/chat', token, body: question })
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60)
  })

  it('answers 401 without a token', async () => {
    expect((await stub.call({ url: '/api/ai/chat', body: question })).statusCode).toBe(401)
  })
})
