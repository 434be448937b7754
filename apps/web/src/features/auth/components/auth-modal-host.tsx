import { useRouter, useSearch } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import { type AuthModalType, MODAL_RESET_MS } from '../../../config/ui'
import { useCloseAuthModal } from '../../../lib/auth-modal'
import { useHydrated } from '../../../lib/hydration'

// Code split: nothing of the modals is in a page's first JavaScript.
const AuthDialog = lazy(() => import('./auth-dialog'))

/**
 * One modal at a time, chosen by the typed `auth` search param. Closing hides the dialog at once
 * and keeps its content for 300 ms, then drops it: the next opening starts afresh at sign-in.
 */
export function AuthModalHost() {
  const { auth } = useSearch({ strict: false })
  const close = useCloseAuthModal()
  const hydrated = useHydrated()
  const [lingering, setLingering] = useState<AuthModalType | null>(null)
  const router = useRouter()

  useEffect(() => {
    if (auth) {
      setLingering(auth)
      return
    }
    const timer = setTimeout(() => setLingering(null), MODAL_RESET_MS)
    return () => clearTimeout(timer)
  }, [auth])

  const type = auth ?? lingering
  if (!hydrated || !type) return null
  return (
    <Suspense fallback={null}>
      <AuthDialog router={router} type={type} open={auth !== undefined} onClose={close} />
    </Suspense>
  )
}
