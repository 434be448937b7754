import { captureAnswer, loadContract } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import { coverageEvent, verdictEvents } from '../fuzz/report'
import { Tally } from '../fuzz/tally'
import { createJudging } from '../proxy/judging'
import type { ProxiedExchange } from '../proxy/reading'
import { coverageOfExchanges } from './coverage'
import { checkEvent, checkEventsOf, type RunEvent, RunStream, type ToldEvent } from './events'
import { reportOfEvents } from './events-test-support'
import { buildRunReport, type RunReport, untestedParts } from './run-report'
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
        {
          start: () => void seen.push('start'),
          handle: (event) => {
            seen.push(event.type)
            if (event.type === 'finished') finished = event
          },
          shutdown: () => void seen.push('shutdown'),
        },
      ],
      ['check.*'],
    )
    await tell(run)
    await run.finish(12)
    expect(seen).toEqual([
      'start',
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
      'shutdown',
    ])
    expect(finished?.type === 'finished' && finished.report.skippedParts).toEqual([
      { part: 'check.protected', reason: 'no account', accepted: true },
    ])
  })

  it('refuses to finish a run that never started or told its coverage', async () => {
    await expect(new RunStream().finish(0)).rejects.toThrow(/after it started/)
  })

  it('takes a check told again with its id as its newer verdict, in the place it was first told', async () => {
    const suite = { name: 'signIn', kind: 'operation' } as const
    const verdict = (status: 'passed' | 'failed', message?: string) =>
      checkEvent(suite, { name: 'not_a_server_error', status, durationMs: 0, message }, 'check')
    const report = await reportOfEvents([
      { type: 'started', mode: 'fuzz', target, startedAt },
      verdict('passed'),
      checkEvent(suite, { name: 'other', status: 'passed', durationMs: 0 }),
      verdict('failed', '5xx (1 of 2 answers)'),
      verdict('failed', '5xx (3 of 9 answers)'),
      { type: 'coverage', coverage },
    ])
    expect(report.suites.map(({ checks }) => checks.map((check) => check.message))).toEqual([
      ['5xx (3 of 9 answers)', undefined],
    ])
  })

  it('reports a run stopped part-way from what it told, marked interrupted, and shuts the outputs down once', async () => {
    let shutdowns = 0
    const run = new RunStream([{ handle: () => {}, shutdown: () => void shutdowns++ }], ['check.*'])
    await tell(run)
    const report = await run.interrupt('stopped by SIGINT', 5)
    expect(await run.interrupt('stopped by SIGTERM', 6)).toBeUndefined()
    expect(shutdowns).toBe(1)
    expect(report?.summary).toMatchObject({ passed: 1, failed: 1, skipped: 1 })
    expect(report?.notes.at(-1)).toBe(
      'interrupted: stopped by SIGINT; the report holds what was judged before',
    )
    // Not accepted: the run fails.
    expect(untestedParts(report as RunReport).at(-1)).toEqual({
      part: 'interrupted',
      reason: 'stopped by SIGINT',
      accepted: false,
    })
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
    answerHeaders: { 'content-type': 'application/json' },
    answerBody: Buffer.from(
      JSON.stringify({ status: 'ok', version: '1.0.0', uptimeSeconds: 1, time: startedAt }),
    ),
  })

  it('proxy: each distinct exchange is told as first judged, its count as seen again; an undocumented call has no operation, an unrepeatable one no reproducer', async () => {
    const alerts: string[] = []
    const judging = createJudging(loadContract(), upstream, (line) => alerts.push(line))
    const events: ToldEvent[] = [{ type: 'started', mode: 'proxy', target, startedAt }]
    judging.judge(exchange('GET', '/api/v1/health', 200))
    events.push(...judging.told(false))
    judging.judge(exchange('GET', '/api/v1/health', 200))
    // Only seen again: told with the counts, not at once.
    expect(judging.told(false)).toEqual([])
    judging.judge(exchange('GET', '/api/flood', 404))
    judging.framing({ method: 'GET', url: '/api/v1/health', message: 'two lengths' })
    events.push(...judging.told(true))
    events.push({ type: 'coverage', coverage: judging.judged().coverage })
    const report = await reportOfEvents(events)

    expect(events.filter((event) => event.type === 'check passed')).toHaveLength(2)
    expect(alerts).toHaveLength(2)
    expect(alerts.every((line) => line.startsWith('violation: '))).toBe(true)
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
    expect(report.suites[0]?.checks[0]).toMatchObject({ status: 'passed', detail: 'seen 2 times' })
  })

  it('fuzz: its verdicts and coverage add up to its report, statuses seen included', async () => {
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
    const origin = 'http://127.0.0.1:4010'
    const events: ToldEvent[] = [{ type: 'started', mode: 'fuzz', target: origin, startedAt }]
    tally.record('fuzz', signIn(401), [{ check: 'not_a_server_error', problem: undefined }])
    events.push(...verdictEvents(tally, origin, tally.changedVerdicts()))
    tally.record('fuzz', signIn(500), [{ check: 'not_a_server_error', problem: 'a 5xx answer' }])
    events.push(...verdictEvents(tally, origin, tally.changedVerdicts()))
    // Nothing changed: nothing told again.
    expect(tally.changedVerdicts()).toEqual([])
    events.push(coverageEvent(contract, [tally]))
    const report = await reportOfEvents(events)

    expect(events.filter((event) => event.type.startsWith('check'))).toHaveLength(2)
    expect(report.summary).toMatchObject({ passed: 0, failed: 1 })
    expect(report.failures[0]?.message).toBe('a 5xx answer (1 of 2 answers)')
    expect(report.operations.find((each) => each.operationId === 'signIn')?.statusesSeen).toEqual([
      401, 500,
    ])
  })
})
