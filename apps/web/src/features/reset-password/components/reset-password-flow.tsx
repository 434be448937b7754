import {
  commonPasswordRuleError,
  isResetPasswordValid,
  meetsResetPasswordRules,
  NEW_PASSWORD_POLICIES,
  newPasswordRuleError,
  RESET_PASSWORD_CHECK_CODES,
  RESET_PASSWORD_CHECKS,
  resetPasswordChecks,
  resetPasswordsMismatch,
} from '@devenv/domain/password'
import { type RegisteredRouter, useRouter } from '@tanstack/react-router'
import { useEffect, useId, useReducer, useRef } from 'react'
import { type Resolver, useForm, useWatch } from 'react-hook-form'
import { Icon } from '../../../components/ui/icons'
import { RESET_MODAL_DELAY_MS } from '../../../config/ui'
import { commonPasswordsFor, useCommonPasswords } from '../../../lib/common-passwords'
import { notify } from '../../../lib/notify'
import { setNewPassword } from '../api/set-password'
import { resetPasswordMessages } from '../messages'
import { initialResetPasswordState, resetPasswordReducer } from '../reset-password-state'
import { ResetProblem, useNoticeText } from './reset-problem'

type ResetPasswordValues = { password: string; confirmPassword: string }

// The domain's rules are the only judge; the messages are shown by the checklist, the
// common-password line and the mismatch line, so the resolver only has to refuse an invalid form.
const resetPasswordResolver: Resolver<ResetPasswordValues> = async (values) => {
  const common = commonPasswordRuleError(values.password, await commonPasswordsFor(values.password))
  if (isResetPasswordValid(values.password, values.confirmPassword) && common === null) {
    return { values, errors: {} }
  }
  const errors: Record<string, { type: string; message: string }> = {}
  if (newPasswordRuleError(values.password, 'reset') !== null) {
    errors.password = { type: 'rules', message: 'reset.check' }
  } else if (common !== null) {
    errors.password = { type: 'common', message: common }
  }
  if (values.password !== values.confirmPassword) {
    errors.confirmPassword = { type: 'mismatch', message: 'reset.passwordsDoNotMatch' }
  }
  return { values: {}, errors }
}

/**
 * After success: home (replacing the used link in the history), then the sign-in modal 0.5 s
 * later, unless the visitor has gone elsewhere meanwhile.
 */
async function goHomeThenSignIn(router: RegisteredRouter): Promise<void> {
  await router.navigate({ to: '/', replace: true })
  setTimeout(() => {
    if (router.state.location.pathname !== '/') return
    void router.navigate({
      to: '/',
      search: (previous) => ({ ...previous, auth: 'login' }),
    })
  }, RESET_MODAL_DELAY_MS)
}

/** The reset form and its outcome: idle -> loading -> success (countdown) or error. */
export default function ResetPasswordFlow({ email, hash }: { email: string; hash: string }) {
  const t = resetPasswordMessages.useT()
  const describe = useNoticeText()
  const router = useRouter()
  const [state, dispatch] = useReducer(resetPasswordReducer, initialResetPasswordState)
  const inFlight = useRef(false)
  const leaving = useRef(false)

  const onSubmit = async ({ password }: ResetPasswordValues) => {
    // A second press before React has disabled the button; the outcome then replaces the form.
    if (inFlight.current) return
    inFlight.current = true
    dispatch({ type: 'submit' })
    const outcome = await setNewPassword({ username: email, hash, password })
    if (outcome.ok) {
      dispatch({ type: 'succeeded' })
      void notify('success', t('reset.successNotice'))
    } else {
      dispatch({ type: 'failed', problem: outcome.problem })
      void notify('error', describe(outcome.problem.description))
    }
  }

  // One tick a second; when the last second is over, home and the sign-in modal (the page never
  // says 'in 0 seconds').
  useEffect(() => {
    if (state.phase !== 'success') return
    const timer = setTimeout(() => {
      if (state.secondsLeft > 1) {
        dispatch({ type: 'tick' })
      } else if (!leaving.current) {
        leaving.current = true
        void goHomeThenSignIn(router)
      }
    }, 1000)
    return () => clearTimeout(timer)
  }, [state, router])

  if (state.phase === 'error') return <ResetProblem problem={state.problem} focusOnMount />
  if (state.phase === 'success') return <ResetSuccess secondsLeft={state.secondsLeft} />
  return <ResetPasswordForm email={email} loading={state.phase === 'loading'} onSubmit={onSubmit} />
}

