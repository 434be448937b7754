import { registrationFailureNotice } from '@devenv/domain/api-failures'
import {
  canSubmitRegistration,
  normalizeEmail,
  type RegistrationError,
  type RegistrationForm,
  registrationBody,
  validateRegistration,
} from '@devenv/domain/validation'
import { useId } from 'react'
import {
  FormAlert,
  RequiredNote,
  SubmitButton,
  withElements,
} from '../../../components/form/form-fields'
import { PasswordStrength } from '../../../components/form/password-strength'
import { TextField } from '../../../components/form/text-field'
import type { AuthModalType } from '../../../config/ui'
import { commonPasswordsFor } from '../../../lib/common-passwords'
import { apiFailureOf, noticeMessage } from '../api/failures'
import { useRegister } from '../api/register'
import { domainResolver } from '../domain-resolver'
import { EmailField, useAuthForm } from './auth-form'

type RegisterValues = RegistrationForm & { company: string }

const resolver = domainResolver<RegisterValues, RegistrationError>(
  async (values) => validateRegistration(values, await commonPasswordsFor(values.password)),
  {
    'validation.emailRequired': 'email',
    'validation.emailInvalid': 'email',
    'validation.passwordTooShort': 'password',
    'validation.passwordMismatch': 'confirmPassword',
    'validation.passwordTooWeak': 'password',
    'validation.captchaRequired': 'captchaVerified',
  },
)

const EMPTY: RegisterValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  company: '',
  acceptTerms: false,
  captchaVerified: false,
}

export function RegisterForm({
  onRegistered,
  onSwitch,
}: {
  onRegistered: (email: string) => void
  onSwitch: (type: AuthModalType) => void
}) {
  const id = useId()
  const register = useRegister()
  const { t, form, failure, setFailure, errorText, submitWith, newCaptchaRound, captchaField } =
    useAuthForm<RegisterValues>({ defaultValues: EMPTY, resolver, mode: 'onTouched' })
  const { errors, isSubmitting } = form.formState
  const values = form.watch()
  const canSubmit = canSubmitRegistration(values)

  const onSubmit = submitWith(async (submitted) => {
    setFailure(null)
    try {
      // Exactly the three fields of AUTH-6; names and company stay in the modal.
      await register.mutateAsync(registrationBody(submitted))
      onRegistered(normalizeEmail(submitted.email))
    } catch (error) {
      setFailure({ text: noticeMessage(t, registrationFailureNotice(apiFailureOf(error))) })
      newCaptchaRound()
    }
  })

  const field = (name: 'firstName' | 'lastName' | 'email' | 'company') => `${id}-${name}`
  const passwordId = `${id}-password`
  const strengthId = `${id}-strength`
  const termsId = `${id}-terms`
  const hintId = `${id}-hint`
  const noteId = `${id}-note`
  // Plain links: they open a new tab (the form keeps what was typed), no in-app navigation.
  const newTab = <span className="visually-hidden"> {t('authForm.newTab')}</span>

  return (
    <form className="form auth-form" noValidate aria-describedby={noteId} onSubmit={onSubmit}>
      <RequiredNote id={noteId} text={t('authForm.requiredNote')} />
      <div className="form__row">
        <TextField
          announceError
          id={field('firstName')}
          label={t('field.firstName')}
          autoComplete="given-name"
          required
          registration={form.register('firstName')}
        />
        <TextField
          announceError
          id={field('lastName')}
          label={t('field.lastName')}
          autoComplete="family-name"
          required
          registration={form.register('lastName')}
        />
      </div>
      <EmailField
        id={field('email')}
        autoComplete="email"
        registration={form.register('email')}
        error={errorText(errors.email?.message)}
      />
      <TextField
        announceError
        id={passwordId}
        label={t('field.password')}
        type="password"
        autoComplete="new-password"
        placeholder={t('authForm.newPasswordPlaceholder')}
        required
        registration={form.register('password')}
        error={errorText(errors.password?.message)}
        describedBy={strengthId}
      >
        <PasswordStrength id={strengthId} password={values.password} />
      </TextField>
      <TextField
        announceError
        id={`${id}-confirm`}
        label={t('field.confirmPassword')}
        type="password"
        autoComplete="new-password"
        placeholder={t('authForm.confirmPasswordPlaceholder')}
        required
        registration={form.register('confirmPassword')}
        error={errorText(errors.confirmPassword?.message)}
      />
      <TextField
        announceError
        id={field('company')}
        label={t('field.company')}
        autoComplete="organization"
        registration={form.register('company')}
      />
      <div className="field field--checkbox auth-form__terms">
        <input id={termsId} type="checkbox" aria-required {...form.register('acceptTerms')} />
        <label htmlFor={termsId}>
          {withElements(t('authForm.register.terms'), {
            terms: (
              <a href="/legal/terms-of-service" target="_blank" rel="noopener">
                {t('authForm.register.termsLink')}
                {newTab}
              </a>
            ),
            privacy: (
              <a href="/legal/privacy-policy" target="_blank" rel="noopener">
                {t('authForm.register.privacyLink')}
                {newTab}
              </a>
            ),
          })}
          <span aria-hidden="true"> *</span>
        </label>
      </div>
      {captchaField(() => {
        // Say that the verification is missing only when it is the first rule still failing.
        if (!form.getValues('captchaVerified')) void form.trigger('captchaVerified')
      })}
      {/* The submit button is disabled again until the new puzzle is solved: the focus moves here. */}
      <FormAlert message={failure} takeFocus />
      <SubmitButton
        busy={isSubmitting}
        disabled={!canSubmit}
        describedBy={canSubmit ? undefined : hintId}
      >
        {isSubmitting ? t('authForm.register.submitting') : t('auth.createAccountTitle')}
      </SubmitButton>
      {canSubmit ? null : (
        <p id={hintId} className="auth-form__note muted">
          {t('authForm.register.submitHint')}
        </p>
      )}
      <p className="auth-form__switch">
        {t('authForm.register.haveAccount')}{' '}
        <button type="button" className="link-button" onClick={() => onSwitch('login')}>
          {t('nav.signIn')}
        </button>
      </p>
    </form>
  )
}
