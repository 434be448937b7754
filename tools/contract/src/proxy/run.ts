import type { Contract, ContractCoverage } from '@devenv/openapi'
import type { Suite } from '../report'
import { createJudging, type JudgedRun } from './judging'
import { startJudgingThread } from './judging-thread'
import { readTraffic } from './reading'
import { type RelayControl, startProxyServer } from './transport'

export { formatViolation, UNDOCUMENTED_SUITE } from './judging'

export type ProxyRun = {
  /** The upstream's URL. */
  upstream: string
  /** Where the proxy listened. */
  address: string
  startedAt: Date
  durationMs: number
  /** Why the run ended: `SIGINT`, `SIGTERM`, `duration`. */
  endedBy: string
  exchangeCount: number
  violationCount: number
  /**
   * One check per distinct exchange (operation, method, path, status and verdict): a session
   * of thousands of identical requests is a few checks, each saying how often it was seen.
   */
  suites: Suite[]
  /** Which operations, documented statuses and examples the traffic exercised. */
  coverage: ContractCoverage
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
  /**
   * Where exchanges are read and judged: on a thread of their own (the default), or on the
   * relay's thread, which tests use to see the same code without a thread to start.
   */
  judgeOn?: 'own thread' | 'relay thread'
  /** Settles with the reason the run ends (a signal's name, `duration`). */
  stop: (started: { address: string }) => Promise<string>
  /** Where the proxy's lines go (one per violation as it happens). */
  print: (line: string) => void
}

/** Reads and judges on the relay's own thread. */
function judgingHere(options: ProxyRunOptions) {
  const judging = createJudging(options.contract, options.upstream, options.print)
  return {
    traffic: (relay: RelayControl) =>
      readTraffic(
        {
          exchange: (exchange) => setImmediate(judging.judge, exchange),
          act: relay.act,
          unreadable: (reason) => options.print(`proxy: ${reason}; forwarded, not checked`),
        },
        relay.answer,
      ),
    finish: async (): Promise<JudgedRun> => {
      // Judgements are queued behind each answer (setImmediate): let the last ones run.
      await new Promise((resolve) => setImmediate(resolve))
      return judging.judged()
    },
  }
}

/**
 * Runs the validation proxy until `stop` settles: every exchange is forwarded untouched, then
 * judged against the contract off the way of the traffic. Answers what the run saw.
 */
export async function runValidationProxy(options: ProxyRunOptions): Promise<ProxyRun> {
  const { upstream } = options
  const judging =
    options.judgeOn === 'relay thread'
      ? judgingHere(options)
      : startJudgingThread(
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
  const endedBy = await options.stop({ address: server.address })
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
