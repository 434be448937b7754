import type { Contract } from '@devenv/openapi'
import { coverageOfExchanges, type ToldEvent } from '../report'
import { knownSecrets } from '../report/secrets'
import { startJudgingThread } from './judging-thread'
import { type ProxyRun, proxyEndEvents } from './report'
import { startProxyServer } from './transport'

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
  /** `--record DIR`: where the sessions' recordings are written, and their bound in bytes. */
  record?: { dir: string; maxBytes: number }
  /** Settles with the reason the run ends (a signal's name, `duration`); called once it listens. */
  stop: (started: { address: string; startedAt: Date }) => Promise<string>
  /**
   * The run's events: its start once it listens, each violation (an alert) and each distinct
   * exchange's check as they are judged, its notes and coverage at its end.
   */
  tell: (event: ToldEvent) => void
}

/**
 * Runs the validation proxy until `stop` settles: every exchange is forwarded untouched, then
 * judged against the contract off the way of the traffic. Answers what the run saw.
 */
export async function runValidationProxy(options: ProxyRunOptions): Promise<ProxyRun> {
  const { upstream, tell } = options
  // Exchanges are read and judged on a thread of their own, off the relay's.
  const judging = startJudgingThread(
    {
      upstream: upstream.href,
      contractPath: options.contractPath,
      ...(options.record ? { record: options.record, secrets: knownSecrets() } : {}),
    },
    tell,
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
  tell({
    type: 'started',
    mode: 'proxy',
    target: upstream.href,
    startedAt: startedAt.toISOString(),
  })
  // Nothing exercised yet: a run stopped before its end still reports every operation.
  tell({ type: 'coverage', coverage: coverageOfExchanges(options.contract, []) })
  const endedBy = await options.stop({ address: server.address, startedAt })
  await server.close()
  const run = {
    ...(await judging.finish()),
    upstream: upstream.href,
    address: server.address,
    startedAt,
    durationMs: performance.now() - started,
    endedBy,
  }
  for (const event of proxyEndEvents(run)) tell(event)
  return run
}
