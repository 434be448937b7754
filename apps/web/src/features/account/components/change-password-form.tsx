import { isApiError } from '@devenv/api-client'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { PasswordStrength } from '../../../components/form/password-strength'
import { TextField } from '../../../components/form/text-field'
import { commonPasswordsFor } from '../../../lib/common-passwords'
import { notify } from '../../../lib/notify'
import {
  type ChangePasswordField,
  type ChangePasswordValues,
  changePasswordFieldOf,
  confirmPasswordError,
  currentPasswordError,
  NEW_PASSWORD_MAX_LENGTH,
  newPasswordError,
  splitServerErrors,
} from '../account-forms'
import { useChangePassword } from '../api/change-password'
import { accountMessages } from '../messages'
import { useRuleText } from './use-rule-text'

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' }

/**
 * Current, new and repeated password: the domain's rules (length, strength, not common) on the new one,
 * POST /auth/change-password with the account's e-mail (the body's `username`), ACCOUNT-2's two notices.
 */
export function ChangePasswordForm({ email }: { email: string | null }) {
  const t = accountMessages.useT()
  const ruleText = useRuleText()
  const id = useId()
  const change = useChangePassword()
  const [problem, setProblem] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<ChangePasswordValues>({ defaultValues: EMPTY })
  const newPassword = watch('newPassword')

  const onSubmit = handleSubmit(async (values) => {
    if (!email) return
    setProblem(null)
    try {
      await change.mutateAsync({
        username: email,
        oldPassword: values.currentPassword,
        newPassword: values.newPassword,
      })
      reset(EMPTY)
      void notify('success', t('password.changed'))
    } catch (error) {
      void notify('error', t('password.changeFailed'))
      const status = isApiError(error) ? error.status : 0
      if (status === 401) {
        setError(
          'currentPassword',
          { type: 'server', message: 'account.password.currentIncorrect' },
          { shouldFocus: true },
        )
        return
      }
      if (status === 429) {
        // Wrong current passwords count towards the sign-in lock (the contract).
        setProblem(t('login.locked'))
        return
      }
      const { fields, other } = splitServerErrors(
        isApiError(error) && status === 400 ? error.errors : undefined,
        changePasswordFieldOf,
      )
      const entries = Object.entries(fields) as Array<[ChangePasswordField, string]>
      entries.forEach(([field, message], index) => {
        setError(field, { type: 'server', message }, { shouldFocus: index === 0 })
      })
      if (entries.length === 0 || other.length > 0) {
        setProblem(other.length > 0 ? other.join('. ') : t('password.changeFailed'))
      }
    }
  })

  const errorOf = (field: ChangePasswordField) =>
    ruleText(errors[field]?.message, { max: NEW_PASSWORD_MAX_LENGTH })

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('account.password.heading')}</h2>
      {/* Lets password managers tie the new password to the right account. */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={email ?? ''}
        readOnly
        hidden
      />
      <TextField
        id={`${id}-current`}
        type="password"
        label={t('account.password.current')}
        error={errorOf('currentPassword')}
        autoComplete="current-password"
        aria-required
        registration={register('currentPassword', {
          validate: (value) => currentPasswordError(value) ?? true,
        })}
      />
      <TextField
        id={`${id}-new`}
        type="password"
        label={t('account.password.new')}
        error={errorOf('newPassword')}
        hint={t('account.password.hint')}
        autoComplete="new-password"
        aria-required
        registration={register('newPassword', {
          validate: async (value, all) =>
            newPasswordError(value, all.currentPassword, await commonPasswordsFor(value)) ?? true,
          deps: ['confirmPassword'],
        })}
      >
        {newPassword ? <PasswordStrength password={newPassword} live /> : null}
      </TextField>
      <TextField
        id={`${id}-confirm`}
        type="password"
        label={t('account.password.confirm')}
        error={errorOf('confirmPassword')}
        autoComplete="new-password"
        aria-required
        registration={register('confirmPassword', {
          validate: (value, all) => confirmPasswordError(value, all.newPassword) ?? true,
        })}
      />
      <p className="form__error" role="alert">
        {problem}
      </p>
      <button
        type="submit"
        className="button button--primary"
        disabled={change.isPending || !email}
      >
        {change.isPending ? t('account.password.submitting') : t('account.password.submit')}
      </button>
    </form>
  )
}
