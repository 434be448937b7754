import type { AuthModalType } from '@devenv/domain/ui'
import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'

/** Opens "the sign-in modal": one typed `auth` search param, so the URL says which modal is up. */
export function useOpenAuthModal(): (type?: AuthModalType) => void {
  const navigate = useNavigate()
  return useCallback(
    (type: AuthModalType = 'login') => {
      void navigate({
        to: '.',
        search: (previous) => ({ ...previous, auth: type }),
        hash: (previous) => previous ?? '',
        resetScroll: false,
      })
    },
    [navigate],
  )
}

export function useCloseAuthModal(): () => void {
  const navigate = useNavigate()
  return useCallback(() => {
    void navigate({
      to: '.',
      search: ({ auth: _auth, ...rest }) => rest,
      replace: true,
      resetScroll: false,
    })
  }, [navigate])
}
