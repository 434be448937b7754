import { inject } from 'vitest'

/** How the test stub is reached: one request in, its answer out. */
export type StubTransport = {
  fetch(request: Request): Promise<Response>
  /** Back to the seeds: every store, mailbox, clock and limit. */
  reset(): Promise<void>
  stop(): Promise<void>
}

// INTERIM (until the MSW node stub lands): the run's Fastify stub, this file's own stub session.
export async function startStubTransport(_origin: string): Promise<StubTransport> {
  const stubOrigin = inject('stubOrigin')
  const session = `web-${Math.random().toString(36).slice(2)}`
  const send = globalThis.fetch
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url)
    const headers = new Headers(request.headers)
    headers.set('x-stub-session', session)
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text()
    const body = text === '' ? null : text
    return send(`${stubOrigin}${url.pathname}${url.search}`, {
      method: request.method,
      headers,
      body,
    })
  }
  return {
    fetch,
    reset: async () => {
      await send(`${stubOrigin}/__dev/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-stub-session': session },
        body: '{}',
      })
    },
    stop: async () => {},
  }
}
