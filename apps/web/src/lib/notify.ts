import type { NotificationType } from '../config/ui'

type PendingToast = { type: NotificationType; message: string }

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

/** Shows a toast (success, error, warning or info) that hides itself after 5000 ms. */
export async function notify(type: NotificationType, message: string): Promise<void> {
  const toast: PendingToast = { type, message }
  await requestToaster()
  const { toast: show } = await import('sonner')
  show[toast.type](toast.message)
}
