import type { ProxyContract, Violation } from './contract-checks'
import { type ProxiedExchange, startProxyServer } from './transport'

/** One distinct exchange the proxy saw: what coverage is computed from. */
export type SeenExchange = {
  operationId: string | undefined
  method: string
  url: string
  status: number | undefined
  /** The request body as text, when it was small enough to keep (for example coverage). */
  requestBody: string | undefined
}

/** Exchanges of one operation (or, for undocumented ones, of one method and path). */
export type OperationTally = {
  operationId: string | undefined
  method: string
  path: string
  passed: number
  failed: number
  statusesSeen: Set<number>
}

export type ProxyRun = {
  upstream: string
  address: string
  startedAt: Date
  finishedAt: Date
  /** Why the run ended: `SIGINT`, `SIGTERM` or `duration`. */
  endedBy: string
  exchangeCount: number
  tallies: OperationTally[]
  /** Distinct by operation, status and request body, in the order first seen. */
  distinctExchanges: SeenExchange[]
  violationCount: number
  /** The first violations (all of them but in very long, very broken sessions). */
  violations: Violation[]
}

export type ProxyRunOptions = {
  upstream: URL
  port: number
  host?: string
  contract: ProxyContract
  /** Settles with the reason the run ends (a signal's name, `duration`). */
  stop: (started: { address: string }) => Promise<string>
  /** Where the proxy's lines go (one per violation as it happens). */
  print: (line: string) => void
}

// A long session through the proxy must not grow without bound: past these, only the counts go on.
const KEPT_DISTINCT_EXCHANGES = 20_000
const KEPT_VIOLATIONS = 10_000
// Documented examples are small: a larger body cannot be one of them.
const KEPT_REQUEST_BODY_BYTES = 16 * 1024

export function formatViolation(violation: Violation): string {
  const { operationId, check, message, request, status } = violation
  const answer = status === undefined ? 'no answer' : String(status)
  return `violation: ${operationId ?? '(no operation)'} ${check}: ${message} [${request.method} ${request.url} -> ${answer}]`
}

/**
 * Runs the validation proxy until `stop` settles: every exchange is forwarded untouched, then
 * judged against the contract once its client has the answer. Answers what the run saw.
 */
export async function runValidationProxy(options: ProxyRunOptions): Promise<ProxyRun> {
  const { contract, print } = options
  const tallies = new Map<string, OperationTally>()
  const distinct = new Map<string, SeenExchange>()
  const violations: Violation[] = []
  let exchangeCount = 0
  let violationCount = 0
  const judge = (exchange: ProxiedExchange) => {
    const judged = contract.judge(exchange)
    exchangeCount++
    for (const violation of judged.violations) {
      print(formatViolation(violation))
      violationCount++
      if (violations.length < KEPT_VIOLATIONS) violations.push(violation)
    }
    const path = exchange.url.split('?')[0] ?? exchange.url
    const tallyKey = judged.operationId ?? `${exchange.method} ${path}`
    let tally = tallies.get(tallyKey)
    if (!tally) {
      tally = {
        operationId: judged.operationId,
        method: exchange.method,
        path,
        passed: 0,
        failed: 0,
        statusesSeen: new Set(),
      }
      tallies.set(tallyKey, tally)
    }
    if (judged.violations.length === 0) tally.passed++
    else tally.failed++
    if (exchange.status !== undefined) tally.statusesSeen.add(exchange.status)

    const body = exchange.requestBody
    const requestBody =
      body && body.length > 0 && body.length <= KEPT_REQUEST_BODY_BYTES
        ? body.toString('utf8')
        : undefined
    const distinctKey = `${tallyKey}\n${exchange.status}\n${requestBody ?? ''}`
    if (distinct.size < KEPT_DISTINCT_EXCHANGES && !distinct.has(distinctKey))
      distinct.set(distinctKey, {
        operationId: judged.operationId,
        method: exchange.method,
        url: exchange.url,
        status: exchange.status,
        requestBody,
      })
  }
  const startedAt = new Date()
  const server = await startProxyServer({
    upstream: options.upstream,
    port: options.port,
    host: options.host,
    onExchange: (exchange) => {
      try {
        judge(exchange)
      } catch (error) {
        // A judgement that throws is the proxy's own bug: say so, and keep forwarding.
        print(`proxy: could not check ${exchange.method} ${exchange.url}: ${String(error)}`)
      }
    },
  })
  const endedBy = await options.stop({ address: server.address })
  await server.close()
  // Judgements are queued behind each answer (setImmediate): let the last ones run.
  await new Promise((resolve) => setImmediate(resolve))
  return {
    upstream: options.upstream.href,
    address: server.address,
    startedAt,
    finishedAt: new Date(),
    endedBy,
    exchangeCount,
    tallies: [...tallies.values()],
    distinctExchanges: [...distinct.values()],
    violationCount,
    violations,
  }
}
