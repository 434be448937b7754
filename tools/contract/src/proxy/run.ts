import type { Contract } from '@devenv/openapi'
import type { JudgedRun } from './judging'
import { startJudgingThread } from './judging-thread'
import { startProxyServer } from './transport'

/** What a run of the proxy saw: where it ran, and what the judging of its exchanges came to. */
export type ProxyRun = JudgedRun & {
  /** The upstream's URL. */
  upstream: string
  /** Where the proxy listened. */
  address: string
  startedAt: Date
  durationMs: number
  /** Why the run ended: `SIGINT`, `SIGTERM`, `duration`. */
  endedBy: string
}

export type ProxyRunOptions = {
  /** An origin: http://host:port. */
  upstream: URL
  port: number
  host?: string
  /** How long the upstream may stay silent before the client gets a 504. */
  timeoutMs: number
  contract: Contract
  /** Where `contract` was loaded from (undefined: the bundled one), for the judging thread. */
  contractPath?: string
  /** Settles with the reason the run ends (a signal's name, `duration`); called once it listens. */
  stop: (started: { address: string; startedAt: Date }) => Promise<string>
  /** Where the proxy's lines go (one per violation as it happens). */
  print: (line: string) => void
}

/**
 * Runs the validation proxy until `stop` settles: every exchange is forwarded untouched, then
 * judged against the contract off the way of the traffic. Answers what the run saw.
 */
export async function runValidationProxy(options: ProxyRunOptions): Promise<ProxyRun> {
  const { upstream } = options
  // Exchanges are read and judged on a thread of their own, off the relay's.
  const judging = startJudgingThread(
    { upstream: upstream.href, contractPath: options.contractPath },
    options.print,
  )
  const startedAt = new Date()
  const started = performance.now()
  const server = await startProxyServer({
    upstream,
    port: options.port,
    host: options.host,
    timeoutMs: options.timeoutMs,
    traffic: judging.traffic,
  })
  const endedBy = await options.stop({ address: server.address, startedAt })
  await server.close()
  const judged = await judging.finish()
  return {
    upstream: upstream.href,
    address: server.address,
    startedAt,
    durationMs: performance.now() - started,
    endedBy,
    ...judged,
  }
}
