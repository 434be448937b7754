/**
 * What the visitor did on a prerendered page before the app owned it, kept by the page's inline
 * start (index.html): a click on a button, a form's submission (both held back), and the last
 * value typed or chosen in a field (the field keeps it, but a form library that registers the
 * field at hydration sets it back to the form's default).
 */
export type EarlyInput =
  | { control: Element }
  | { form: HTMLFormElement; submitter?: HTMLElement | null | undefined }
  | { field: Element; value: string; checked?: boolean | undefined }

declare global {
  interface Window {
    /** Set by the inline start in index.html (a prerendered page, the app shell, development). */
    devenvEarlyInput?: { release(): EarlyInput[] } | undefined
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

const isField = (element: Element): element is Field =>
  element instanceof HTMLInputElement ||
  element instanceof HTMLTextAreaElement ||
  element instanceof HTMLSelectElement

/** Sets a field as typing would: through the element's own setter, then the event React reads. */
function fill(field: Field, value: string, checked: boolean | undefined): void {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (checked !== undefined && field.checked !== checked) field.click()
    return
  }
  // React keeps its own copy of the value behind the instance's setter: the prototype's setter
  // changes the field without updating that copy, so React sees the change and calls onChange.
  const prototype = Object.getPrototypeOf(field) as object
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value)
  field.dispatchEvent(
    new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
  )
}

/**
 * Stops keeping input and hands what was kept to the app, in the order it happened. Called once
 * React has committed the hydrated page (after the forms have registered their fields). An
 * element the first render replaced is gone, and so is what was done to it.
 */
export function replayEarlyInput(early = globalThis.window?.devenvEarlyInput): number {
  if (!early) return 0
  let replayed = 0
  for (const input of early.release()) {
    if ('form' in input) {
      if (!input.form.isConnected) continue
      input.form.requestSubmit(input.submitter?.isConnected ? input.submitter : null)
    } else if ('field' in input) {
      if (!input.field.isConnected || !isField(input.field)) continue
      fill(input.field, input.value, input.checked)
    } else {
      if (!input.control.isConnected || !(input.control instanceof HTMLElement)) continue
      input.control.click()
    }
    replayed += 1
  }
  return replayed
}

/** Stops keeping input and forgets it: the page's markup is replaced, not hydrated. */
export function discardEarlyInput(early = globalThis.window?.devenvEarlyInput): void {
  early?.release()
}
