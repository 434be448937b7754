import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Captcha, CaptchaState } from './captcha'
import {
  CAPTCHA_MAX_ATTEMPTS,
  CAPTCHA_STATUS_NOTICES,
  captchaAttemptsLeft,
  captchaReducer,
  createCaptcha,
  initialCaptchaState,
  parseCaptchaInput,
  shouldAutoCheck,
} from './captcha'
import { en } from './messages/en'

const sequence = (...values: number[]) => {
  let index = 0
  return () => values[index++ % values.length] ?? 0
}

const puzzle: Captcha = { a: 7, b: 12, challenge: '7+12=?', answer: 19 }
const nextPuzzle: Captcha = { a: 5, b: 5, challenge: '5+5=?', answer: 10 }

describe('createCaptcha', () => {
  // CAPTCHA-1: two numbers summed.
  it('draws two numbers from the random source and shows them as a sum', () => {
    expect(createCaptcha(sequence(0.5, 0.1))).toEqual({
      a: 12,
      b: 6,
      challenge: '12+6=?',
      answer: 18,
    })
  })

  // CAPTCHA-1: each number from 5 to 19.
  it('spans exactly 5 to 19', () => {
    expect(createCaptcha(() => 0)).toMatchObject({ a: 5, b: 5, answer: 10 })
    expect(createCaptcha(() => 0.9999999)).toMatchObject({ a: 19, b: 19, answer: 38 })
    const seen = new Set<number>()
    for (let step = 0; step < 15; step += 1) seen.add(createCaptcha(() => step / 15).a)
    expect([...seen].sort((x, y) => x - y)).toEqual([
      5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ])
  })

  it('stays in range even when the random source misbehaves', () => {
    for (const value of [1, 1.5, -0.5, Number.NaN]) {
      const { a, b } = createCaptcha(() => value)
      expect(a).toBeGreaterThanOrEqual(5)
      expect(a).toBeLessThanOrEqual(19)
      expect(b).toBeGreaterThanOrEqual(5)
      expect(b).toBeLessThanOrEqual(19)
    }
  })

  it('always gives integers 5..19 whose sum is the answer, for any random in [0, 1)', () => {
    const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })
    fc.assert(
      fc.property(unit, unit, (first, second) => {
        const captcha = createCaptcha(sequence(first, second))
        for (const n of [captcha.a, captcha.b]) {
          expect(Number.isInteger(n)).toBe(true)
          expect(n).toBeGreaterThanOrEqual(5)
          expect(n).toBeLessThanOrEqual(19)
        }
        expect(captcha.answer).toBe(captcha.a + captcha.b)
        expect(captcha.challenge).toBe(`${captcha.a}+${captcha.b}=?`)
      }),
    )
  })
})

// CAPTCHA-1: the answer is a number from 0 to 99.
describe('parseCaptchaInput', () => {
  it.each([
    ['0', 0],
    ['7', 7],
    ['99', 99],
    [' 19 ', 19],
    ['019', 19],
    [42, 42],
  ])('accepts %j as %i', (input, expected) => {
    expect(parseCaptchaInput(input)).toBe(expected)
  })

  it.each([
    '',
    ' ',
    '100',
    '-1',
    '1.5',
    '1e1',
    '0x10',
    'abc',
    '1 2',
    '+5',
    100,
    -1,
    1.5,
    Number.NaN,
  ])('rejects %j', (input) => {
    expect(parseCaptchaInput(input)).toBeNull()
  })
})

describe('shouldAutoCheck', () => {
  it('fires only for a correct two-digit answer', () => {
    expect(shouldAutoCheck('19', puzzle)).toBe(true)
    expect(shouldAutoCheck(' 19', puzzle)).toBe(true)
    expect(shouldAutoCheck('18', puzzle)).toBe(false)
    expect(shouldAutoCheck('1', puzzle)).toBe(false)
    expect(shouldAutoCheck('019', puzzle)).toBe(false)
  })
})

