import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import type { AuthModalType } from '../config/ui'

export type OpenAuthModalOptions = {
  /** Replace the history entry: moving between the modals should not stack up Back presses. */
  replace?: boolean
}

/** Opens "the sign-in modal": one typed `auth` search param, so the URL says which modal is up. */
export function useOpenAuthModal(): (type?: AuthModalType, options?: OpenAuthModalOptions) => void {
  const navigate = useNavigate()
  return useCallback(
    (type: AuthModalType = 'login', options: OpenAuthModalOptions = {}) => {
      void navigate({
        to: '.',
        search: (previous) => ({ ...previous, auth: type }),
        hash: (previous) => previous ?? '',
        replace: options.replace ?? false,
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
