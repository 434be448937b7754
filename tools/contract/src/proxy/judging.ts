import { createHash } from 'node:crypto'
import {
  type Contract,
  type ContractCoverage,
  createCoverageRecorder,
  requestExampleOf,
  responseExampleOf,
} from '@devenv/openapi'
import type { RecordingSummary } from '../replay/recorder'
import { type CheckEvent, type CheckResult, checkEvent, redactText } from '../report'
import { printable } from '../report/printable'
import { judgeExchange, type Violation } from './contract-checks'
import { excerpt, keptExchange } from './exchange'
import type { FramingProblem, ProxiedExchange } from './reading'

/** Where exchanges of no documented operation are reported. */
export const UNDOCUMENTED_SUITE = 'undocumented operations'

/** What the judging of a run's exchanges came to, besides its checks (told as they are judged). */
export type JudgedRun = {
  exchangeCount: number
  violationCount: number
  /** Which operations, documented statuses and examples the traffic exercised. */
  coverage: ContractCoverage
  /** What the kept checks take, by the proxy's own count (KEPT_BYTES at most). */
  keptBytes: number
  /** Distinct exchanges judged (and counted) whose details were not kept, and why. */
  notKept: NotKept
  /** What `--record` wrote. */
  recording?: RecordingSummary
}

export type NotKept = {
  /** Distinct exchanges; at least this many when `atLeast`. */
  distinct: number
  atLeast: boolean
  /** How often they were seen. */
  seen: number
  /** The limits that were reached. */
  why: string[]
}

export type Judging = {
  judge: (exchange: ProxiedExchange) => void
  framing: (problem: FramingProblem) => void
  /**
   * The checks to tell: one per distinct exchange (operation, method, path, status and verdict),
   * each new since the last call, and with `recounted` each seen again since (how often is in
   * its detail): a session of thousands of identical requests is a few checks.
   */
  told: (recounted: boolean) => CheckEvent[]
  judged: () => JudgedRun
}

// The checks of the answer's schema, which the summary counts apart.
const SCHEMA_CHECKS = ['status', 'media type', 'schema', 'headers']

/** The check a request of ambiguous framing fails (RFC 9112 §6.3). */
export const FRAMING_CHECK = 'framing'

// A long session must not grow without bound, in checks nor in bytes: past either, new kinds of
// exchange are judged and counted, but only their number is kept.
const KEPT_DISTINCT_CHECKS = 20_000
/**
 * The most the kept checks may take, by the proxy's own count: two bytes per character of text
 * (what a JavaScript string takes at most) plus CHECK_OVERHEAD_BYTES each. Each text is cut to
 * EXCERPT_BYTES, so a check takes some 100 KiB at worst: this is hundreds of the worst and
 * tens of thousands of the usual. The reports hold each kept text once or twice, escaped: their
 * size follows this budget, not the traffic.
 */
