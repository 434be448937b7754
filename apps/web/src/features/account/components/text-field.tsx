import type { InputHTMLAttributes, ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string
  label: string
  /** The message under the field; the input is marked invalid and described by it. */
  error: string | null
  hint?: ReactNode
  registration?: UseFormRegisterReturn
  children?: ReactNode
}

/** A labelled input with its hint and its error, tied together for assistive technology. */
export function TextField({ id, label, error, hint, registration, children, ...input }: Props) {
  const hintId = hint ? `${id}-hint` : null
  const errorId = error ? `${id}-error` : null
  const describedBy = [hintId, errorId].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
        {...registration}
      />
      {children}
      {hint ? (
        <p id={hintId ?? undefined} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId ?? undefined} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
