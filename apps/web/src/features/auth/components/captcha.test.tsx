import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Captcha } from './captcha'

const NOW = new Date('2026-03-02T09:00:00Z').getTime()

/** A random() that answers the given values in turn: 0.14 -> 7, 0.47 -> 12, 0 -> 5, 0.99 -> 19. */
function sequence(...values: number[]): () => number {
  let index = 0
  return () => values[index++ % values.length] ?? 0
}

function renderCaptcha(random = sequence(0.14, 0.47, 0, 0.99, 0.14, 0.14, 0, 0)) {
  const onVerified = vi.fn()
  const onFailed = vi.fn()
  render(<Captcha onVerified={onVerified} onFailed={onFailed} random={random} />)
  const answer = () => screen.getByRole('textbox') as HTMLInputElement
  /** The puzzle's question: the answer box's label. */
  const question = () => answer().labels?.[0]?.textContent
  const status = () => screen.getByRole('status').textContent
  const type = (value: string) => fireEvent.change(answer(), { target: { value } })
  const verify = () => fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms))
  return { onVerified, onFailed, answer, question, status, type, verify, wait }
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('Captcha', () => {
  it('asks for the sum, labelled, in a group named Human Verification', () => {
    const captcha = renderCaptcha()
    const group = screen.getByRole('group', { name: 'Human Verification' })
    expect(group.contains(captcha.answer())).toBe(true)
    expect(captcha.question()).toBe('What is 7 + 12?')
    expect(captcha.answer().getAttribute('inputmode')).toBe('numeric')
  })

  it("sums two numbers from 5 to 19, and records 'a+b=sum', the answer and the time (CAPTCHA-1)", () => {
    // The lowest and the highest random() can give make the smallest and the largest number.
    const captcha = renderCaptcha(sequence(0, 0.999_999))
    expect(captcha.question()).toBe('What is 5 + 19?')
    captcha.type('24')
    // The automatic check, its verdict, the event: each timer is set once the one before it ran.
    captcha.wait(500)
    captcha.wait(300)
    captcha.wait(800)
    expect(captcha.onVerified).toHaveBeenCalledWith({
      challenge: '5+19=24',
      answer: 24,
      // The time of the verdict: 0.5 s to the check, 0.3 s to its verdict.
      timestamp: NOW + 800,
    })
  })

  it('a correct two-digit answer checks itself after 0.5 s; the verdict 0.3 s later; the event 0.8 s after (CAPTCHA-2)', () => {
    const captcha = renderCaptcha()
    captcha.type('19')
    captcha.wait(499)
    expect(captcha.status()).toBe('')
    captcha.wait(1)
    expect(captcha.status()).toBe('Checking...')
    captcha.wait(299)
    expect(captcha.status()).toBe('Checking...')
    captcha.wait(1)
    expect(captcha.status()).toBe('Verification successful!')
    expect(captcha.answer().readOnly).toBe(true)
    captcha.wait(799)
    expect(captcha.onVerified).not.toHaveBeenCalled()
    captcha.wait(1)
    expect(captcha.onVerified).toHaveBeenCalledWith({
      challenge: '7+12=19',
      answer: 19,
      timestamp: NOW + 800,
    })
    expect(captcha.status()).toBe('Human verification completed')
  })

  it('changing the answer before 0.5 s cancels the automatic check', () => {
    const captcha = renderCaptcha()
    captcha.type('19')
    captcha.wait(400)
    captcha.type('1')
    captcha.wait(2000)
    expect(captcha.status()).toBe('')
    expect(captcha.onVerified).not.toHaveBeenCalled()
  })

  it('Verify (or Enter) gives its verdict after 0.3 s; a wrong answer brings a new puzzle after 1 s (CAPTCHA-2)', () => {
    const captcha = renderCaptcha()
    captcha.type('20')
    captcha.wait(2000)
    // A wrong answer never checks itself.
    expect(captcha.status()).toBe('')
    // Enter checks; its default (submitting the form around the puzzle) is prevented.
    expect(fireEvent.keyDown(captcha.answer(), { key: 'Enter' })).toBe(false)
    captcha.wait(299)
    expect(captcha.status()).toBe('Checking...')
    captcha.wait(1)
    expect(captcha.status()).toBe('Incorrect answer. Please try again.')
    expect(captcha.answer().getAttribute('aria-invalid')).toBe('true')
    expect(captcha.answer().readOnly).toBe(true)
    captcha.wait(999)
    expect(captcha.question()).toBe('What is 7 + 12?')
    captcha.wait(1)
    expect(captcha.question()).toBe('What is 5 + 19?')
    expect(captcha.answer().value).toBe('')
    expect(captcha.answer().readOnly).toBe(false)
    captcha.type('24')
    captcha.wait(500)
    captcha.wait(300)
    captcha.wait(800)
    expect(captcha.onVerified).toHaveBeenCalledWith(
      expect.objectContaining({ challenge: '5+19=24', answer: 24 }),
    )
  })

  it('the third wrong answer fails the verification; nothing is taken after that (CAPTCHA-3)', () => {
    const captcha = renderCaptcha()
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      captcha.type('99')
      captcha.verify()
      captcha.wait(300)
      if (attempt < 3) captcha.wait(1000)
    }
    expect(captcha.status()).toBe(
      'Too many incorrect captcha attempts. Please refresh the page and try again.Human verification failed. Please try again.',
    )
    expect(captcha.onFailed).toHaveBeenCalledTimes(1)
    expect(captcha.answer().readOnly).toBe(true)
    expect(screen.getByRole('button', { name: 'Verify' }).getAttribute('aria-disabled')).toBe(
      'true',
    )
    captcha.verify()
    captcha.wait(5000)
    expect(captcha.onVerified).not.toHaveBeenCalled()
  })

  it('takes a number from 0 to 99: digits only, at most two; something else costs no attempt (CAPTCHA-1)', () => {
    const captcha = renderCaptcha()
    captcha.type('1a2b3')
    expect(captcha.answer().value).toBe('12')
    captcha.type('')
    captcha.verify()
    expect(captcha.status()).toBe('Enter a whole number from 0 to 99.')
    captcha.wait(2000)
    // Still the first puzzle and three attempts: the empty box was not counted.
    expect(captcha.question()).toBe('What is 7 + 12?')
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      captcha.type('99')
      captcha.verify()
      captcha.wait(1300)
    }
    expect(captcha.onFailed).not.toHaveBeenCalled()
  })
})