export const KEPT_BYTES = 64 * 1024 * 1024
// The objects and the map entry around a check's texts.
const CHECK_OVERHEAD_BYTES = 512
// Digests of the distinct exchanges not kept, to count each once; past this, "at least".
const NOT_KEPT_DIGESTS = 100_000
// Documented examples are small: a larger body cannot be one of them.
const EXAMPLE_SIZED_BODY_BYTES = 16 * 1024

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes / 1024} KiB`

/** The limits of what is kept; only tests set others. */
export type KeptLimits = { keptBytes: number; checks: number }

const exampleText = (body: Buffer | undefined) =>
  body?.length && body.length <= EXAMPLE_SIZED_BODY_BYTES ? body.toString('utf8') : undefined

function formatViolation(violation: Violation): string {
  const { operationId, check, message, request, status } = violation
  const answer = status === undefined ? 'no answer' : String(status)
  // Printed as it happens, so it passes the reports' redaction itself: no secret in a terminal.
  return redactText(
    // The message may quote the server's keys and text: one line, whatever they hold.
    `violation: ${operationId ?? '(no operation)'} ${check}: ${printable(excerpt(message))} [${printable(excerpt(`${request.method} ${request.url}`))} -> ${answer}]`,
  )
}

/** A key of any length as a few bytes: the keys hold URLs and messages a client chose. */
const digestOf = (key: string) => createHash('sha256').update(key).digest('base64')

const textBytes = (texts: ReadonlyArray<string | undefined>) =>
  texts.reduce((sum, text) => sum + 2 * (text?.length ?? 0), 0)

type Kept = {
  suite: string
  check: CheckResult
  seen: number
  /** Why it has no reproducer, and the body as kept, for its detail. */
  note?: string
  digest: string
}

/** What one kept check takes, by the count KEPT_BYTES is in. */
function keptBytesOf(digest: string, { suite, check, note }: Kept): number {
  const request = check.exchange?.request
  return (
    CHECK_OVERHEAD_BYTES +
    textBytes([digest, suite, check.name, check.message, note, check.exchange?.operationId]) +
    textBytes([request?.method, request?.url, request?.body]) +
    textBytes(Object.entries(request?.headers ?? {}).flat())
  )
}

/** The distinct exchanges of one suite and check not kept. */
type Uncounted = { suite: string; name: string; failed: boolean; distinct: number; seen: number }

const times = (count: number) => `${count} time${count === 1 ? '' : 's'}`

/**
 * Judges each exchange against the contract, prints each violation as it is found, and keeps
 * one check per distinct exchange (told as it is first judged, then as it is seen again) and the
 * coverage for the reports, within KEPT_BYTES.
 */
export function createJudging(
  contract: Contract,
  upstream: URL,
  print: (line: string) => void,
  limits: Partial<KeptLimits> = {},
): Judging {
  const { keptBytes: budget = KEPT_BYTES, checks = KEPT_DISTINCT_CHECKS } = limits
  const checksFull = `past the ${checks.toLocaleString('en-US')} distinct checks the proxy keeps for its reports`
  const bytesFull = `past the ${sizeText(budget)} the proxy keeps for its reports`
  const kept = new Map<string, Kept>()
  let keptBytes = 0
  const full = new Set<string>()
  const uncounted = new Map<string, Uncounted>()
  const notKeptDigests = new Set<string>()
  const notKept: NotKept = { distinct: 0, atLeast: false, seen: 0, why: [] }
  const coverage = createCoverageRecorder(contract)
  let exchangeCount = 0
  let violationCount = 0
  // The kept checks seen since they were last told; `fresh`: a check new since, told at once.
  const untold = new Set<Kept>()
  let fresh = false

  /** Keeps the check `make` makes, once per key; past a limit, only counts it. */
  const keep = (
    key: string,
    make: () => Omit<Kept, 'digest'>,
    uncountedAs: Omit<Uncounted, 'distinct' | 'seen'>,
  ) => {
    const digest = digestOf(key)
    const known = kept.get(digest)
    if (known) {
      known.seen++
      untold.add(known)
      return
    }
    if (full.size === 0 && kept.size >= checks) full.add(checksFull)
    if (full.size === 0) {
      const made = { ...make(), digest }
      const bytes = keptBytesOf(digest, made)
      if (keptBytes + bytes <= budget) {
        kept.set(digest, made)
        keptBytes += bytes
        untold.add(made)
        fresh = true
        return
      }
      // From the first that does not fit: a report that keeps later small ones but not an
      // earlier large one would read as if the large one never came.
      full.add(bytesFull)
    }
    const group = `${uncountedAs.suite}\n${uncountedAs.name}\n${uncountedAs.failed}`
    let counted = uncounted.get(group)
    if (counted === undefined) {
      counted = { ...uncountedAs, distinct: 0, seen: 0 }
      uncounted.set(group, counted)
      fresh = true
    }
    counted.seen++
    notKept.seen++
    if (notKeptDigests.has(digest)) return
    if (notKeptDigests.size >= NOT_KEPT_DIGESTS) {
      notKept.atLeast = true
      return
    }
    notKeptDigests.add(digest)
    counted.distinct++
    notKept.distinct++
  }

  /** Prints and keeps a violation; `unrepeatable` says why its request cannot be repeated, when its exchange cannot tell. */
  const keepViolation = (
    violation: Violation,
    exchange: ProxiedExchange,
    unrepeatable?: string,
  ) => {
    print(formatViolation(violation))
    violationCount++
    const { operationId, check, message, request } = violation
    const suite = operationId ?? UNDOCUMENTED_SUITE
    const status = exchange.status ?? null
    keep(
      `${suite}\n${check}\n${message}\n${request.method} ${request.url}\n${status}`,
      () => {
        const cut = keptExchange(upstream, operationId, exchange, { body: true })
        const why = unrepeatable ?? cut.unrepeatable
        const body = cut.exchange.request.body
        return {
          suite,
          seen: 1,
          ...(why === undefined
            ? {}
            : {
                note: `${why}${cut.unrepeatable === undefined || body === undefined ? '' : `\nthe request body as kept:\n${body}`}`,
              }),
          check: {
            name: check,
            status: 'failed',
            message: excerpt(message),
            durationMs: 0,
            schemaViolation: SCHEMA_CHECKS.includes(check),
            exchange: why === undefined ? cut.exchange : { ...cut.exchange, unrepeatable: true },
          },
        }
      },
      { suite, name: check, failed: true },
    )
  }

  const judge = (exchange: ProxiedExchange) => {
    const { operationId, violations } = judgeExchange(contract, exchange)
    exchangeCount++
    const suite = operationId ?? UNDOCUMENTED_SUITE
    const path = exchange.url.split('?')[0] ?? exchange.url
    const status = exchange.status ?? null
    const operation = operationId === undefined ? undefined : contract.byId.get(operationId)
    if (operation && exchange.status !== undefined) {
      const answer = exampleText(exchange.answerBody)
      coverage.record({
        operationId: operation.operationId,
        status: exchange.status,
        requestExample: requestExampleOf(operation, exampleText(exchange.requestBody)),
        responseExample:
          answer === undefined ? undefined : responseExampleOf(operation, exchange.status, answer),
      })
    }
    if (violations.length === 0) {
      keep(
        `${suite}\n${exchange.method} ${path}\n${status}`,
        () => ({
          suite,
          seen: 1,
          check: {
            name: excerpt(`${exchange.method} ${path} -> ${status}`),
            status: 'passed',
            durationMs: 0,
            // No report shows a passed check's request body: it is not kept.
            exchange: keptExchange(upstream, operationId, exchange, { body: false }).exchange,
          },
        }),
        { suite, name: 'passed', failed: false },
      )
      return
    }
    for (const violation of violations) keepViolation(violation, exchange)
  }

  const framing = ({ method, url, message }: FramingProblem) => {
    exchangeCount++
    const operationId = contract.match(method, url)?.operation.operationId
    const request = { method, url }
    keepViolation(
      { operationId, check: FRAMING_CHECK, message, request, status: undefined },
      {
        ...request,
        requestHeaders: {},
        requestBody: undefined,
        status: undefined,
        answerHeaders: {},
        answerBody: undefined,
      },
      // curl frames its body itself: what failed is what it cannot send.
      'no reproducer: the framing of the request is what failed, and curl frames the requests it sends itself',
    )
  }

  return {
    judge: (exchange) => {
      try {
        judge(exchange)
      } catch (error) {
        // A judgement that throws is the proxy's own bug: say so, and keep forwarding.
        print(`proxy: could not check ${exchange.method} ${exchange.url}: ${String(error)}`)
      }
    },
    framing: (problem) => {
      try {
        framing(problem)
      } catch (error) {
        print(
          `proxy: could not report the framing of ${problem.method} ${problem.url}: ${String(error)}`,
        )
      }
    },
    told: (recounted) => {
      if (!fresh && !recounted) return []
      fresh = false
      const why = [...full].join(' and ')
      const events = [...untold].map(({ suite, check, seen, note, digest }) =>
        checkEvent(
          { name: suite, kind: 'operation' },
          { ...check, detail: `seen ${times(seen)}${note === undefined ? '' : `\n${note}`}` },
          digest,
        ),
      )
      untold.clear()
      // Those not kept are a check per operation and check at most: each told again whole.
      for (const [group, { suite, name, failed, distinct, seen }] of uncounted) {
        const text = `${notKept.atLeast ? 'at least ' : ''}${distinct} more distinct ${failed ? `${name} violation` : 'passed exchange'}${distinct === 1 ? '' : 's'}, seen ${times(seen)}, judged but not kept in detail: ${why}`
        events.push(
          checkEvent(
            { name: suite, kind: 'operation' },
            {
              name: `${failed ? name : 'passed'} (details not kept)`,
              status: failed ? 'failed' : 'passed',
              schemaViolation: failed && SCHEMA_CHECKS.includes(name),
              ...(failed ? { message: text } : {}),
              detail: text,
              durationMs: 0,
            },
            `not kept\n${group}`,
          ),
        )
      }
      return events
    },
    judged: () => ({
      exchangeCount,
      violationCount,
      coverage: coverage.report(),
      keptBytes,
      notKept: { ...notKept, why: [...full] },
    }),
  }
}
