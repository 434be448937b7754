import { loadContract, ruleFigure } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import {
  buildRunReport,
  type CheckResult,
  coverageOfExchanges,
  formatCoverage,
  mergeShardReports,
  reportedCoverage,
  type Suite,
  shardOfRun,
  toReportJson,
  withRuleCoverage,
} from '.'
import { formatRuleCoverage, ruleCoverageOf } from './coverage'
import { toHtml } from './html'
import { reportDocument } from './schema'

const contract = loadContract()

const RULES = [
  { id: 'x-quota:createEnvironment' },
  { id: 'sign-out.idempotent' },
  { id: 'demo.sales-confirms-by-email', gap: 'a person answers, outside the API' },
]

const check = (name: string, status: CheckResult['status'], rules?: string[]): CheckResult => ({
  name,
  status,
  durationMs: 1,
  ...(rules ? { rules } : {}),
})

const suite = (name: string, checks: CheckResult[]): Suite => ({ name, kind: 'flow', checks })

describe('the coverage of the contract rules', () => {
  it('counts the checks that ran citing each rule; a skipped check tested nothing', () => {
    const covered = ruleCoverageOf(RULES, [
      suite('sign-out', [
        check('unknown token: 204', 'passed', ['sign-out.idempotent']),
        check('revoked token: 204', 'failed', ['sign-out.idempotent']),
        check('quota', 'skipped', ['x-quota:createEnvironment']),
      ]),
    ])
    expect(covered).toEqual([
      { id: 'x-quota:createEnvironment', checks: 0 },
      { id: 'sign-out.idempotent', checks: 2 },
      { id: 'demo.sales-confirms-by-email', checks: 0, gap: 'a person answers, outside the API' },
    ])
  })

  it('leaves out the rules of an option the server did not take, and only where it took another', () => {
    const choice = [
      { id: 'registration.taken-address-answers-409', branch: 'account-answers.distinct' },
      { id: 'uniform-answers.taken-address-gets-the-same-201', branch: 'account-answers.alike' },
    ]
    const distinct = ruleCoverageOf(choice, [
      suite('registration', [
        check('the same address again: 409', 'passed', ['registration.taken-address-answers-409']),
      ]),
    ])
    expect(distinct[1]).toEqual({
      id: 'uniform-answers.taken-address-gets-the-same-201',
      checks: 0,
      branch: 'account-answers.alike',
      notApplicable:
        'holds only where a server takes account-answers.alike; this one took account-answers.distinct',
    })
    expect(ruleFigure(distinct)).toEqual({ covered: 1, total: 1, percent: 100 })
    // Neither option seen: both are uncovered, not excused.
    const neither = ruleCoverageOf(choice, [])
    expect(neither.map((rule) => rule.notApplicable)).toEqual([undefined, undefined])
    expect(ruleFigure(neither)).toEqual({ covered: 0, total: 2, percent: 0 })
  })

  it('leaves the gaps out of the figure, and prints the rules no check cited', () => {
    const coverage = withRuleCoverage(coverageOfExchanges(contract, []), RULES, [
      suite('sign-out', [check('unknown token: 204', 'passed', ['sign-out.idempotent'])]),
    ])
    expect(coverage.summary.rules).toEqual({ covered: 1, total: 2, percent: 50 })
    expect(formatRuleCoverage(coverage)).toEqual([
      'rules no check of this run cited (1)',
      '  - x-quota:createEnvironment: no check',
      "1 rule left out of the figure, each with its reason in report.json (no black-box check can observe it, or it holds only for an option of the contract's choice this server did not take)",
    ])
    expect(formatCoverage(coverage)).toContain('rules 1/2 (50%)')
  })

  it('writes them to report.json and report.html, and report.json refuses a malformed rule id', () => {
    const suites = [
      suite('sign-out', [check('unknown token: 204', 'passed', ['sign-out.idempotent'])]),
    ]
    const report = buildRunReport({
      mode: 'check',
      target: 'http://target/api',
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 1,
      suites,
      ...reportedCoverage(withRuleCoverage(coverageOfExchanges(contract, []), RULES, suites)),
    })
    const json = JSON.parse(toReportJson(report))
    expect(json.coverage.summary.rules).toEqual({ covered: 1, total: 2, percent: 50 })
    expect(json.coverage.rules).toHaveLength(3)
    const html = toHtml(report)
    expect(html).toContain('<td>rules</td>')
    expect(html).toContain('gap: a person answers, outside the API')
    expect(html).toMatch(/x-quota:createEnvironment<\/span><\/td><td class="n">0<\/td><td>no check/)
    const bad = structuredClone(json)
    bad.coverage.rules[0].id = 'AUTH-5'
    expect(reportDocument.safeParse(bad).success).toBe(false)
  })

  it('merges the shards by their checks: a rule cited by one shard is covered, the repeated set-up once', () => {
    const shard = (index: number, suites: Suite[]) => {
      const report = buildRunReport({
        mode: 'check',
        target: 'http://target/api',
        startedAt: '2026-01-01T00:00:00.000Z',
        durationMs: 1,
        shard: shardOfRun({ index, total: 2 }, { mode: 'check', contract, settings: {} }),
        suites,
        ...reportedCoverage(withRuleCoverage(coverageOfExchanges(contract, []), RULES, suites)),
      })
      return { source: `shard-${index}`, document: JSON.parse(toReportJson(report)) }
    }
    const setUp = suite('target', [check('the target answers', 'passed', ['sign-out.idempotent'])])
    const merged = mergeShardReports([
      shard(1, [setUp]),
      shard(2, [
        setUp,
        suite('quota', [check('6th: 403', 'passed', ['x-quota:createEnvironment'])]),
      ]),
    ])
    expect(merged.coverage.rules?.map((rule) => [rule.id, rule.checks])).toEqual([
      ['x-quota:createEnvironment', 1],
      ['sign-out.idempotent', 1],
      ['demo.sales-confirms-by-email', 0],
    ])
    expect(merged.coverage.summary.rules).toEqual({ covered: 2, total: 2, percent: 100 })
  })
})
