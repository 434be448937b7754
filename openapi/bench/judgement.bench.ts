// The answer judgement and the operation matcher sit on every request of the stub (development
// and test modes) and of the validation proxy: what one call costs. `pnpm --filter @devenv/openapi bench`
import { bench, describe } from 'vitest'
import { judgeAnswer, loadContract } from '../src/index'

const contract = loadContract()
const answerOf = (operationId: string) => {
  const example = contract.byId.get(operationId)?.responses['200']?.examples[0]?.value
  if (example === undefined) throw new Error(`${operationId} documents no 200 example`)
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    text: JSON.stringify(example),
  }
}
const profile = answerOf('getProfile')
const environments = answerOf('listEnvironments')

describe('judgement and matcher', () => {
  bench('judgeAnswer getProfile 200 (parse, schema)', () => {
    judgeAnswer(contract, 'getProfile', profile)
  })
  bench('judgeAnswer listEnvironments 200 (parse, schema)', () => {
    judgeAnswer(contract, 'listEnvironments', environments)
  })
  bench('match DELETE /api/v1/environments/{id}', () => {
    contract.match('DELETE', '/api/v1/environments/fa19cd7d-4dbd-4409-a14a-eb6c400f8d77')
  })
})
