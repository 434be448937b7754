import { createNodeStub } from '@devenv/stub-api/msw/node'

/** How the test stub is reached: one request in, its answer out. */
export type StubTransport = {
  fetch(url: string, init: RequestInit): Promise<Response>
  /** Back to the seeds: every store, mailbox, clock and limit. */
  reset(): Promise<void>
  stop(): Promise<void>
}

/**
 * The stub in this test file's process, through MSW (`@devenv/stub-api/msw/node`): the same core
 * as the Fastify server and the browser stub, in test mode (an answer that drifts from the
 * contract is a 500), intercepting `fetch` at the page's origin. scrypt is cheap here.
 */
export async function startStubTransport(origin: string): Promise<StubTransport> {
  const stub = createNodeStub({ origin, mode: 'test', scryptCost: 1024 })
  await stub.start()
  // MSW has wrapped the global fetch by now: requests to the origin reach the stub.
  const send = globalThis.fetch
  return {
    fetch: (url, init) => send(url, init),
    reset: () => stub.reset(),
    stop: () => stub.stop(),
  }
}
