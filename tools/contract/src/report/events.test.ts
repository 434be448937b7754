import { loadContract } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
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
