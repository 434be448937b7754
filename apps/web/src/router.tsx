import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import { createRouter, type ErrorComponentProps, type RouterHistory } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense } from 'react'
import { authContext } from './lib/session'
import { routeTree } from './routeTree.gen'

// Fetched only when a route has failed: no page's first load carries it.
const LazyRouteErrorPage = lazy(() =>
  import('./features/errors/components/route-error-page').then((module) => ({
    default: module.RouteErrorPage,
  })),
)

function RouteError(props: ErrorComponentProps) {
  return (
    <Suspense fallback={null}>
      <LazyRouteErrorPage {...props} />
    </Suspense>
  )
}

/** A route's error (its code, data or rendering), logged once through /errors/log (EVENT-3). */
function reportRouteError(error: unknown): void {
  void import('./lib/error-log').then((log) =>
    log.reportThrown(error, { source: 'router', route: window.location.pathname }),
  )
}

/** How the site's router meets a failing route: logged, and our own page shown. */
export const routeErrorOptions = {
  // Our own calm page in place of TanStack's 'Something went wrong!'.
  defaultErrorComponent: RouteError,
  defaultOnCatch: reportRouteError,
}

export function createAppRouter(options: { queryClient: QueryClient; history?: RouterHistory }) {
  const { queryClient, history } = options
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient, auth: authContext },
    defaultPreload: 'intent',
    ...routeErrorOptions,
    // Scrolling on navigation is ours (smooth, to the top or the hash): see use-route-effects.
    scrollRestoration: false,
    Wrap: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    ),
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
