// The parts of the site's forms: the form's own message, a submit button that keeps the focus,
// the note on required fields, and labels with links in them. The fields are `text-field.tsx`.
import { Fragment, type ReactNode, useEffect, useRef } from 'react'

/** A message of the form; a new object each time, so that the same text can be said twice. */
export type FormMessage = { text: string }

/**
 * The form's own message (the server's answer): a live region that exists before it speaks. With
 * `takeFocus`, a new message also takes the keyboard focus: the control that had it may be gone
 * (a reset puzzle, a submit button disabled again).
 */
export function FormAlert({
  message,
  takeFocus = false,
}: {
  message: FormMessage | null
  takeFocus?: boolean
}) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (message && takeFocus) ref.current?.focus()
  }, [message, takeFocus])
  return (
    <div ref={ref} className="auth-form__alert" role="alert" tabIndex={-1}>
      {message ? <p>{message.text}</p> : null}
    </div>
  )
}

/** A translated sentence with `{name}` placeholders filled by elements (links in a label). */
export function withElements(template: string, elements: Record<string, ReactNode>): ReactNode {
  return template.split(/\{(\w+)\}/g).map((piece, index) =>
    // Odd pieces are placeholder names, in order, so the index is a stable key.
    index % 2 === 1 ? <Fragment key={index}>{elements[piece] ?? `{${piece}}`}</Fragment> : piece,
  )
}

/** 'Fields marked with * are required.' */
export function RequiredNote({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="auth-form__note muted">
      {text}
    </p>
  )
}

/**
 * The form's submit button. While the call runs it stays focusable (aria-disabled, the form
 * ignores a second submit): a disabled button would drop the keyboard focus out of the modal.
 */
export function SubmitButton({
  busy,
  disabled,
  describedBy,
  children,
}: {
  busy: boolean
  disabled?: boolean
  describedBy?: string | undefined
  children: ReactNode
}) {
  return (
    <button
      type="submit"
      className="button button--primary auth-form__submit"
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      aria-describedby={describedBy}
    >
      {children}
    </button>
  )
}
