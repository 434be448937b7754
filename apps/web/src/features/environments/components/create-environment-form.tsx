import { isApiError } from '@devenv/api-client'
import {
  DEV_ENVIRONMENT_QUOTA,
  DEV_ENVIRONMENT_REGIONS,
  DEV_ENVIRONMENT_TEMPLATE_NAMES,
  DEV_ENVIRONMENT_TEMPLATES,
  isDevEnvironmentQuotaReached,
} from '@devenv/domain/dev-environments'
import { PLANS } from '@devenv/domain/plans'
import { useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { notify } from '../../../lib/notify'
import { useCreateEnvironment } from '../api/create-environment'
import type { Environment } from '../api/list-environments'
import {
  EMPTY_ENVIRONMENT_FORM,
  type EnvironmentFormValues,
  environmentNameError,
  splitServerErrors,
} from '../environment-form'
import { environmentsMessages } from '../messages'
import { type EnvironmentsMessageCode, environmentsEn } from '../messages/en'

type Problem = { code: EnvironmentsMessageCode | 'api.createEnvironmentFailed' } | { text: string }

const isOwnCode = (message: string): message is EnvironmentsMessageCode =>
  Object.hasOwn(environmentsEn, message)

/**
 * Name, runtime, size (the plans' resources) and region. The name follows the contract's rule and
 * must be new among the user's environments; the server's 400, 403 and 409 land where they belong.
 */
export function CreateEnvironmentForm({
  environments,
}: {
  environments: Environment[] | undefined
}) {
  const t = environmentsMessages.useT()
  const id = useId()
  const create = useCreateEnvironment()
  const [problem, setProblem] = useState<Problem | null>(null)
  const takenNames = useRef<ReadonlySet<string>>(new Set())
  takenNames.current = new Set(environments?.map((each) => each.name))
  const quotaReached = environments ? isDevEnvironmentQuotaReached(environments) : false

  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<EnvironmentFormValues>({ defaultValues: EMPTY_ENVIRONMENT_FORM })

  const fieldText = (message: string | undefined) =>
    message === undefined ? null : isOwnCode(message) ? t(message) : message

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null)
    try {
      const created = await create.mutateAsync(values)
      reset({ ...values, name: '' })
      void notify('success', t('environments.create.success', { name: created.name }))
    } catch (error) {
      void notify('error', t('api.createEnvironmentFailed'))
      if (!isApiError(error)) {
        setProblem({ code: 'api.createEnvironmentFailed' })
        return
      }
      if (error.status === 409) {
        setError(
          'name',
          { type: 'server', message: 'environments.create.nameTaken' },
          { shouldFocus: true },
        )
        return
      }
      if (error.status === 403) {
        setProblem({ code: 'environments.create.quotaReached' })
        return
      }
      const { fields, other } = splitServerErrors(error.status === 400 ? error.errors : undefined)
      for (const [field, message] of Object.entries(fields) as [
        keyof EnvironmentFormValues,
        string,
      ][]) {
        setError(field, { type: 'server', message })
      }
      setProblem(
        other.length > 0 ? { text: other.join('. ') } : { code: 'api.createEnvironmentFailed' },
      )
    }
  })

  const nameError = fieldText(errors.name?.message)
  const describe = (...ids: Array<string | false>) => ids.filter(Boolean).join(' ') || undefined

  return (
    <form
      className="form create-environment"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`}>{t('environments.create.heading')}</h2>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('environments.create.name')}</label>
        <input
          id={`${id}-name`}
          type="text"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          maxLength={40}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={describe(`${id}-name-hint`, nameError !== null && `${id}-name-error`)}
          {...register('name', {
            validate: (value) => environmentNameError(value, takenNames.current) ?? true,
          })}
        />
        <p id={`${id}-name-hint`} className="field__hint">
          {t('environments.create.nameHint')}
        </p>
        {nameError ? (
          <p id={`${id}-name-error`} className="field__error">
            {nameError}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-template`}>{t('environments.create.template')}</label>
        <select
          id={`${id}-template`}
          aria-invalid={errors.template ? true : undefined}
          aria-describedby={errors.template ? `${id}-template-error` : undefined}
          {...register('template')}
        >
          {DEV_ENVIRONMENT_TEMPLATES.map((template) => (
            <option key={template} value={template}>
              {DEV_ENVIRONMENT_TEMPLATE_NAMES[template]}
            </option>
          ))}
        </select>
        {errors.template ? (
          <p id={`${id}-template-error`} className="field__error">
            {fieldText(errors.template.message)}
          </p>
        ) : null}
      </div>
      <fieldset
        className="field size-options"
        aria-describedby={errors.size ? `${id}-size-error` : undefined}
      >
        <legend>{t('environments.create.size')}</legend>
        {PLANS.map((plan) => (
          <label key={plan.id} className="size-option">
            <input type="radio" value={plan.id} {...register('size')} />
            <span className="size-option__text">
              <span className="size-option__name">{plan.name}</span>
              <span className="size-option__resources">
                {t('environments.resources', {
                  vcpu: plan.size.vcpu,
                  ram: plan.size.ramGb,
                  ssd: plan.size.ssdGb,
                })}
              </span>
            </span>
          </label>
        ))}
        {errors.size ? (
          <p id={`${id}-size-error`} className="field__error">
            {fieldText(errors.size.message)}
          </p>
        ) : null}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-region`}>{t('environments.create.region')}</label>
        <select
          id={`${id}-region`}
          aria-invalid={errors.region ? true : undefined}
          aria-describedby={errors.region ? `${id}-region-error` : undefined}
          {...register('region')}
        >
          {DEV_ENVIRONMENT_REGIONS.map((region) => (
            <option key={region} value={region}>
              {t(`environments.region.${region}`)}
            </option>
          ))}
        </select>
        {errors.region ? (
          <p id={`${id}-region-error`} className="field__error">
            {fieldText(errors.region.message)}
          </p>
        ) : null}
      </div>
      {quotaReached ? (
        <p id={`${id}-quota`} className="field__hint">
          {t('environments.create.quotaReached', { quota: DEV_ENVIRONMENT_QUOTA })}
        </p>
      ) : null}
      <p className="form__error" role="alert">
        {problem === null
          ? null
          : 'text' in problem
            ? problem.text
            : t(problem.code, { quota: DEV_ENVIRONMENT_QUOTA })}
      </p>
      <button
        type="submit"
        className="button button--primary"
        disabled={create.isPending || quotaReached}
        aria-describedby={quotaReached ? `${id}-quota` : undefined}
      >
        {create.isPending ? t('environments.create.submitting') : t('environments.create.submit')}
      </button>
    </form>
  )
}
