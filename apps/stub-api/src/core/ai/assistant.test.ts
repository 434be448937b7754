import { PLANS } from '@devenv/domain/plans'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AI_MODELS, answerChat, countTokens } from './assistant'

const model = AI_MODELS[0]
const regions = ['eu-central', 'us-east', 'asia-southeast']
const ask = (content: string) => answerChat([{ role: 'user', content }], model, regions)

describe('countTokens', () => {
  it('counts about 1.3 tokens per word, rounded', () => {
    expect(countTokens('')).toBe(0)
    expect(countTokens('one')).toBe(1)
    expect(countTokens('one two three four five six seven eight nine ten')).toBe(13)
    expect(countTokens('  spaced   out  ')).toBe(3)
  })
})

describe('answerChat', () => {
  it('answers prices from the plans of the domain', () => {
    const { content } = ask('How much does it cost?')
    for (const plan of PLANS) expect(content).toContain(`${plan.name} $${plan.price}`)
  })

  it('explains how to create an environment, with the regions', () => {
    const { content } = ask('How do I create a new environment?')
    expect(content).toContain('/admin')
    expect(content).toContain('eu-central, us-east and asia-southeast')
  })

  it('summarises the question it answers', () => {
    expect(
      ask('Tell me about templates').content.startsWith('You asked: "Tell me about templates"'),
    ).toBe(true)
  })

  it('answers the last user message, not the system prompt', () => {
    const { content } = answerChat(
      [
        { role: 'system', content: 'You talk about pricing.' },
        { role: 'user', content: 'Which regions are there?' },
      ],
      model,
      regions,
    )
    expect(content).toContain('Environments run in these regions')
    expect(content).not.toContain('Plans (USD per month)')
  })

  it('is deterministic and counts its own usage for any conversation', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            role: fc.constantFrom('system' as const, 'user' as const, 'assistant' as const),
            content: fc.string({ minLength: 1, maxLength: 200 }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        (messages) => {
          const first = answerChat(messages, model, regions)
          expect(answerChat(messages, model, regions)).toEqual(first)
          expect(first.usage.completionTokens).toBe(countTokens(first.content))
          expect(first.usage.totalTokens).toBe(
            first.usage.promptTokens + first.usage.completionTokens,
          )
          expect(first.content.length).toBeLessThanOrEqual(32000)
        },
      ),
    )
  })
})
