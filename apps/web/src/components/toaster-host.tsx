import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { isToasterRequested, requestToaster, subscribeToaster } from '../lib/notify'

const Toaster = lazy(() => import('./toaster'))

/** Mounts sonner once the page is idle (or at the first notification): never in the first load. */
export function ToasterHost() {
  const requested = useSyncExternalStore(subscribeToaster, isToasterRequested, () => false)
  useEffect(() => {
    // Ready before anyone needs it, so a toast appears at once; loaded after the page is usable.
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(() => void requestToaster(), { timeout: 4000 })
      return () => window.cancelIdleCallback(id)
    }
    const id = setTimeout(() => void requestToaster(), 2000)
    return () => clearTimeout(id)
  }, [])
  if (!requested) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
