import { useRouter, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'

/**
 * The e-mailed activation link, `/?activate=<token>` (AUTH-9). This hook is all of it that
 * every page carries; the call and its notices load only when a link brings a token.
 */
export function useActivationLink(): void {
  const router = useRouter()
  const searchStr = useRouterState({ select: (state) => state.location.searchStr })
  useEffect(() => {
    if (!new URLSearchParams(searchStr).has('activate')) return
    void import('./activate-account').then((module) => module.activateFromLink(router))
  }, [router, searchStr])
}
