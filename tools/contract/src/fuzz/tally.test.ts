import { captureAnswer, loadContract } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import { reportOfEvents } from '../report/events-test-support'
import { CHECKS, type Exchange } from './checks'
import { coverageEvent, verdictEvents } from './report'
import { formatTable, Tally } from './tally'

const contract = loadContract()

/** An exchange of `operationId` whose request and answer bodies are the given JSON. */
function exchange(operationId: string, body: unknown, status: number, answer: unknown): Exchange {
  const text = JSON.stringify(answer)
  return {
    operationId,
    request: { method: 'POST', url: '/api/test', headers: {}, body: JSON.stringify(body) },
    answer: {
      ...captureAnswer(status, { 'content-type': 'application/json' }, text),
      logged: [],
    },
    input: 'positive',
    auth: 'public',
    ruleFields: [],
  }
}

/** The run report of a fuzz run whose generated requests the tally counted, from its events. */
const reportOf = (tally: Tally) =>
  reportOfEvents([
    {
      type: 'started',
      mode: 'fuzz',
      target: 'http://127.0.0.1',
      startedAt: new Date(0).toISOString(),
    },
    ...verdictEvents(tally, 'http://127.0.0.1', tally.changedVerdicts()),
    coverageEvent(contract, [tally]),
  ])

describe('the fuzz tally counts coverage', () => {
  const signIn = contract.byId.get('signIn')
  const requestExample = signIn?.bodyExamples[0]
  const answered = signIn?.responses['200']?.examples[0]

  it('records the documented examples a request and its answer are, with the status', () => {
    if (!requestExample || !answered) throw new Error('signIn documents no examples')
    const tally = new Tally(contract)
    tally.record('fuzz', exchange('signIn', requestExample.value, 200, answered.value), [])
    tally.record('fuzz', exchange('signIn', { email: 'x@y.z', password: 'p' }, 401, {}), [])
    expect([...tally.exercised.values()]).toEqual([
      {
        operationId: 'signIn',
        status: 200,
        requestExample: requestExample.name,
        responseExample: answered.name,
      },
      { operationId: 'signIn', status: 401, requestExample: undefined, responseExample: undefined },
    ])
  })

  it('counts a request that got no answer (status 0) as exercising nothing, so the report is valid', async () => {
    const tally = new Tally(contract)
    tally.record('fuzz', exchange('signIn', { email: 'x@y.z', password: 'p' }, 0, {}), [])
    expect([...tally.exercised.values()]).toEqual([])
    const report = await reportOf(tally)
    expect(report.operations.find((each) => each.operationId === 'signIn')?.statusesSeen).toEqual(
      [],
    )
  })

  it('puts the examples in the run report’s coverage, next to the statuses', async () => {
    if (!requestExample || !answered) throw new Error('signIn documents no examples')
    const tally = new Tally(contract)
    tally.record('fuzz', exchange('signIn', requestExample.value, 200, answered.value), [])
    const report = await reportOf(tally)
    const row = report.coverage.operations.find((each) => each.operationId === 'signIn')
    expect(row?.examples.filter((each) => each.count > 0).map((each) => each.name)).toEqual(
      expect.arrayContaining([requestExample.name, answered.name]),
    )
    expect(report.coverage.summary.examples.covered).toBeGreaterThanOrEqual(2)
  })
})

// --checks and --exclude-checks: a team silences one check it disagrees with and keeps the rest.
describe('a tally of some checks only', () => {
  const refused = exchange('submitContact', {}, 400, {
    message: 'Validation errors',
    code: 'VALIDATION_FAILED',
    errors: { email: 'E-mail is required' },
  })
  const verdicts = [
    {
      check: 'positive_data_acceptance' as const,
      problem: 'schema-valid input refused as invalid',
    },
    { check: 'not_a_server_error' as const, problem: undefined },
  ]

  it('neither counts nor records the verdicts of a check left out, and says so in its table', () => {
    const selected = new Set(CHECKS.filter((check) => check !== 'positive_data_acceptance'))
    const tally = new Tally(contract, selected)
    tally.record('fuzz', refused, verdicts)
    expect(tally.failures.size).toBe(0)
    expect(tally.checks.positive_data_acceptance).toEqual({ checked: 0, failed: 0 })
    expect(tally.checks.not_a_server_error).toEqual({ checked: 1, failed: 0 })
    expect(formatTable(tally)).toMatch(/positive_data_acceptance\s+not selected/)
  })

  it('records them all by default', () => {
    const tally = new Tally(contract)
    tally.record('fuzz', refused, verdicts)
    expect([...tally.failures.keys()]).toEqual(['positive_data_acceptance submitContact'])
  })
})
