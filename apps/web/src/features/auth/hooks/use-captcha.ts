import {
  CAPTCHA_AUTO_CHECK_DELAY_MS,
  CAPTCHA_CHECK_DELAY_MS,
  CAPTCHA_NEW_PUZZLE_DELAY_MS,
  CAPTCHA_VERIFIED_EVENT_DELAY_MS,
  type CaptchaResult,
  type CaptchaState,
  captchaReducer,
  createCaptcha,
  initialCaptchaState,
  parseCaptchaInput,
  shouldAutoCheck,
} from '@devenv/domain/captcha'
import { useCallback, useEffect, useReducer, useRef, useState } from 'react'

export type CaptchaOptions = {
  onVerified: (result: CaptchaResult) => void
  onFailed?: (() => void) | undefined
  /** Injected so that tests know the puzzle; Math.random in the site. */
  random?: (() => number) | undefined
  now?: (() => number) | undefined
}

export type CaptchaController = {
  state: CaptchaState
  input: string
  /** The 0.3 s between asking for a check and its verdict. */
  checking: boolean
  /** The verified event has been emitted (0.8 s after the correct answer). */
  completed: boolean
  /** The last check was asked with something that is not a number from 0 to 99. */
  inputRejected: boolean
  /** Answers are taken: a puzzle is shown, no check is running, no new puzzle is due. */
  accepting: boolean
  setInput(value: string): void
  check(): void
}

type Timer = ReturnType<typeof setTimeout> | undefined

/**
 * The human-verification puzzle over the domain's reducer, with CAPTCHA-2's timings: a check gives
 * its verdict after 0.3 s; a correct two-digit answer checks itself 0.5 s after it is typed; the
 * verified event follows a correct verdict by 0.8 s; a wrong answer brings a new puzzle after 1 s;
 * the third wrong answer fails the verification.
 */
export function useCaptcha(options: CaptchaOptions): CaptchaController {
  const latest = useRef(options)
  latest.current = options
  const [state, dispatch] = useReducer(captchaReducer, undefined, () =>
    initialCaptchaState(createCaptcha(options.random ?? Math.random)),
  )
  const [input, setInputValue] = useState('')
  const [checking, setChecking] = useState(false)
  const [completed, setCompleted] = useState(false)
  const [inputRejected, setInputRejected] = useState(false)
  const checkTimer = useRef<Timer>(undefined)
  const autoCheckTimer = useRef<Timer>(undefined)
  const accepting = state.status === 'puzzle' && !state.newPuzzleDue && !checking

  const cancelAutoCheck = () => {
    clearTimeout(autoCheckTimer.current)
    autoCheckTimer.current = undefined
  }

  const submit = useCallback((answer: number) => {
    clearTimeout(autoCheckTimer.current)
    autoCheckTimer.current = undefined
    if (checkTimer.current !== undefined) return
    setChecking(true)
    checkTimer.current = setTimeout(() => {
      checkTimer.current = undefined
      setChecking(false)
      dispatch({ type: 'answer-submitted', answer, now: (latest.current.now ?? Date.now)() })
    }, CAPTCHA_CHECK_DELAY_MS)
  }, [])

  const setInput = (value: string) => {
    // A numeric box for 0 to 99: digits only, two at most.
    const digits = value.replace(/\D/g, '').slice(0, 2)
    setInputValue(digits)
    setInputRejected(false)
    cancelAutoCheck()
    if (accepting && shouldAutoCheck(digits, state.captcha)) {
      const answer = state.captcha.answer
      autoCheckTimer.current = setTimeout(() => submit(answer), CAPTCHA_AUTO_CHECK_DELAY_MS)
    }
  }

  const check = () => {
    if (!accepting) return
    const answer = parseCaptchaInput(input)
    if (answer === null) {
      setInputRejected(true)
      return
    }
    submit(answer)
  }

  // A wrong answer: the next puzzle comes after a second, with an empty box.
  useEffect(() => {
    if (!state.newPuzzleDue) return
    const timer = setTimeout(() => {
      dispatch({ type: 'new-puzzle', captcha: createCaptcha(latest.current.random ?? Math.random) })
      setInputValue('')
    }, CAPTCHA_NEW_PUZZLE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [state.newPuzzleDue])

  // A correct answer: the verified event 0.8 s later.
  useEffect(() => {
    const result = state.result
    if (state.status !== 'verified' || !result) return
    const timer = setTimeout(() => {
      setCompleted(true)
      latest.current.onVerified(result)
    }, CAPTCHA_VERIFIED_EVENT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [state.status, state.result])

  useEffect(() => {
    if (state.status === 'failed') latest.current.onFailed?.()
  }, [state.status])

  useEffect(
    () => () => {
      clearTimeout(checkTimer.current)
      clearTimeout(autoCheckTimer.current)
      checkTimer.current = undefined
      autoCheckTimer.current = undefined
    },
    [],
  )

  return { state, input, checking, completed, inputRejected, accepting, setInput, check }
}
