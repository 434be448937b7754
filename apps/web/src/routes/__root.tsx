import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet, useRouter } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { AppShell } from '../components/layout/app-shell'
import { HydratedApart } from '../components/ui/hydrated-apart'
import { useActivationLink } from '../features/activation/use-activation-link'
import { AuthModalHost } from '../features/auth/components/auth-modal-host'
import { useDeveloperToolsBlocking } from '../features/auth/hooks/use-developer-tools-blocking'
import { pageHead } from '../lib/head'
import { validateRootSearch } from '../lib/root-search'
import { type AuthContext, useSessionRuntime } from '../lib/session'

// Only where the stub runs in the browser (__BROWSER_STUB__): elsewhere the import is dead code.
const DemoPanel = __BROWSER_STUB__
  ? lazy(() =>
      import('../features/demo/components/demo-panel').then((module) => ({
        default: module.DemoPanel,
      })),
    )
  : null

export type RouterContext = { queryClient: QueryClient; auth: AuthContext }

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: validateRootSearch,
  head: () => pageHead({ code: 'page.home.title', brand: false }, 'meta.home.description'),
  component: RootLayout,
})

/** The route layer calls the features' page-wide hooks: the shell and the features stay apart. */
function RootLayout() {
  useDeveloperToolsBlocking()
  useActivationLink()
  // Starts the session runtime (lazily) whenever there is a session, on every page.
  const router = useRouter()
  useSessionRuntime(router)
  return (
    <AppShell>
      {/* The bar hydrates first: the page's content follows, part by part. */}
      <HydratedApart>
        <Outlet />
      </HydratedApart>
      <AuthModalHost />
      {DemoPanel ? (
        <Suspense fallback={null}>
          <DemoPanel />
        </Suspense>
      ) : null}
    </AppShell>
  )
}
