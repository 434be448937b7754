import { createElement } from 'react'
import { NOTIFICATION_TIMEOUT_MS, type NotificationType } from '../config/ui'

export type NotifyOptions = {
  /** How long the toast stays, in ms (UI-3; 5000 by default). */
  timeout?: number
  /**
   * False when the same event is already announced where the visitor is (a form's own live
   * alert): the toast is shown but not read out a second time.
   */
  announce?: boolean
  /**
   * Names what the toast is about: a later toast of the same name replaces it (its text, type and
   * time) rather than stacking another on top, e.g. one sign-in's outcome after another's.
   */
  replaces?: string
}

// sonner is loaded on the first notification, so it never weighs on a page's first load.
let requested = false
let ready: Promise<void> | null = null
let markReady: (() => void) | null = null
const listeners = new Set<() => void>()

export function isToasterRequested(): boolean {
  return requested
}

export function subscribeToaster(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Called by the toaster once it is mounted and listening. */
export function toasterMounted(): void {
  markReady?.()
}

export function requestToaster(): Promise<void> {
  if (!ready) {
    ready = new Promise((resolve) => {
      markReady = resolve
    })
    requested = true
    for (const listener of listeners) listener()
  }
  return ready
}

/** Shows a toast (success, error, warning or info) that hides itself after `timeout` ms. */
export async function notify(
  type: NotificationType,
  message: string,
  options: NotifyOptions = {},
): Promise<void> {
  const { timeout = NOTIFICATION_TIMEOUT_MS, announce = true, replaces } = options
  await requestToaster()
  const { toast: show } = await import('sonner')
  // The toaster is one live region: hidden text inside it is not read out.
  const content = announce ? message : createElement('span', { 'aria-hidden': true }, message)
  show[type](
    content,
    replaces === undefined ? { duration: timeout } : { duration: timeout, id: replaces },
  )
}
