import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { authContext } from './lib/session'
import { routeTree } from './routeTree.gen'

export function createAppRouter(options: { queryClient: QueryClient; history?: RouterHistory }) {
  const { queryClient, history } = options
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient, auth: authContext },
    defaultPreload: 'intent',
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