function ResetSuccess({ secondsLeft }: { secondsLeft: number }) {
  const t = resetPasswordMessages.useT()
  const messageRef = useRef<HTMLParagraphElement>(null)
  // The form (and its focused button) is gone: focus moves to the outcome.
  useEffect(() => {
    messageRef.current?.focus()
  }, [])
  return (
    <div className="reset-outcome reset-outcome--success">
      <span className="reset-outcome__icon">
        <Icon name="check" size={22} />
      </span>
      <div className="reset-outcome__body">
        <p ref={messageRef} role="status" tabIndex={-1} className="reset-outcome__message">
          {t('reset.success')}
        </p>
        {/* Not a live region: a reader hears the message once, not every second. */}
        <p className="muted">{t('reset.redirecting', { seconds: secondsLeft })}</p>
      </div>
    </div>
  )
}

function ResetPasswordForm({
  email,
  loading,
  onSubmit,
}: {
  email: string
  loading: boolean
  onSubmit: (values: ResetPasswordValues) => Promise<void>
}) {
  const t = resetPasswordMessages.useT()
  const ids = useId()
  const { register, handleSubmit, control, formState } = useForm<ResetPasswordValues>({
    defaultValues: { password: '', confirmPassword: '' },
    resolver: resetPasswordResolver,
    mode: 'onChange',
  })
  const password = useWatch({ control, name: 'password' })
  const confirmPassword = useWatch({ control, name: 'confirmPassword' })
  const checks = resetPasswordChecks(password)
  // The checklist shows while the password is being typed and does not meet the rules yet.
  const showChecklist = password !== '' && !meetsResetPasswordRules(password)
  // Once the checklist is met, a common password is refused with AUTH-7's 'too weak' message.
  const commonPasswords = useCommonPasswords(password)
  const common = showChecklist ? null : commonPasswordRuleError(password, commonPasswords)
  const mismatch = resetPasswordsMismatch(password, confirmPassword)
  const valid = isResetPasswordValid(password, confirmPassword) && common === null
  const passwordInvalid =
    (showChecklist && Boolean(formState.touchedFields.password)) || common !== null

  const passwordId = `${ids}-password`
  const confirmId = `${ids}-confirm`
  const checklistId = `${ids}-checklist`
  const checklistTitleId = `${ids}-checklist-title`
  const mismatchId = `${ids}-mismatch`
  const commonId = `${ids}-common`

  return (
    <form className="form reset-password__form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <p className="muted reset-password__account">{t('resetPage.account', { email })}</p>
      {/* Lets password managers store the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <div className="field">
        <label htmlFor={passwordId}>{t('reset.newPassword')}</label>
        <input
          id={passwordId}
          type="password"
          autoComplete="new-password"
          placeholder={t('reset.newPasswordPlaceholder')}
          minLength={NEW_PASSWORD_POLICIES.reset.minLength}
          required
          disabled={loading}
          aria-invalid={passwordInvalid}
          aria-describedby={showChecklist ? checklistId : common ? commonId : undefined}
          {...register('password')}
        />
        {/* Always present, so the message is announced when it appears; empty, it takes no room,
            so the form keeps the height the prerendered page reserves for it. */}
        <p id={commonId} className="form__error form__error--on-demand" aria-live="polite">
          {common ? t(common) : null}
        </p>
        {showChecklist ? (
          <div id={checklistId} className="password-checklist">
            <p id={checklistTitleId} className="password-checklist__title">
              {t('resetPage.checklist')}
            </p>
            <ul aria-labelledby={checklistTitleId}>
              {RESET_PASSWORD_CHECKS.map((check) => (
                <li
                  key={check}
                  className={checks[check] ? 'password-checklist__item--met' : undefined}
                >
                  <Icon name={checks[check] ? 'check' : 'cross'} size={16} />
                  {t(RESET_PASSWORD_CHECK_CODES[check])}
                  <span className="visually-hidden">
                    {`, ${checks[check] ? t('resetPage.check.met') : t('resetPage.check.unmet')}`}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={confirmId}>{t('reset.confirmPassword')}</label>
        <input
          id={confirmId}
          type="password"
          autoComplete="new-password"
          placeholder={t('reset.confirmPasswordPlaceholder')}
          required
          disabled={loading}
          aria-invalid={mismatch}
          aria-describedby={mismatch ? mismatchId : undefined}
          {...register('confirmPassword')}
        />
        {/* Always present, so the message is announced when it appears. */}
        <p id={mismatchId} className="form__error" aria-live="polite">
          {mismatch ? t('reset.passwordsDoNotMatch') : null}
        </p>
      </div>
      <button
        type="submit"
        className="button button--primary reset-password__submit"
        disabled={!valid || loading}
      >
        {loading ? t('reset.pleaseWait') : t('reset.submit')}
      </button>
    </form>
  )
}
