import { useSearch } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { useCloseAuthModal } from '../../../lib/auth-modal'
import { useHydrated } from '../../../lib/hydration'

// Code split: nothing of the modal is in a page's first JavaScript.
const AuthDialog = lazy(() => import('./auth-dialog'))

/** One modal at a time, chosen by the typed `auth` search param. */
export function AuthModalHost() {
  const { auth } = useSearch({ strict: false })
  const close = useCloseAuthModal()
  const hydrated = useHydrated()
  if (!hydrated || !auth) return null
  return (
    <Suspense fallback={null}>
      <AuthDialog type={auth} onClose={close} />
    </Suspense>
  )
}
