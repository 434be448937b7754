import { describe, expect, it } from 'vitest'
import {
  CHAT_HISTORY_LIMIT,
  type ChatTurn,
  chatRequestMessages,
  isSendableQuestion,
  modelName,
} from './conversation'

const turn = (index: number): ChatTurn =>
  index % 2 === 0
    ? { id: index, role: 'user', content: `question ${index}` }
    : { id: index, role: 'assistant', content: `answer ${index}`, model: 'm', totalTokens: 3 }

describe('conversation', () => {
  it('sends role and content only, newest 50 messages at most', () => {
    expect(chatRequestMessages([turn(0), turn(1)])).toEqual([
      { role: 'user', content: 'question 0' },
      { role: 'assistant', content: 'answer 1' },
    ])
    const long = Array.from({ length: 61 }, (_, index) => turn(index))
    const sent = chatRequestMessages(long)
    expect(sent).toHaveLength(CHAT_HISTORY_LIMIT)
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'question 60' })
    expect(sent[0]).toEqual({ role: 'assistant', content: 'answer 11' })
  })

  it('sends a question that is not blank and within 8000 characters', () => {
    expect(isSendableQuestion('  \n ')).toBe(false)
    expect(isSendableQuestion('Which region?')).toBe(true)
    expect(isSendableQuestion('x'.repeat(8000))).toBe(true)
    expect(isSendableQuestion('x'.repeat(8001))).toBe(false)
  })

  it('names a model by its display name, else its id', () => {
    const models = [{ id: 'qwen2.5-coder-7b', name: 'Qwen2.5 Coder 7B', contextWindow: 32768 }]
    expect(modelName(models, 'qwen2.5-coder-7b')).toBe('Qwen2.5 Coder 7B')
    expect(modelName(undefined, 'qwen2.5-coder-7b')).toBe('qwen2.5-coder-7b')
  })
})
