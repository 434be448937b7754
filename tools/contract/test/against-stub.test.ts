import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { SEEDED_ACCOUNTS } from '@devenv/stub-api'
import { describe, expect, it } from 'vitest'
import { STUB_SEEDED_ACCOUNT } from '../src/check/run-setup'
import { checkTarget } from '../src/check/runner'
import { formatSummary, toJUnitXml } from '../src/report'
import { useTestStub } from './fixtures/test-stub'

// The whole runner against the stub, in process: the stub must pass its own contract.
const stub = useTestStub()

describe('the contract runner against the stub', () => {
  it('uses the account the stub really seeds', () => {
    expect(SEEDED_ACCOUNTS.map((account) => [account.email, account.password])).toContainEqual([
      STUB_SEEDED_ACCOUNT.email,
      STUB_SEEDED_ACCOUNT.password,
    ])
  })

  it('passes with zero failures, zero skips and zero response-schema violations', async () => {
    const report = await checkTarget({ baseUrl: stub.baseUrl, waitSeconds: 10 })
    // `test:contract` sets CONTRACT_JUNIT, so CI gets the runner's per-operation report too.
    const junit = process.env.CONTRACT_JUNIT
    if (junit) {
      await mkdir(dirname(resolve(junit)), { recursive: true })
      await writeFile(resolve(junit), toJUnitXml(report))
    }
    const totals = report.summary
    const summary = formatSummary(report)
    expect(totals.failed, summary).toBe(0)
    expect(totals.schemaViolations, summary).toBe(0)
    expect(totals.skipped, summary).toBe(0)
    expect(totals.passed).toBeGreaterThan(300)
    // Every operation answered and every documented request example was sent.
    const { summary: coverage, operations } = report.coverage
    expect(coverage.operations.percent).toBe(100)
    expect(coverage.statuses.covered).toBeGreaterThan(operations.length)
    const requestExamples = operations.flatMap((row) =>
      row.examples.filter((example) => example.in === 'request'),
    )
    expect(requestExamples.filter((example) => example.count === 0)).toEqual([])
    // Every documented status a healthy server can answer is provoked, bar what needs a clock
    // jump on a reset link (setPassword 401); examples count when their status came and conformed.
    expect(coverage.statuses.percent, summary).toBeGreaterThanOrEqual(95)
    expect(coverage.examples.percent, summary).toBeGreaterThanOrEqual(90)
    expect(report.uncovered.every((each) => each.reason !== '')).toBe(true)
    expect(report.findings.map((finding) => finding.title).sort()).toEqual([
      'E-mail enumeration on forgot-password',
      'E-mail enumeration on registration',
    ])
  })

  it('also passes through /api/v1, with the mailbox switched off (skips, never failures)', async () => {
    const report = await checkTarget({
      baseUrl: `${stub.baseUrl}/api/v1`,
      mailbox: 'off',
      waitSeconds: 10,
    })
    const totals = report.summary
    expect(totals.failed, formatSummary(report)).toBe(0)
    expect(totals.skipped).toBeGreaterThan(0)
  })
})
