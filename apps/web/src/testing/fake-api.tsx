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
import { vi } from 'vitest'

export type RecordedCall = { method: string; path: string; body: unknown; headers: Headers }
type Answer = Response | ((call: RecordedCall) => Response | Promise<Response>)

/** A JSON answer as the API gives it. */
export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}

/**
 * Replaces `fetch` for the site's API client: answers by `METHOD /path` (the path after `/api`),
 * each key a list used in order (the last one repeats), and records every call.
 */
export function fakeApi(routes: Record<string, Answer | Answer[]>) {
  const calls: RecordedCall[] = []
  const used = new Map<string, number>()
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const path = new URL(request.url, 'http://localhost').pathname.replace(/^\/api/, '')
    const text = request.method === 'GET' ? '' : await request.text()
    const call: RecordedCall = {
      method: request.method,
      path,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      headers: request.headers,
    }
    calls.push(call)
    const key = `${request.method} ${path}`
    const answers = routes[key]
    if (!answers) return json(404, { message: `No fake for ${key}` })
    const list = Array.isArray(answers) ? answers : [answers]
    const index = used.get(key) ?? 0
    used.set(key, index + 1)
    const answer = list[Math.min(index, list.length - 1)] as Answer
    // A Response body can be read once: hand out a copy each time.
    return typeof answer === 'function' ? answer(call) : answer.clone()
  })
  vi.stubGlobal('fetch', fetchMock)
  return {
    calls,
    fetchMock,
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  }
}

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
    ['/', '/admin', '/changeprofile', '/my/page'].map((path) =>
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
