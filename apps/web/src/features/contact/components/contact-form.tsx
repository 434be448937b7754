import { isApiError } from '@devenv/api-client'
import { CONTACT_REQUEST_RULES } from '@devenv/api-client/contract'
import {
  type ContactForm as ContactFormValues,
  emptyContactForm,
  INQUIRY_TYPE_LABELS,
  INQUIRY_TYPES,
  isInquiryType,
  isTeamSize,
  RESPONSE_TIME_HOURS,
  TEAM_SIZES,
} from '@devenv/domain/contact'
import {
  CONTACT_TEXT_FIELDS,
  type ContactRequiredField,
  type ContactTextField,
  contactFieldErrors,
  missingContactFields,
  validateContact,
} from '@devenv/domain/validation'
import { type FormEvent, useRef, useState } from 'react'
import { logEvent } from '../../../lib/event-log'
import { useT } from '../../../lib/i18n/i18n'
import { notify } from '../../../lib/notify'
import { splitServerErrors } from '../../../lib/server-errors'
import { useSubmitContact } from '../api/submit-contact'
import { CONTACT_EMAIL } from '../contact-info'

type TextField = ContactTextField
type FieldErrors = Partial<Record<TextField, string>>

/** Which fields a refused submit marks: every missing one, or the e-mail when its shape is wrong. */
function fieldsToMark(values: ContactFormValues, problem: string): ContactRequiredField[] {
  return problem === 'validation.emailInvalid' ? ['email'] : missingContactFields(values)
}

/** The form's own message, which also describes every field it is about. */
const FORM_ERROR_ID = 'contact-form-error'

const fieldOf = (key: string): TextField | undefined =>
  CONTACT_TEXT_FIELDS.find((field) => field === key)

const fieldId = (field: TextField) => `contact-${field}`

/** The contract's maximum length of a field (the input takes no more). */
const maxLengthOf = (field: TextField): number | undefined => {
  const rule: { maxLength?: number } | undefined = CONTACT_REQUEST_RULES[field]
  return rule?.maxLength
}

/** Moves focus to the first field with a message, so that it is read out. */
function focusFirst(errors: FieldErrors): void {
  const first = CONTACT_TEXT_FIELDS.find((field) => errors[field])
  if (first) document.getElementById(fieldId(first))?.focus()
}

const inputIdOf = (field: TextField | 'inquiryType') =>
  field === 'inquiryType' ? 'contact-inquiryType' : fieldId(field)

