import type { MessageCode, MessageCodeSubset } from './messages/en'
import { isInteger } from './numbers'

export const CAPTCHA_MIN_NUMBER = 5
export const CAPTCHA_MAX_NUMBER = 19
export const CAPTCHA_MAX_ATTEMPTS = 3
export const CAPTCHA_MIN_INPUT = 0
export const CAPTCHA_MAX_INPUT = 99
export const CAPTCHA_CHECK_DELAY_MS = 300
export const CAPTCHA_AUTO_CHECK_DELAY_MS = 500
export const CAPTCHA_VERIFIED_EVENT_DELAY_MS = 800
export const CAPTCHA_NEW_PUZZLE_DELAY_MS = 1000

/** A puzzle: two numbers to add, shown as '7+12=?'. */
export type Captcha = { a: number; b: number; challenge: string; answer: number }

/** What a solved puzzle reports: 'a+b=sum', the answer given, and when. */
export type CaptchaResult = { challenge: string; answer: number; timestamp: number }

export type CaptchaStatus = 'puzzle' | 'verified' | 'failed'

export type CaptchaMessage = MessageCodeSubset<
  'captcha.success' | 'captcha.incorrect' | 'captcha.tooManyAttempts'
>

export type CaptchaState = {
  status: CaptchaStatus
  captcha: Captcha
  attempts: number
  message: CaptchaMessage | null
  /** Set after a wrong answer: the UI shows a new puzzle after CAPTCHA_NEW_PUZZLE_DELAY_MS. */
  newPuzzleDue: boolean
  result: CaptchaResult | null
}

// The new puzzle travels in the event: a reducer must not call random(), as React may run it twice.
export type CaptchaEvent =
  | { type: 'answer-submitted'; answer: number; now: number }
  | { type: 'new-puzzle'; captcha: Captcha }
  | { type: 'reset'; captcha: Captcha }

/** Human-verification outcomes for the form around the puzzle. */
export const CAPTCHA_STATUS_NOTICES = {
  verified: 'captcha.completed',
  failed: 'captcha.failed',
} as const satisfies Record<Exclude<CaptchaStatus, 'puzzle'>, MessageCode>

function randomNumber(random: () => number): number {
  const span = CAPTCHA_MAX_NUMBER - CAPTCHA_MIN_NUMBER + 1
  const step = Math.floor(random() * span)
  // Clamped, so a generator that returns exactly 1 (or garbage) still gives a legal number.
  const safeStep = Number.isFinite(step) ? Math.min(span - 1, Math.max(0, step)) : 0
  return CAPTCHA_MIN_NUMBER + safeStep
}

export function createCaptcha(random: () => number): Captcha {
  const a = randomNumber(random)
  const b = randomNumber(random)
  return { a, b, challenge: `${a}+${b}=?`, answer: a + b }
}

export function initialCaptchaState(captcha: Captcha): CaptchaState {
  return {
    status: 'puzzle',
    captcha,
    attempts: 0,
    message: null,
    newPuzzleDue: false,
    result: null,
  }
}

/** The answer box takes whole numbers 0 to 99; anything else is not an answer. */
export function parseCaptchaInput(input: string | number): number | null {
  const value = typeof input === 'number' ? input : parseDigits(input)
  if (!isInteger(value)) return null
  return value >= CAPTCHA_MIN_INPUT && value <= CAPTCHA_MAX_INPUT ? value : null
}

function parseDigits(input: string): number | null {
  const trimmed = input.trim()
  return /^\d{1,3}$/.test(trimmed) ? Number(trimmed) : null
}

/** A correct two-digit answer checks itself (after CAPTCHA_AUTO_CHECK_DELAY_MS). */
export function shouldAutoCheck(input: string, captcha: Captcha): boolean {
  const trimmed = input.trim()
  return trimmed.length === 2 && parseCaptchaInput(trimmed) === captcha.answer
}

export function captchaAttemptsLeft(state: CaptchaState): number {
  return Math.max(0, CAPTCHA_MAX_ATTEMPTS - state.attempts)
}

export function captchaReducer(state: CaptchaState, event: CaptchaEvent): CaptchaState {
  switch (event.type) {
    case 'answer-submitted': {
      // Answers to a finished or outdated puzzle are ignored.
      if (state.status !== 'puzzle' || state.newPuzzleDue) return state
      if (event.answer === state.captcha.answer) {
        return {
          ...state,
          status: 'verified',
          message: 'captcha.success',
          result: {
            challenge: `${state.captcha.a}+${state.captcha.b}=${state.captcha.answer}`,
            answer: event.answer,
            timestamp: event.now,
          },
        }
      }
      const attempts = state.attempts + 1
      if (attempts >= CAPTCHA_MAX_ATTEMPTS) {
        return { ...state, status: 'failed', attempts, message: 'captcha.tooManyAttempts' }
      }
      return { ...state, attempts, message: 'captcha.incorrect', newPuzzleDue: true }
    }
    case 'new-puzzle':
      if (state.status !== 'puzzle') return state
      return { ...state, captcha: event.captcha, newPuzzleDue: false }
    case 'reset':
      return initialCaptchaState(event.captcha)
  }
}
