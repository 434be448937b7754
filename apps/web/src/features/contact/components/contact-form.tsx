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
import { validateContact } from '@devenv/domain/validation'
import { type FormEvent, useRef, useState } from 'react'
import { logEvent } from '../../../lib/event-log'
import { useT } from '../../../lib/i18n/i18n'
import { notify } from '../../../lib/notify'
import { useSubmitContact } from '../api/submit-contact'
import { CONTACT_EMAIL } from '../contact-info'

type TextField = 'firstName' | 'lastName' | 'email' | 'company' | 'phone' | 'message'

/** The contact form: idle -> submitting -> success (reset) or failure (values kept). */
export function ContactForm() {
  const t = useT()
  const [values, setValues] = useState<ContactFormValues>(emptyContactForm)
  const [error, setError] = useState<string | null>(null)
  const inFlight = useRef(false)
  const mutation = useSubmitContact()
  const submitting = mutation.isPending

  const set = <K extends keyof ContactFormValues>(key: K, value: ContactFormValues[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }))

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // A repeat submission while one is in flight is ignored (spec 4).
    if (inFlight.current) return
    const invalid = validateContact(values)
    if (invalid) {
      setError(t(invalid))
      return
    }
    setError(null)
    inFlight.current = true
    try {
      await mutation.mutateAsync(values)
      logEvent('contact_form_submission', {
        inquiry_type: values.inquiryType,
        company: values.company.trim(),
      })
      setValues(emptyContactForm())
      void notify('success', t('contact.success', { hours: RESPONSE_TIME_HOURS.general }))
    } catch {
      const message = t('contact.failed', { email: CONTACT_EMAIL })
      setError(message)
      void notify('error', message)
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
      <label htmlFor={`contact-${field}`}>
        {label}
        {options.required ? (
          <span aria-hidden="true"> {t('contact.form.requiredMark')}</span>
        ) : null}
      </label>
      <input
        id={`contact-${field}`}
        name={field}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete}
        aria-required={options.required ? true : undefined}
        value={values[field]}
        disabled={submitting}
        onChange={(event) => set(field, event.currentTarget.value)}
      />
    </div>
  )

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
          value={values.message}
          disabled={submitting}
          onChange={(event) => set('message', event.currentTarget.value)}
        />
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
      <p className="form__error" role="alert">
        {error}
      </p>
      <button type="submit" className="button button--primary button--large" disabled={submitting}>
        {submitting ? t('contact.sending') : t('contact.form.submit')}
      </button>
    </form>
  )
}
