import { lazy, Suspense, useSyncExternalStore } from 'react'
import { isToasterRequested, subscribeToaster } from '../lib/notify'

const Toaster = lazy(() => import('./toaster'))

/**
 * Mounts sonner at the first notification: its 9 KB never count against a page's JavaScript
 * (the home page's budget of 130 KB covers everything it loads, idle-time loads included).
 */
export function ToasterHost() {
  const requested = useSyncExternalStore(subscribeToaster, isToasterRequested, () => false)
  if (!requested) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
