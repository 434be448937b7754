import { vi } from 'vitest'

/**
 * Puts a fetch in place of the page's that answers every call with `status` and `body` as JSON
 * (no body when it is undefined), for tests of one call's handling without the stub; the mock
 * records the requests. Tests undo it with `vi.unstubAllGlobals()`.
 */
export function answerEveryFetch(status: number, body?: unknown) {
  const fetchMock = vi.fn(
    async (_request: Request) =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}
