import { afterEach, describe, expect, it } from 'vitest'
import { loadContract } from '../src'
import { checkTarget } from '../src/check/runner'
import { formatSummary, type RunReport } from '../src/report'
import { type DemoDeskOptions, startDemoDesk } from './fixtures/demo-desk'
import { contractCopy, objectAt } from './fixtures/rules-keeping-stub'

// A third server, neither the stub nor made from it: a demo desk written from the contract alone.
// `check` passes it as written, and catches the one rule it gets wrong when it gets it wrong.

// A staging desk: its demo window is wider than production's 10 in 15 minutes, and its copy of the
// contract says so, so one run sends every check instead of its half of the window.
const contract = contractCopy(loadContract(), (document) => {
  const [window] = objectAt(document, 'paths', '/demo/request', 'post')['x-rate-limits'] as Array<
    Record<string, unknown>
  >
  if (window) window.limit = 100
})
const closers: Array<() => Promise<void>> = []

afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

async function checkDesk(options: DemoDeskOptions = {}): Promise<RunReport> {
  const desk = await startDemoDesk({ contract, ...options })
  closers.push(desk.close)
  return checkTarget({
    baseUrl: desk.baseUrl,
    contract,
    only: { operations: ['getHealth', 'requestDemo'], flows: [] },
    mailbox: 'off',
    waitSeconds: 5,
  })
}

/** The checks of `suite` whose names start with `start`, with their outcomes. */
const outcomes = (report: RunReport, suite: string, start: string) =>
  report.suites
    .filter((each) => each.name === suite)
    .flatMap((each) => each.checks.filter((check) => check.name.startsWith(start)))
    .map((check) => `${check.name}: ${check.status}`)

const DAY_BEFORE = 'refuses preferredDate the day before today in UTC: 400 naming preferredDate'

describe('a demo desk written from the contract alone', () => {
  it('passes every check of getHealth and requestDemo, the date bound included', async () => {
    const report = await checkDesk()
    expect(report.summary, formatSummary(report)).toMatchObject({
      failed: 0,
      skipped: 0,
      schemaViolations: 0,
    })
    expect(outcomes(report, 'requestDemo', 'refuses preferredDate the day before')).toEqual([
      `${DAY_BEFORE}: passed`,
    ])
  })

  it("taking yesterday as a preferred date is caught by the date bound's check, and only by it", async () => {
    const report = await checkDesk({ graceDays: 1 })
    expect(
      report.failures.map((failure) => `${failure.suite}: ${failure.check}`),
      formatSummary(report),
    ).toEqual([`requestDemo: ${DAY_BEFORE}`])
    // A day long past is still refused: the grace day is the whole bug.
    expect(outcomes(report, 'requestDemo', 'refuses preferredDate 2000-01-01')).toEqual([
      'refuses preferredDate 2000-01-01, long past: 400 naming preferredDate: passed',
    ])
  })
})
