import type { CaptchaResult } from '@devenv/domain/captcha'
import { type FocusEvent, useId } from 'react'
import { type CaptchaOptions, useCaptcha } from '../hooks/use-captcha'
import { authMessages } from '../messages'

type CaptchaProps = {
  onVerified: (result: CaptchaResult) => void
  onFailed?: () => void
  /** Leaving the answer box (the form may then say the verification is still missing). */
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void
  /** The form's error about the verification, already in the current language. */
  error?: string | undefined
  random?: CaptchaOptions['random']
}

/** The human-verification puzzle: a sum to solve, its verdicts in a polite live region. */
export function Captcha({ onVerified, onFailed, onBlur, error, random }: CaptchaProps) {
  const t = authMessages.useT()
  const captcha = useCaptcha({ onVerified, onFailed, random })
  const { state } = captcha
  const id = useId()
  const inputId = `${id}-answer`
  const instructionsId = `${id}-instructions`
  const statusId = `${id}-status`
  const errorId = `${id}-error`

  const messages: string[] = []
  if (captcha.completed) messages.push(t('captcha.completed'))
  else if (captcha.checking) messages.push(t('authForm.captcha.checking'))
  else if (captcha.inputRejected) messages.push(t('authForm.captcha.invalidInput'))
  else if (state.message) messages.push(t(state.message))
  if (state.status === 'failed') messages.push(t('captcha.failed'))

  const invalid = captcha.inputRejected || state.message === 'captcha.incorrect' || Boolean(error)
  const describedBy = [instructionsId, statusId, error ? errorId : null].filter(Boolean).join(' ')

  return (
    <fieldset className="captcha" data-status={captcha.completed ? 'completed' : state.status}>
      <legend>{t('captcha.label')}</legend>
      <p id={instructionsId} className="captcha__instructions">
        {t('authForm.captcha.instructions')}
      </p>
      <div className="captcha__row">
        <label htmlFor={inputId} className="captcha__question">
          {t('authForm.captcha.question', { a: state.captcha.a, b: state.captcha.b })}
        </label>
        <input
          id={inputId}
          className="captcha__answer"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={2}
          value={captcha.input}
          // Read-only rather than disabled: a disabled box would drop the keyboard focus.
          readOnly={!captcha.accepting}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => captcha.setInput(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter checks the answer; it must not submit the form around the puzzle.
            if (event.key !== 'Enter') return
            event.preventDefault()
            captcha.check()
          }}
          onBlur={onBlur}
        />
        <button
          type="button"
          className="button button--secondary captcha__check"
          aria-disabled={captcha.accepting ? undefined : true}
          onClick={captcha.check}
        >
          {t('captcha.check')}
        </button>
      </div>
      <div id={statusId} className="captcha__status" role="status">
        {messages.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
