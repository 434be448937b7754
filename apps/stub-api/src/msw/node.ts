import { type Contract, loadPortableContract } from '@devenv/openapi/portable'
import { type SetupServer, setupServer } from 'msw/node'
import { createStubCore, type StubCore, type StubCoreOptions } from '../core'
import { nativeHashingSlots, nativeScrypt } from '../node/scrypt'
import type { StubExchange } from './exchange'
import { createStubHandlers, resetAllStores } from './handlers'

export const DEFAULT_NODE_STUB_ORIGIN = 'http://stub.test'

export type NodeStubOptions = Omit<StubCoreOptions, 'contract'> & {
  /** The origin MSW answers for; every path of it goes to the stub. */
  origin?: string
  /** The contract; by default the portable one, as in the browser. */
  contract?: Contract
  /** The caller's address the core sees (per-client rate limits). */
  ip?: string
  /** A stub session for every request, over header and cookie. */
  session?: string
  /** What MSW does with requests to other origins; they go to the network by default. */
  onUnhandledRequest?: 'bypass' | 'warn' | 'error'
  onExchange?: (exchange: StubExchange) => void
}

export type NodeStub = {
  origin: string
  core: StubCore
  server: SetupServer
  /** Starts intercepting `fetch` (and http) at the origin, once the core is ready. */
  start(): Promise<void>
  /** Stops intercepting and closes the core (pending saves flushed). */
  stop(): Promise<void>
  /** Every store back to its seeds, sessions dropped (`POST /__dev/reset?all=true`). */
  reset(): Promise<void>
}

/**
 * The stub in this Node process: MSW intercepts requests to `origin` (a fake one such as
 * `http://stub.test`) and the core answers them, as the Fastify server would over a port.
 */
export function createNodeStub(options: NodeStubOptions = {}): NodeStub {
  const {
    origin: givenOrigin = DEFAULT_NODE_STUB_ORIGIN,
    contract = loadPortableContract(),
    ip,
    session,
    onUnhandledRequest = 'bypass',
    onExchange,
    platform,
    ...coreOptions
  } = options
  const origin = new URL(givenOrigin).origin
  // Node's native scrypt is several times faster than the portable one; the hashes are the same.
  const core = createStubCore({
    ...coreOptions,
    contract,
    platform: { scrypt: nativeScrypt, hashingSlots: nativeHashingSlots, ...platform },
  })
  const server = setupServer(
    ...createStubHandlers(core, {
      origin,
      everyPath: true,
      ...(ip ? { ip } : {}),
      ...(session ? { session: () => session } : {}),
      ...(onExchange ? { onExchange } : {}),
    }),
  )
  let listening = false
  return {
    origin,
    core,
    server,
    async start() {
      await core.ready()
      if (listening) return
      server.listen({ onUnhandledRequest })
      listening = true
    },
    async stop() {
      if (listening) server.close()
      listening = false
      await core.close()
    },
    reset: () => resetAllStores(core, ip),
  }
}

export { exchangeLine, type StubExchange } from './exchange'
export { createStubHandlers, type StubHandlerOptions } from './handlers'
