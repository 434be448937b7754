import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { act, render } from '@testing-library/react'
import { type ReactNode, StrictMode } from 'react'

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

/** The addresses every page may link to; a test adds its own with `routes`. */
const STANDARD_PATHS = ['/', '/admin', '/changeprofile', '/my/page', '/demo/admin-panel']

export type PageOptions = {
  /** Where the router starts ('/' unless told), with its query string. */
  url?: string
  /** Further addresses, each with what it shows in the page's `<Outlet />` (nothing if omitted). */
  routes?: Readonly<Record<string, (() => ReactNode) | undefined>>
  queryClient?: QueryClient
  /** React's StrictMode around the router: effects run twice, as in development. */
  strictMode?: boolean
  /** The root route's search validation, for a component that reads typed search params. */
  validateSearch?: (search: Record<string, unknown>) => Record<string, unknown>
  /** The site router's handling of a route that throws (its `routeErrorOptions`). */
  errorOptions?: Pick<
    Parameters<typeof createRouter>[0],
    'defaultErrorComponent' | 'defaultOnCatch'
  >
}

/** The memory router of a page, loaded at `url` (a test that renders on its own, e.g. to a string). */
export async function loadPageRouter(ui: ReactNode, options: PageOptions = {}) {
  const { url = '/', routes = {} } = options
  const rootRoute = createRootRoute({
    component: () => ui,
    ...(options.validateSearch ? { validateSearch: options.validateSearch } : {}),
  })
  const components = new Map<string, (() => ReactNode) | undefined>(
    STANDARD_PATHS.map((path) => [path, undefined]),
  )
  for (const [path, component] of Object.entries(routes)) components.set(path, component)
  const routeTree = rootRoute.addChildren(
    [...components].map(([path, component]) =>
      createRoute({ getParentRoute: () => rootRoute, path, ...(component ? { component } : {}) }),
    ),
  )
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [url] }),
    ...options.errorOptions,
  })
  await act(async () => {
    await router.load()
  })
  return router
}

/** Renders inside the query client and a memory router (for components with links). */
export async function renderPage(ui: ReactNode, options: PageOptions = {}) {
  const { queryClient = testQueryClient(), strictMode = false } = options
  const router = await loadPageRouter(ui, options)
  const page = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>
  )
  const view = render(strictMode ? <StrictMode>{page}</StrictMode> : page)
  return { ...view, queryClient, router }
}
