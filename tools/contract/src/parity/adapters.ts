/**
 * The stub's two adapters side by side for the parity tests: the Fastify server and the MSW
 * adapter in this process (intercepting `fetch` at a fake origin), built from the same settings.
 */
import { buildServer, type ServerOptions } from '@devenv/stub-api'
import { createNodeStub, type NodeStub } from '@devenv/stub-api/msw/node'

/** The fake origin MSW answers for: nothing listens there, only the interception does. */
export const MSW_ORIGIN = 'http://stub.test'

/** Settings both adapters understand (the core's): mode, clock, secrets, lifecycles, limits. */
export type StubSettings = Omit<ServerOptions, 'randomBytes' | 'logStream' | 'logLevel'>

/**
 * Random bytes that are the same for every stub built with the same seed (xorshift32): with
 * the clock fixed too, both adapters make the same ids, salts and tokens, so answers compare
 * byte for byte. Not for anything but tests.
 */
export function repeatableRandomBytes(seed: number): (size: number) => Uint8Array {
  let state = seed >>> 0 || 1
  return (size) => {
    const bytes = new Uint8Array(size)
    for (let index = 0; index < size; index += 1) {
      state ^= state << 13
      state ^= state >>> 17
      state ^= state << 5
      state >>>= 0
      bytes[index] = state & 0xff
    }
    return bytes
  }
}

export function fastifyStub(settings: StubSettings, randomSeed?: number) {
  return buildServer({
    ...settings,
    logLevel: 'silent',
    ...(randomSeed === undefined ? {} : { randomBytes: repeatableRandomBytes(randomSeed) }),
  })
}

export async function mswStub(settings: StubSettings, randomSeed?: number): Promise<NodeStub> {
  const { scryptCost, ...core } = settings
  const stub = createNodeStub({
    ...core,
    ...(scryptCost === undefined ? {} : { scryptCost }),
    origin: MSW_ORIGIN,
    ...(randomSeed === undefined
      ? {}
      : { platform: { randomBytes: repeatableRandomBytes(randomSeed) } }),
  })
  await stub.start()
  return stub
}
