/**
 * What the visitor did on a prerendered page before the app owned it, kept by the page's inline
 * start (index.html): a click on a button, a form's submission (both held back), the last
 * value typed or chosen in a field (the field keeps it, but a form library that registers the
 * field at hydration sets it back to the form's default), and a right-click the page refused
 * (UI-4: its menu blocked while signed out), which the app still has to answer.
 */
export type EarlyInput =
  | { control: Element }
  | { form: HTMLFormElement; submitter?: HTMLElement | null | undefined }
  | { field: Element; value: string; checked?: boolean | undefined }
  | { contextMenu: EventTarget | null }

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

/**
 * Sets a field as typing would, so that a controlled field's state takes the value. React records
 * the value it last knew through the element's own setter and calls onChange only when the field
 * differs from that record: the record is set to something else (the empty value, the other
 * check) through the element, the value itself through the prototype, then the event React reads.
 */
function fill(field: Field, value: string, checked: boolean | undefined): void {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    // A radio button is chosen by its own click; one that was left is chosen by another's.
    if (checked === undefined || (field.type === 'radio' && !checked)) return
    field.checked = !checked
    field.click()
    return
  }
  field.value = ''
  const prototype = Object.getPrototypeOf(field) as object
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value)
  field.dispatchEvent(
    new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
  )
}

/**
 * React hydrates a page's content (inside the router's Suspense boundary) after the shell, at a
 * low priority, and hydrates a part at once when a discrete event reaches it (selective
 * hydration). An input event that changes nothing makes sure the element's part is React's, its
 * fields registered by their form, before anything is replayed on it.
 */
function hydrate(element: Element): void {
  element.dispatchEvent(new Event('input', { bubbles: true }))
}

/**
 * Stops keeping input and hands what was kept to the app, in the order it happened. Called after
 * React has committed the hydrated shell, outside React's own work. An element the first render
 * replaced is gone, and so is what was done to it.
 */
export function replayEarlyInput(early = globalThis.window?.devenvEarlyInput): number {
  if (!early) return 0
  let replayed = 0
  for (const input of early.release()) {
    if ('contextMenu' in input) {
      // Asked again of the app, whose developer-tool blocking says the warning and logs it, or,
      // signed in since, lets it be. A context menu made by a script opens no menu.
      const target = input.contextMenu
      const on = target instanceof Node && target.isConnected ? target : document
      on.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }))
    } else if ('form' in input) {
      if (!input.form.isConnected) continue
      hydrate(input.form)
      input.form.requestSubmit(input.submitter?.isConnected ? input.submitter : null)
    } else if ('field' in input) {
      if (!input.field.isConnected || !isField(input.field)) continue
      hydrate(input.field)
      fill(input.field, input.value, input.checked)
    } else {
      if (!input.control.isConnected || !(input.control instanceof HTMLElement)) continue
      // A click is itself a discrete event: React hydrates the button's part, then handles it.
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
