import { signInFailureNotice } from '@devenv/domain/api-failures'
import {
  isLoginLocked,
  loginLockRemainingMs,
  recordLoginFailure,
  resetLoginLock,
} from '@devenv/domain/login-lock'
import { safeRedirect } from '@devenv/domain/redirect'
import { STORAGE_KEYS } from '@devenv/domain/session'
import { normalizeEmail, type SignInError, validateSignIn } from '@devenv/domain/validation'
import type { RegisteredRouter } from '@tanstack/react-router'
import { useEffect, useId, useState } from 'react'
import { FormAlert, SubmitButton } from '../../../components/form/form-fields'
import { TextField } from '../../../components/form/text-field'
import type { AuthModalType } from '../../../config/ui'
import { logEvent } from '../../../lib/event-log'
import { notify } from '../../../lib/notify'
import { loadSessionRuntime } from '../../../lib/session'
import { apiFailureOf, noticeMessage } from '../api/failures'
import { useSignIn } from '../api/sign-in'
import { domainResolver } from '../domain-resolver'
import { readLoginLock, writeLoginLock } from '../login-lock-store'
import { EmailField, useAuthForm } from './auth-form'

type SignInValues = { email: string; password: string; rememberMe: boolean }

/**
 * One toast says how the latest sign-in went: each attempt's replaces the one before, so failures
 * in a row do not stack over the form, and a success does not sit beside an old failure.
 */
const SIGN_IN_OUTCOME = 'sign-in-outcome'

const resolver = domainResolver<SignInValues, SignInError>(validateSignIn, {
  'validation.emailRequired': 'email',
  'validation.emailInvalid': 'email',
  'validation.passwordRequired': 'password',
})

/** The browser's login lock: read from storage, followed across tabs, lifted when it runs out. */
function useLoginLock() {
  const [lock, setLock] = useState(readLoginLock)
  const [now, setNow] = useState(() => Date.now())
  const update = (next = readLoginLock()) => {
    setLock(next)
    setNow(Date.now())
  }
  useEffect(() => {
    const remaining = loginLockRemainingMs(lock, Date.now())
    if (remaining <= 0) return
    const timer = setTimeout(() => setNow(Date.now()), remaining)
    return () => clearTimeout(timer)
  }, [lock])
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== STORAGE_KEYS.loginLock) return
      setLock(readLoginLock())
      setNow(Date.now())
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])
  return { locked: isLoginLocked(lock, now), update }
}

export function SignInForm({
  router,
  registeredEmail,
  onSwitch,
}: {
  router: RegisteredRouter
  /** Set right after a registration: the sign-in modal then says to check the mailbox. */
  registeredEmail: string | null
  onSwitch: (type: AuthModalType) => void
}) {
  const id = useId()
  const lock = useLoginLock()
  const signIn = useSignIn()
  const { t, form, failure, setFailure, errorText, submitWith } = useAuthForm<SignInValues>({
    defaultValues: { email: registeredEmail ?? '', password: '', rememberMe: false },
    resolver,
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = submitWith(async ({ email: typedEmail, password }) => {
    // Checked again at the moment of sending: another tab may have locked the form meanwhile.
    const current = readLoginLock()
    if (isLoginLocked(current, Date.now())) {
      lock.update(current)
      return
    }
    setFailure(null)
    const email = normalizeEmail(typedEmail)
    // The session runtime loads while the credentials are checked.
    const runtime = loadSessionRuntime()
    try {
      const pair = await signIn.mutateAsync({ email, password })
      writeLoginLock(resetLoginLock())
      const session = await runtime
      session.signedIn(router, pair)
      logEvent('login_success', { user: email })
      void notify('success', t('login.success'), { replaces: SIGN_IN_OUTCOME })
      // Read when it is needed: the URL's `redirect`, if it is a path of this site (AUTH-2).
      const { redirect } = router.state.location.search
      await router.navigate({ href: safeRedirect(redirect), replace: true })
    } catch (error) {
      // A failed sign-in also ends whatever session this browser had (AUTH-4).
      void runtime.then((loaded) => loaded.discardSession())
      const failed = apiFailureOf(error)
      logEvent('login_failure', { user: email, status: failed.status ?? null })
      // AUTH-4's notification; the form's own alert is what a screen reader hears.
      void notify('error', t('login.authenticationFailed'), {
        announce: false,
        replaces: SIGN_IN_OUTCOME,
      })
      // Wrong credentials count towards the lock; an unanswered call judged nothing.
      if (failed.status === 401) {
        const next = recordLoginFailure(readLoginLock(), Date.now())
        writeLoginLock(next)
        lock.update(next)
        if (isLoginLocked(next, Date.now())) {
          logEvent('login_locked', { user: email })
          return
        }
      }
      setFailure({
        text:
          failed.status === null
            ? t('login.failed')
            : noticeMessage(t, signInFailureNotice(failed)),
      })
      form.setFocus('password')
    }
  })

  const emailId = `${id}-email`
  const passwordId = `${id}-password`
  const busy = isSubmitting

  return (
    <form className="form auth-form" noValidate onSubmit={onSubmit}>
      {registeredEmail ? (
        <p className="auth-form__success" role="status">
          {t('register.success')}
        </p>
      ) : null}
      <EmailField
        id={emailId}
        autoComplete="username"
        registration={form.register('email')}
        error={errorText(errors.email?.message)}
      />
      <TextField
        announceError
        id={passwordId}
        label={t('field.password')}
        type="password"
        autoComplete="current-password"
        placeholder={t('authForm.passwordPlaceholder')}
        required
        registration={form.register('password')}
        error={errorText(errors.password?.message)}
      />
      <div className="auth-form__row">
        <div className="field field--checkbox">
          <input id={`${id}-remember`} type="checkbox" {...form.register('rememberMe')} />
          <label htmlFor={`${id}-remember`}>{t('auth.rememberMe')}</label>
        </div>
        <button type="button" className="link-button" onClick={() => onSwitch('forgot-password')}>
          {t('auth.forgotPassword')}
        </button>
      </div>
      <FormAlert message={lock.locked ? { text: t('login.locked') } : failure} />
      <SubmitButton busy={busy} disabled={lock.locked}>
        {busy ? t('authForm.signIn.submitting') : t('auth.signInTitle')}
      </SubmitButton>
      <p className="auth-form__switch">
        {t('authForm.signIn.noAccount')}{' '}
        <button type="button" className="link-button" onClick={() => onSwitch('register')}>
          {t('auth.signUp')}
        </button>
      </p>
    </form>
  )
}