/** The contact form: idle -> submitting -> success (reset) or failure (values kept). */
export function ContactForm() {
  const t = useT()
  const [values, setValues] = useState<ContactFormValues>(emptyContactForm)
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})
  // The required fields the last submit found empty: marked until each is edited.
  const [missing, setMissing] = useState<readonly ContactRequiredField[]>([])
  const inFlight = useRef(false)
  const mutation = useSubmitContact()
  const submitting = mutation.isPending

  const set = <K extends keyof ContactFormValues>(key: K, value: ContactFormValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }))
    // Editing a field answers its message, and its mark.
    setMissing((previous) =>
      previous.includes(key as ContactRequiredField)
        ? previous.filter((field) => field !== key)
        : previous,
    )
    setFieldErrors((previous) => {
      if (!(key in previous)) return previous
      const { [key as TextField]: _answered, ...rest } = previous
      return rest
    })
  }

  const showFieldErrors = (errors: FieldErrors) => {
    setFieldErrors(errors)
    // After React has enabled the inputs again (they are disabled while sending).
    setTimeout(() => focusFirst(errors))
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // A repeat submission while one is in flight is ignored (CONTACT-3).
    if (inFlight.current) return
    const invalid = validateContact(values)
    if (invalid) {
      const fields = fieldsToMark(values, invalid)
      setError(t(invalid))
      setMissing(fields)
      // The first field to fill in takes the focus; its description is the form's message.
      const first = fields[0]
      if (first) document.getElementById(inputIdOf(first))?.focus()
      return
    }
    setError(null)
    setMissing([])
    // The contract's limits, checked here so that each field says what is wrong with it.
    const tooLong = contactFieldErrors(values, CONTACT_REQUEST_RULES)
    const local: FieldErrors = {}
    for (const field of CONTACT_TEXT_FIELDS) {
      const problem = tooLong[field]
      if (problem) local[field] = t(problem.code, problem.params)
    }
    if (Object.keys(local).length > 0) {
      showFieldErrors(local)
      return
    }
    setFieldErrors({})
    inFlight.current = true
    try {
      await mutation.mutateAsync(values)
      logEvent('contact_form_submission', {
        inquiry_type: values.inquiryType,
        company: values.company.trim(),
      })
      setValues(emptyContactForm())
      void notify('success', t('contact.success', { hours: RESPONSE_TIME_HOURS.general }))
    } catch (failure) {
      // A 400 names the fields the server refused: each shows its message.
      const { fields, other } = splitServerErrors(
        isApiError(failure) && failure.status === 400 ? failure.errors : undefined,
        fieldOf,
      )
      if (Object.keys(fields).length > 0) showFieldErrors(fields)
      if (Object.keys(fields).length === 0 || other.length > 0) {
        const message = t('contact.failed', { email: CONTACT_EMAIL })
        setError(message)
        void notify('error', message)
      }
    } finally {
      inFlight.current = false
    }
  }

  const text = (
    field: TextField,
    label: string,
    options: { required?: boolean; type?: string; autoComplete?: string } = {},
  ) => (
    <div className="field">
      <label htmlFor={fieldId(field)}>
        {label}
        {options.required ? (
          <span aria-hidden="true"> {t('contact.form.requiredMark')}</span>
        ) : null}
      </label>
      <input
        id={fieldId(field)}
        name={field}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete}
        aria-required={options.required ? true : undefined}
        maxLength={maxLengthOf(field)}
        value={values[field]}
        disabled={submitting}
        onChange={(event) => set(field, event.currentTarget.value)}
        {...fieldErrorProps(field)}
      />
      {fieldError(field)}
    </div>
  )

  /** A field with its own message, or one the form's message says is missing, is invalid. */
  const fieldErrorProps = (field: TextField | 'inquiryType') => {
    const own = field !== 'inquiryType' && fieldErrors[field] ? `${fieldId(field)}-error` : null
    const isMissing = missing.includes(field as ContactRequiredField)
    if (!own && !isMissing) return {}
    const describedBy = [own, isMissing ? FORM_ERROR_ID : null].filter(Boolean).join(' ')
    return { 'aria-invalid': true, 'aria-describedby': describedBy }
  }

  const fieldError = (field: TextField) =>
    fieldErrors[field] ? (
      <p id={`${fieldId(field)}-error`} className="field__error">
        {fieldErrors[field]}
      </p>
    ) : null

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-describedby="contact-required-note">
      <p id="contact-required-note" className="muted">
        {t('contact.form.required')}
      </p>
      <div className="form__row">
        {text('firstName', t('field.firstName'), { required: true, autoComplete: 'given-name' })}
        {text('lastName', t('field.lastName'), { required: true, autoComplete: 'family-name' })}
      </div>
      <div className="form__row">
        {text('email', t('field.email'), { required: true, type: 'email', autoComplete: 'email' })}
        {text('phone', t('field.phone'), { type: 'tel', autoComplete: 'tel' })}
      </div>
      {text('company', t('field.company'), { autoComplete: 'organization' })}
      <div className="form__row">
        <div className="field">
          <label htmlFor="contact-inquiryType">
            {t('field.inquiryType')}
            <span aria-hidden="true"> {t('contact.form.requiredMark')}</span>
          </label>
          <select
            id="contact-inquiryType"
            name="inquiryType"
            aria-required
            value={values.inquiryType}
            disabled={submitting}
            onChange={(event) => {
              const value = event.currentTarget.value
              set('inquiryType', isInquiryType(value) ? value : '')
            }}
            {...fieldErrorProps('inquiryType')}
          >
            <option value="">{t('contact.form.choose')}</option>
            {INQUIRY_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(INQUIRY_TYPE_LABELS[type])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="contact-teamSize">{t('field.teamSize')}</label>
          <select
            id="contact-teamSize"
            name="teamSize"
            value={values.teamSize}
            disabled={submitting}
            onChange={(event) => {
              const value = event.currentTarget.value
              set('teamSize', isTeamSize(value) ? value : '')
            }}
          >
            <option value="">{t('contact.form.choose')}</option>
            {TEAM_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor="contact-message">
          {t('field.message')}
          <span aria-hidden="true"> {t('contact.form.requiredMark')}</span>
        </label>
        <textarea
          id="contact-message"
          name="message"
          rows={5}
          aria-required
          maxLength={maxLengthOf('message')}
          value={values.message}
          disabled={submitting}
          onChange={(event) => set('message', event.currentTarget.value)}
          {...fieldErrorProps('message')}
        />
        {fieldError('message')}
      </div>
      <div className="field field--checkbox">
        <input
          id="contact-newsletter"
          name="newsletter"
          type="checkbox"
          checked={values.newsletter}
          disabled={submitting}
          onChange={(event) => set('newsletter', event.currentTarget.checked)}
        />
        <label htmlFor="contact-newsletter">{t('field.newsletter')}</label>
      </div>
      <p id={FORM_ERROR_ID} className="form__error" role="alert">
        {error}
      </p>
      <button type="submit" className="button button--primary button--large" disabled={submitting}>
        {submitting ? t('contact.sending') : t('contact.form.submit')}
      </button>
    </form>
  )
}
