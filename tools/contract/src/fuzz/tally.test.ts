import { captureAnswer, loadContract } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import type { Exchange } from './checks'
import { fuzzRunReport } from './report'
import { Tally } from './tally'

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

  it('puts the examples in the run report’s coverage, next to the statuses', () => {
    if (!requestExample || !answered) throw new Error('signIn documents no examples')
    const tally = new Tally(contract)
    tally.record('fuzz', exchange('signIn', requestExample.value, 200, answered.value), [])
    const report = fuzzRunReport({
      contract,
      origin: 'http://127.0.0.1',
      seed: 1,
      startedAt: new Date(0).toISOString(),
      durationMs: 1,
      fuzz: { tally, seed: 1, durationMs: 1, batches: 1, withheld: 0, notes: [] },
      stateful: undefined,
      notes: [],
    })
    const row = report.coverage.operations.find((each) => each.operationId === 'signIn')
    expect(row?.examples.filter((each) => each.count > 0).map((each) => each.name)).toEqual(
      expect.arrayContaining([requestExample.name, answered.name]),
    )
    expect(report.coverage.summary.examples.covered).toBeGreaterThanOrEqual(2)
  })
})
