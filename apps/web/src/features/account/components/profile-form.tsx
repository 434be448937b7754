import { isApiError } from '@devenv/api-client'
import { useEffect, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { TextField } from '../../../components/form/text-field'
import { notify } from '../../../lib/notify'
import {
  companyError,
  PROFILE_FIELD_MAX_LENGTH,
  type Profile,
  type ProfileField,
  type ProfileFormValues,
  personNameError,
  profileFieldOf,
  profileFormValues,
  profileUpdateBody,
  splitServerErrors,
} from '../account-forms'
import { useUpdateProfile } from '../api/profile'
import { accountMessages } from '../messages'
import { useRuleText } from './use-rule-text'

/** Names and company: PUT /user/profile, ACCOUNT-1's two notices, field errors in place. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const t = accountMessages.useT()
  const ruleText = useRuleText()
  const id = useId()
  const update = useUpdateProfile()
  const [problem, setProblem] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<ProfileFormValues>({ defaultValues: profileFormValues(profile) })

  // Another tab or the start-up fetch may bring a newer profile: follow it unless the user is typing.
  useEffect(() => {
    if (!isDirty) reset(profileFormValues(profile))
  }, [profile, isDirty, reset])

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null)
    try {
      const updated = await update.mutateAsync(profileUpdateBody(values))
      reset(profileFormValues(updated))
      void notify('success', t('profile.updated'))
    } catch (error) {
      void notify('error', t('profile.updateFailed'))
      const { fields, other } = splitServerErrors(
        isApiError(error) && error.status === 400 ? error.errors : undefined,
        profileFieldOf,
      )
      const entries = Object.entries(fields) as Array<[ProfileField, string]>
      entries.forEach(([field, message], index) => {
        setError(field, { type: 'server', message }, { shouldFocus: index === 0 })
      })
      if (entries.length === 0 || other.length > 0) {
        setProblem(other.length > 0 ? other.join('. ') : t('profile.updateFailed'))
      }
    }
  })

  const errorOf = (field: ProfileField) =>
    ruleText(errors[field]?.message, { max: PROFILE_FIELD_MAX_LENGTH[field] })

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('account.profile.heading')}</h2>
      <TextField
        id={`${id}-email`}
        label={t('field.email')}
        error={null}
        hint={t('account.profile.emailHint')}
        type="email"
        value={profile.email}
        readOnly
      />
      <div className="form__row">
        <TextField
          id={`${id}-firstName`}
          label={t('field.firstName')}
          error={errorOf('firstName')}
          autoComplete="given-name"
          aria-required
          registration={register('firstName', {
            validate: (value) => personNameError(value, 'firstName') ?? true,
          })}
        />
        <TextField
          id={`${id}-lastName`}
          label={t('field.lastName')}
          error={errorOf('lastName')}
          autoComplete="family-name"
          aria-required
          registration={register('lastName', {
            validate: (value) => personNameError(value, 'lastName') ?? true,
          })}
        />
      </div>
      <TextField
        id={`${id}-company`}
        label={t('field.company')}
        error={errorOf('company')}
        autoComplete="organization"
        registration={register('company', { validate: (value) => companyError(value) ?? true })}
      />
      <p className="form__error" role="alert">
        {problem}
      </p>
      <button type="submit" className="button button--primary" disabled={update.isPending}>
        {update.isPending ? t('account.profile.saving') : t('account.profile.submit')}
      </button>
    </form>
  )
}