describe('captchaReducer', () => {
  const start = initialCaptchaState(puzzle)
  const wrong = (state: CaptchaState) =>
    captchaReducer(state, { type: 'answer-submitted', answer: 1, now: 0 })
  const newPuzzle = (state: CaptchaState) =>
    captchaReducer(state, { type: 'new-puzzle', captcha: nextPuzzle })

  it('starts as a fresh puzzle', () => {
    expect(start).toEqual({
      status: 'puzzle',
      captcha: puzzle,
      attempts: 0,
      message: null,
      newPuzzleDue: false,
      result: null,
    })
    expect(captchaAttemptsLeft(start)).toBe(3)
  })

  // CAPTCHA-1: the result records 'a+b=sum', the answer and the time.
  it('verifies a correct answer with the challenge, answer and time', () => {
    const state = captchaReducer(start, { type: 'answer-submitted', answer: 19, now: 1234 })
    expect(state.status).toBe('verified')
    expect(state.message).toBe('captcha.success')
    expect(state.result).toEqual({ challenge: '7+12=19', answer: 19, timestamp: 1234 })
    expect(en[state.message ?? 'captcha.failed']).toBe('Verification successful!')
  })

  it('counts a wrong answer and asks for a new puzzle', () => {
    const state = wrong(start)
    expect(state).toMatchObject({
      status: 'puzzle',
      attempts: 1,
      message: 'captcha.incorrect',
      newPuzzleDue: true,
      result: null,
    })
    expect(captchaAttemptsLeft(state)).toBe(2)
  })

  it('ignores answers to the outdated puzzle until the new one arrives', () => {
    const waiting = wrong(start)
    expect(captchaReducer(waiting, { type: 'answer-submitted', answer: 19, now: 0 })).toBe(waiting)
    const fresh = newPuzzle(waiting)
    expect(fresh).toMatchObject({ captcha: nextPuzzle, attempts: 1, newPuzzleDue: false })
    expect(captchaReducer(fresh, { type: 'answer-submitted', answer: 10, now: 5 }).status).toBe(
      'verified',
    )
  })

  it('fails on the third wrong answer, not before', () => {
    const twice = newPuzzle(wrong(newPuzzle(wrong(start))))
    expect(twice.status).toBe('puzzle')
    expect(twice.attempts).toBe(2)
    const thrice = wrong(twice)
    expect(thrice).toMatchObject({
      status: 'failed',
      attempts: CAPTCHA_MAX_ATTEMPTS,
      message: 'captcha.tooManyAttempts',
      newPuzzleDue: false,
    })
    expect(captchaAttemptsLeft(thrice)).toBe(0)
  })

  it('stays failed: no new puzzle, no answers, until reset', () => {
    const failed = wrong(newPuzzle(wrong(newPuzzle(wrong(start)))))
    expect(newPuzzle(failed)).toBe(failed)
    expect(captchaReducer(failed, { type: 'answer-submitted', answer: 10, now: 0 })).toBe(failed)
    expect(captchaReducer(failed, { type: 'reset', captcha: nextPuzzle })).toEqual(
      initialCaptchaState(nextPuzzle),
    )
  })

  it('stays verified against further answers, and a reset starts over', () => {
    const verified = captchaReducer(start, { type: 'answer-submitted', answer: 19, now: 0 })
    expect(wrong(verified)).toBe(verified)
    expect(newPuzzle(verified)).toBe(verified)
    expect(captchaReducer(verified, { type: 'reset', captcha: nextPuzzle }).status).toBe('puzzle')
  })
})

describe('captcha constants and notices', () => {
  it('names the outcomes with their required texts (CAPTCHA-3)', () => {
    expect(en[CAPTCHA_STATUS_NOTICES.verified]).toBe('Human verification completed')
    expect(en[CAPTCHA_STATUS_NOTICES.failed]).toBe('Human verification failed. Please try again.')
    expect(en['captcha.incorrect']).toBe('Incorrect answer. Please try again.')
    expect(en['captcha.tooManyAttempts']).toBe(
      'Too many incorrect captcha attempts. Please refresh the page and try again.',
    )
  })
})
