import { AUTH_MODAL_TYPES, type AuthModalType } from '@devenv/domain/ui'
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { AppShell } from '../components/layout/app-shell'
import { AuthModalHost } from '../features/auth/components/auth-modal-host'
import { useDeveloperToolsBlocking } from '../features/auth/hooks/use-developer-tools-blocking'
import { pageHead } from '../lib/head'
import type { AuthContext } from '../lib/session'

export type RouterContext = { queryClient: QueryClient; auth: AuthContext }

/** Search params every page understands: which auth modal is open, and where sign-in returns to. */
export type RootSearch = { auth?: AuthModalType; redirect?: string }

const rootSearchSchema = z.object({
  auth: z.catch(z.optional(z.enum(AUTH_MODAL_TYPES)), undefined),
  redirect: z.catch(z.optional(z.string().check(z.maxLength(2048))), undefined),
})

export function validateRootSearch(search: Record<string, unknown>): RootSearch {
  const { auth, redirect } = rootSearchSchema.parse(search)
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
