import {
  forgotPasswordFailureNotice,
  resendResetEmailFailureNotice,
} from '@devenv/domain/api-failures'
import {
  type ForgotPasswordError,
  normalizeEmail,
  shouldShowForgotPasswordCaptcha,
  validateForgotPassword,
} from '@devenv/domain/validation'
import { useEffect, useId, useRef, useState } from 'react'
import { FormAlert, SubmitButton } from '../../../components/form/form-fields'
import type { AuthModalType } from '../../../config/ui'
import { notify } from '../../../lib/notify'
import { apiFailureOf, noticeMessage } from '../api/failures'
import { useRequestPasswordReset } from '../api/request-password-reset'
import { domainResolver } from '../domain-resolver'
import { authMessages } from '../messages'
import { EmailField, useAuthForm } from './auth-form'

type ForgotValues = { email: string; captchaVerified: boolean }

const resolver = domainResolver<ForgotValues, ForgotPasswordError>(validateForgotPassword, {
  'validation.emailRequired': 'email',
  'validation.emailInvalid': 'email',
  'validation.captchaRequired': 'captchaVerified',
})

/** Forgot password: the form, then 'Email Sent!' with Resend and Back to login (RESET-1). */
export function ForgotPasswordForm({ onSwitch }: { onSwitch: (type: AuthModalType) => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null)
  return sentTo === null ? (
    <ResetRequestForm onSent={setSentTo} onSwitch={onSwitch} />
  ) : (
    <EmailSent email={sentTo} onSwitch={onSwitch} />
  )
}

function ResetRequestForm({
  onSent,
  onSwitch,
}: {
  onSent: (email: string) => void
  onSwitch: (type: AuthModalType) => void
}) {
  const id = useId()
  const requestReset = useRequestPasswordReset().mutateAsync
  const { t, form, failure, setFailure, errorText, submitWith, newCaptchaRound, captchaField } =
    useAuthForm<ForgotValues>({ defaultValues: { email: '', captchaVerified: false }, resolver })
  const { errors, isSubmitting } = form.formState
  const email = form.watch('email')
  const showCaptcha = shouldShowForgotPasswordCaptcha(email)

  // The puzzle belongs to an address with an '@': removing it takes a solved puzzle away too.
  useEffect(() => {
    if (!showCaptcha) form.setValue('captchaVerified', false)
  }, [showCaptcha, form])

  const onSubmit = submitWith(async (values) => {
    setFailure(null)
    const email = normalizeEmail(values.email)
    try {
      await requestReset(email)
      void notify('success', t('forgot.success'))
      onSent(email)
    } catch (error) {
      setFailure({ text: noticeMessage(t, forgotPasswordFailureNotice(apiFailureOf(error))) })
      newCaptchaRound()
    }
  })

  return (
    <form className="form auth-form" noValidate onSubmit={onSubmit}>
      <p className="auth-form__intro">{t('authForm.forgot.intro')}</p>
      <EmailField
        id={`${id}-email`}
        autoComplete="email"
        registration={form.register('email')}
        error={errorText(errors.email?.message)}
      />
      {showCaptcha ? captchaField() : null}
      <FormAlert message={failure} takeFocus />
      <SubmitButton busy={isSubmitting}>
        {isSubmitting ? t('authForm.forgot.sending') : t('auth.sendResetLink')}
      </SubmitButton>
      <p className="auth-form__switch">
        <button type="button" className="link-button" onClick={() => onSwitch('login')}>
          {t('auth.backToLogin')}
        </button>
      </p>
    </form>
  )
}

type ResendOutcome = { ok: boolean; text: string } | null

function EmailSent({
  email,
  onSwitch,
}: {
  email: string
  onSwitch: (type: AuthModalType) => void
}) {
  const t = authMessages.useT()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const requestReset = useRequestPasswordReset().mutateAsync
  const [resending, setResending] = useState(false)
  const [outcome, setOutcome] = useState<ResendOutcome>(null)

  // The form that had the focus is gone: the new heading takes it, so it is read out.
  useEffect(() => {
    headingRef.current?.focus()
  }, [])

  const resend = async () => {
    if (resending) return
    setResending(true)
    setOutcome(null)
    try {
      // Resend repeats the request (RESET-1), with the same address.
      await requestReset(email)
      setOutcome({ ok: true, text: t('forgot.resendSuccess') })
    } catch (error) {
      setOutcome({
        ok: false,
        text: noticeMessage(t, resendResetEmailFailureNotice(apiFailureOf(error))),
      })
    } finally {
      setResending(false)
    }
  }

  return (
    <div className="auth-sent">
      <h3 ref={headingRef} tabIndex={-1} className="auth-sent__title" data-autofocus>
        {t('auth.emailSent')}
      </h3>
      <p>{t('auth.emailSentTo', { email })}</p>
      <p className="muted">{t('authForm.forgot.notReceived')}</p>
      <div role="status" className="auth-form__success-region">
        {outcome?.ok ? <p className="auth-form__success">{outcome.text}</p> : null}
      </div>
      <FormAlert message={outcome && !outcome.ok ? outcome : null} />
      <div className="auth-sent__actions">
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={resending || undefined}
          aria-busy={resending || undefined}
          onClick={() => void resend()}
        >
          {resending ? t('authForm.forgot.resending') : t('auth.resendEmail')}
        </button>
        <button type="button" className="link-button" onClick={() => onSwitch('login')}>
          {t('auth.backToLogin')}
        </button>
      </div>
    </div>
  )
}
