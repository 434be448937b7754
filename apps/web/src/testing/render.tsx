import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { act, render } from '@testing-library/react'
import type { ReactNode } from 'react'

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, retryDelay: 0, staleTime: 60_000 },
      mutations: { retry: false },
    },
  })
}

/** A component inside a query client of its own (mutations and queries of the features). */
export function withQueryClient(ui: ReactNode, queryClient = testQueryClient()) {
  return <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
}

/** Renders inside the query client and a memory router (for components with links). */
export async function renderPage(ui: ReactNode, queryClient = testQueryClient()) {
  const rootRoute = createRootRoute({ component: () => ui })
  const routeTree = rootRoute.addChildren(
    ['/', '/admin', '/changeprofile', '/my/page', '/demo/admin-panel'].map((path) =>
      createRoute({ getParentRoute: () => rootRoute, path }),
    ),
  )
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await act(async () => {
    await router.load()
  })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  )
  return { ...view, queryClient, router }
}
