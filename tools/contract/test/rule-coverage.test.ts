import { contractRuleIds, loadContract } from '@devenv/openapi'
import { buildServer } from '@devenv/stub-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkTarget } from '../src/check/runner'
import { formatSummary, type RunReport } from '../src/report'
import { useTestStub } from './fixtures/test-stub'

// Every rule of the contract is a check: each id, stated as data (an `x-` extension) or in the
// register of prose rules (openapi/rule-register.yaml), is cited by a check that ran against the
// stub, unless the register says why no black-box check can observe it (its `gap`). The contract
// lets a server answer alike for every address; the rules of that choice are tested on a stub
// that makes it, so the run is made against both.
const stub = useTestStub()
const rules = contractRuleIds(loadContract().document)

describe('the rules of the contract, each tested by a check', () => {
  let report: RunReport
  let alike: RunReport
  const uniform = buildServer({
    mode: 'test',
    logLevel: 'silent',
    provisionSeconds: 1,
    deleteSeconds: 1,
    uniformAccountAnswers: true,
  })
  beforeAll(async () => {
    report = await checkTarget({ baseUrl: stub.baseUrl, waitSeconds: 10 })
    const baseUrl = await uniform.listen({ host: '127.0.0.1', port: 0 })
    alike = await checkTarget({ baseUrl, waitSeconds: 10 })
  })
  afterAll(async () => {
    await uniform.close()
  })

  it('cites every rule of the contract in a check that ran, gaps aside', () => {
    const cited = new Set(
      [...report.suites, ...alike.suites].flatMap((suite) =>
        suite.checks.flatMap((check) => (check.status === 'skipped' ? [] : (check.rules ?? []))),
      ),
    )
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
    const unknown = [
      ...new Set(
        [...report.suites, ...alike.suites].flatMap((suite) =>
          suite.checks.flatMap((check) =>
            (check.rules ?? []).filter((id) => !known.has(id)).map((id) => `${id} (${check.name})`),
          ),
        ),
      ),
    ]
    expect(unknown, 'checks citing an id the contract does not have').toEqual([])
  })

  it('reports each rule with the checks citing it, and the figure of those covered', () => {
    const listed = report.coverage.rules ?? []
    expect(listed.map((rule) => rule.id)).toEqual(rules.map((rule) => rule.id))
    const countable = listed.filter((rule) => rule.gap === undefined)
    expect(report.coverage.summary.rules).toEqual({
      covered: countable.filter((rule) => rule.checks > 0).length,
      total: countable.length,
      percent: expect.any(Number),
    })
    expect(formatSummary(report)).toContain(
      `rules ${report.coverage.summary.rules?.covered}/${report.coverage.summary.rules?.total}`,
    )
  })
})
