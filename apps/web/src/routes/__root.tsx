import { AUTH_MODAL_TYPES, type AuthModalType } from '@devenv/domain/ui'
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { AppShell } from '../components/layout/app-shell'
import { AuthModalHost } from '../features/auth/components/auth-modal-host'
import { useDeveloperToolsBlocking } from '../features/auth/hooks/use-developer-tools-blocking'
import { pageHead } from '../lib/head'
import { searchChoice, searchText } from '../lib/search-params'
import type { AuthContext } from '../lib/session'

export type RouterContext = { queryClient: QueryClient; auth: AuthContext }

/** Search params every page understands: which auth modal is open, and where sign-in returns to. */
export type RootSearch = { auth?: AuthModalType; redirect?: string }

export function validateRootSearch(search: Record<string, unknown>): RootSearch {
  const auth = searchChoice(search.auth, AUTH_MODAL_TYPES)
  const redirect = searchText(search.redirect, 2048)
  return { ...(auth ? { auth } : {}), ...(redirect ? { redirect } : {}) }
}

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: validateRootSearch,
  head: () => pageHead({ code: 'page.home.title', brand: false }, 'meta.home.description'),
  component: RootLayout,
})

function RootLayout() {
  useDeveloperToolsBlocking()
  return (
    <AppShell>
      <Outlet />
      <AuthModalHost />
    </AppShell>
  )
}
