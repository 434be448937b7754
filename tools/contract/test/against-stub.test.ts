import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { contractRuleIds, countsInFigure, loadContract } from '@devenv/openapi'
import { buildServer, SEEDED_ACCOUNTS } from '@devenv/stub-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STUB_SEEDED_ACCOUNT } from '../src/check/run-setup'
import { checkTarget } from '../src/check/runner'
import { formatSummary, type RunReport, toJUnitXml } from '../src/report'
import { useTestStub } from './fixtures/test-stub'

// The whole runner against the stub, in process: the stub must pass its own contract.
const stub = useTestStub()

// The whole run, once: the tests below each judge a side of it.
let report: RunReport
beforeAll(async () => {
  report = await checkTarget({ baseUrl: stub.baseUrl, waitSeconds: 10 })
})

describe('the contract runner against the stub', () => {
  it('uses the account the stub really seeds', () => {
    expect(SEEDED_ACCOUNTS.map((account) => [account.email, account.password])).toContainEqual([
      STUB_SEEDED_ACCOUNT.email,
      STUB_SEEDED_ACCOUNT.password,
    ])
  })

  it('passes with zero failures, zero skips and zero response-schema violations', async () => {
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

// Every rule of the contract is a check: each id, stated as data (an `x-` extension) or in the
// register of prose rules (openapi/rule-register.yaml), is cited by a check that ran against the
// stub, unless the register says why no black-box check can observe it (its `gap`). The contract
// lets a server answer alike for every address; the rules of that choice are tested on a stub
// that makes it, by the two flows that register (the rest of the run is the same).
describe('the rules of the contract, each tested by a check', () => {
  const rules = contractRuleIds(loadContract().document)
  let alike: RunReport
  const uniform = buildServer({
    mode: 'test',
    logLevel: 'silent',
    provisionSeconds: 1,
    deleteSeconds: 1,
    uniformAccountAnswers: true,
  })
  beforeAll(async () => {
    const baseUrl = await uniform.listen({ host: '127.0.0.1', port: 0 })
    alike = await checkTarget({
      baseUrl,
      waitSeconds: 10,
      only: { flows: ['account', 'registration'], operations: [] },
    })
  })
  afterAll(async () => {
    await uniform.close()
  })
  const citedBy = (reports: RunReport[]) =>
    reports.flatMap((run) =>
      run.suites.flatMap((suite) =>
        suite.checks.flatMap((check) =>
          check.status === 'skipped' ? [] : (check.rules ?? []).map((id) => ({ id, check })),
        ),
      ),
    )

  it('cites every rule of the contract in a check that ran, gaps aside', () => {
    expect(alike.summary.failed, formatSummary(alike)).toBe(0)
    const cited = new Set(citedBy([report, alike]).map(({ id }) => id))
    const uncovered = rules
      .filter((rule) => rule.gap === undefined && !cited.has(rule.id))
      .map((rule) => rule.id)
    expect(
      uncovered,
      `${uncovered.length} rules of the contract no check cites (write the check, or a gap in the register when none can observe it):\n  ${uncovered.join('\n  ')}`,
    ).toEqual([])
  })

  it('cites no id that is not a rule of the contract', () => {
    const known = new Set(rules.map((rule) => rule.id))
    const unknown = citedBy([report, alike])
      .filter(({ id }) => !known.has(id))
      .map(({ id, check }) => `${id} (${check.name})`)
    expect([...new Set(unknown)], 'checks citing an id the contract does not have').toEqual([])
  })

  it('reports each rule with the checks citing it, and the figure of those covered', () => {
    const listed = report.coverage.rules ?? []
    expect(listed.map((rule) => rule.id)).toEqual(rules.map((rule) => rule.id))
    const countable = listed.filter(countsInFigure)
    // The stub answers a taken address with 409: the rules of answering alike do not apply to it,
    // and every other rule is tested.
    expect(report.coverage.summary.rules).toEqual({
      covered: countable.length,
      total: countable.length,
      percent: 100,
    })
    expect(
      listed.filter((rule) => rule.notApplicable !== undefined).map((rule) => rule.id),
    ).toEqual(
      rules.filter((rule) => rule.branch === 'account-answers.alike').map((rule) => rule.id),
    )
    expect(formatSummary(report)).toContain(
      `rules ${report.coverage.summary.rules?.covered}/${report.coverage.summary.rules?.total}`,
    )
  })
})
