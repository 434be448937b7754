import type { InputHTMLAttributes, ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> & {
  id: string
  label: string
  registration?: UseFormRegisterReturn | undefined
  /** The error text, already in the current language (none: the field is valid). */
  error?: string | null | undefined
  /** Announce the error as it appears (the auth modals check on submit, all at once). */
  announceError?: boolean | undefined
  /** Help under the input; it describes the input too. */
  hint?: ReactNode
  /** Ids of more text that describes the input (the strength meter). */
  describedBy?: string | undefined
  /** Marked with an asterisk and `aria-required`. */
  required?: boolean | undefined
  /** Shown under the input, before the hint and the error. */
  children?: ReactNode
}

export const errorIdOf = (id: string) => `${id}-error`

/**
 * The site's one text field: a labelled input with its hint and its error, tied together for
 * assistive technology (aria-invalid, aria-describedby); a required field has its asterisk.
 */
export function TextField({
  id,
  label,
  registration,
  error,
  announceError = false,
  hint,
  describedBy,
  required,
  children,
  ...input
}: TextFieldProps) {
  const errorId = errorIdOf(id)
  const hintId = `${id}-hint`
  const describers = [hint ? hintId : null, error ? errorId : null, describedBy ?? null]
    .filter(Boolean)
    .join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        {...input}
        {...registration}
        // The forms check their fields themselves (noValidate): no native `required`.
        aria-required={required ? true : input['aria-required']}
        aria-invalid={error ? true : undefined}
        aria-describedby={describers === '' ? undefined : describers}
      />
      {children}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error" role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
