import { captureAnswer, loadContract } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import { fuzzRunEvents, fuzzRunReport, shapeFuzzReport } from '../fuzz/report'
import { Tally } from '../fuzz/tally'
import { createJudging } from '../proxy/judging'
import type { ProxiedExchange } from '../proxy/reading'
import { proxyEndEvents, proxyRunReport, proxyStarted, shapeProxyReport } from '../proxy/report'
import type { ProxyRun } from '../proxy/run'
import { coverageOfExchanges } from './coverage'
import { checkEventsOf, type RunEvent, RunStream } from './events'
import { buildRunReport } from './run-report'
import type { Suite } from './suites'

const coverage = coverageOfExchanges(loadContract(), [])
const target = 'http://127.0.0.1:4010/api'
const startedAt = '2026-01-01T00:00:00.000Z'

const suites: Suite[] = [
  {
    name: 'target',
    kind: 'flow',
    checks: [{ name: 'GET /health answers', status: 'passed', durationMs: 1 }],
  },
  {
    name: 'signIn',
    kind: 'operation',
    checks: [
      { name: 'documented request', status: 'failed', message: 'expected 200', durationMs: 2 },
      { name: 'without a token', status: 'skipped', message: 'no account', durationMs: 0 },
    ],
  },
]

/** A run told as events: what `check` emits, in its order. */
async function tell(run: RunStream): Promise<void> {
  await run.emit({ type: 'started', mode: 'check', target, startedAt })
  await run.emit({ type: 'note', text: 'mailbox: off' })
  await run.emit({ type: 'progress', text: 'operation signIn' })
  for (const suite of suites) await run.emitAll(checkEventsOf(suite))
  await run.emit({ type: 'finding', finding: { title: 'enumeration', detail: 'known e-mails' } })
  await run.emit({ type: 'part skipped', part: 'check.protected', reason: 'no account' })
  await run.emit({ type: 'coverage', coverage })
}

describe('a run as one stream of events', () => {
  it('accumulates the events into the report the mode would have built whole', async () => {
    const run = new RunStream()
    await tell(run)
    const report = await run.finish(12)
    expect(report).toEqual(
      buildRunReport({
        mode: 'check',
        target,
        startedAt,
        durationMs: 12,
        notes: ['mailbox: off'],
        suites,
        findings: [{ title: 'enumeration', detail: 'known e-mails' }],
        skippedParts: [{ part: 'check.protected', reason: 'no account' }],
        coverage,
      }),
    )
  })

  it('hands every event to each handler in order, the finished report last, --allow-skip applied', async () => {
    const seen: string[] = []
    let finished: RunEvent | undefined
    const run = new RunStream(
      [
        (event) => {
          seen.push(event.type)
          if (event.type === 'finished') finished = event
        },
      ],
      ['check.*'],
    )
    await tell(run)
    await run.finish(12)
    expect(seen).toEqual([
      'started',
      'note',
      'progress',
      'check passed',
      'check failed',
      'check skipped',
      'finding',
      'part skipped',
      'coverage',
      'finished',
    ])
    expect(finished?.type === 'finished' && finished.report.skippedParts).toEqual([
      { part: 'check.protected', reason: 'no account', accepted: true },
    ])
  })

  it('refuses to finish a run that never started or told its coverage', async () => {
    await expect(new RunStream().finish(0)).rejects.toThrow(/after it started/)
  })
})

describe("each mode's events", () => {
  const upstream = new URL('http://127.0.0.1:4010/')
  const exchange = (method: string, url: string, status: number): ProxiedExchange => ({
    method,
    url,
    requestHeaders: { 'content-type': 'application/json', authorization: 'Bearer abc.def' },
    requestBody: method === 'GET' ? undefined : Buffer.from('{"email":"a@example.com"}'),
    requestBodyBytes: method === 'GET' ? 0 : 25,
    status,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: Buffer.from(
      JSON.stringify({ status: 'ok', version: '1.0.0', uptimeSeconds: 1, time: startedAt }),
    ),
  })

  it('proxy: its start, a violation alert as each is judged and its end add up to the report it writes', async () => {
    const alerts: string[] = []
    const judging = createJudging(loadContract(), upstream, (line) => alerts.push(line))
    judging.judge(exchange('GET', '/api/v1/health', 200))
    judging.judge(exchange('GET', '/api/v1/health', 200))
    judging.judge(exchange('GET', '/api/flood', 404))
    judging.framing({ method: 'GET', url: '/api/v1/health', message: 'two lengths' })
    const run: ProxyRun = {
      ...judging.judged(),
      upstream: upstream.href,
      address: 'http://127.0.0.1:4011',
      startedAt: new Date(startedAt),
      durationMs: 7,
      endedBy: 'SIGINT',
    }
    const seen: RunEvent[] = []
    const stream = new RunStream([(event) => void seen.push(event)])
    await stream.emit(proxyStarted(run.upstream, run.startedAt))
    for (const text of alerts) await stream.emit({ type: 'alert', text })
    await stream.emitAll(proxyEndEvents(run))
    const report = await stream.finish(run.durationMs, shapeProxyReport(run))

    expect(report).toEqual(proxyRunReport(run))
    expect(seen.filter((event) => event.type === 'alert')).toHaveLength(alerts.length)
    expect(alerts.every((line) => line.startsWith('violation: '))).toBe(true)
    // What the proxy does to its built report holds for the streamed one.
    expect(
      report.failures.map(({ suite, operationId, reproducer }) => ({
        suite,
        operationId,
        reproducer: reproducer !== null,
      })),
    ).toEqual([
      { suite: 'getHealth', operationId: 'getHealth', reproducer: false },
      { suite: 'undocumented operations', operationId: null, reproducer: true },
    ])
    expect(report.summary.passed).toBe(1)
  })

  it('fuzz: its checks, notes, skipped parts and coverage add up to the report it writes, statuses seen included', async () => {
    const contract = loadContract()
    const tally = new Tally(contract)
    const signIn = (status: number) => ({
      operationId: 'signIn',
      request: { method: 'POST', url: '/api/v1/auth/sign-in', headers: {}, body: '{}' },
      answer: {
        ...captureAnswer(status, { 'content-type': 'application/json' }, '{}'),
        logged: [],
      },
      input: 'positive' as const,
      auth: 'public' as const,
      ruleFields: [],
    })
    tally.record('fuzz', signIn(401), [])
    tally.record('fuzz', signIn(500), [{ check: 'not_a_server_error', problem: 'a 5xx answer' }])
    const run = {
      contract,
      origin: 'http://127.0.0.1:4010',
      seed: 7,
      startedAt,
      durationMs: 9,
      fuzz: { tally, seed: 7, durationMs: 9, batches: 1, withheld: 0, notes: [] },
      stateful: undefined,
      notes: ['time: 0:01, within --max-time 5:00'],
      skippedParts: [{ part: 'fuzz.stateful', reason: '--sequences 0', accepted: true }],
    }
    const shard = { index: 1, total: 2, run: 'r', contract: 'c' }
    const stream = new RunStream()
    await stream.emitAll(fuzzRunEvents(run, shard))
    const report = await stream.finish(run.durationMs, shapeFuzzReport(run))

    expect(report).toEqual({ ...fuzzRunReport(run), shard })
    expect(report.summary.failed).toBe(1)
    expect(report.operations.find((each) => each.operationId === 'signIn')?.statusesSeen).toEqual([
      401, 500,
    ])
  })
})
