import { loadContract } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import { Register, SignIn } from '../src/fuzz/stateful/account-steps'
import { initialModel, modelRulesOf } from '../src/fuzz/stateful/model'
import { type Real, SEEDED } from '../src/fuzz/stateful/sequence'
import { FUZZ_CLOCK_START } from '../src/fuzz/stub-world'
import { Tally } from '../src/fuzz/tally'
import type { Transport } from '../src/http'
import { startFuzzStub } from './fixtures/fuzz-stub'

const NEW = 'steps.new@example.com'
const TAKEN = SEEDED[0]?.email ?? ''

/** A sequence's real side on the fuzz stub, in a stub session of its own. */
const realOf = (stub: Transport, session: string): Real => ({
  stub,
  contract: loadContract(),
  tally: new Tally(),
  session,
  devices: [],
  counts: { steps: 0 },
})

// The model learns from the target whether it answers taken addresses apart (409, then 403 before
// activation) or alike (the 201 of a new one, then 401): either is the contract, a mix is not.
describe.each([
  { uniform: false, taken: 409, pending: 403 },
  { uniform: true, taken: 201, pending: 401 },
])(
  'the stateful model of registration (answers alike: $uniform)',
  ({ uniform, taken, pending }) => {
    async function play(steps: Array<Register | SignIn>) {
      const stub = await startFuzzStub({ rateLimits: 'off', uniformAccountAnswers: uniform })
      const real = realOf(stub, `steps-${uniform}`)
      const model = initialModel(FUZZ_CLOCK_START, SEEDED, modelRulesOf(loadContract()))
      try {
        for (const step of steps) await step.act(model, real)
        return { model, statuses: real.tally.statuses }
      } finally {
        await stub.close()
      }
    }

    it(`agrees with a target that answers a taken address ${taken} and a pending registration ${pending}`, async () => {
      const { model, statuses } = await play([
        new Register(NEW, 1),
        new Register(TAKEN, 1),
        new Register(NEW, 2),
        new SignIn(NEW, true),
      ])
      expect(model.accountAnswers).toBe(uniform ? 'alike' : 'distinct')
      expect(statuses.get('register')?.get(taken)).toBeGreaterThanOrEqual(uniform ? 3 : 2)
      expect(statuses.get('signIn')?.get(pending)).toBe(1)
      // Where answers are alike, the pending registration's sign-in is a failure for the lock.
      expect(model.locks.get(NEW)?.attempts ?? 0).toBe(uniform ? 1 : 0)
    })
  },
)

describe('the stateful model of registration, against a target that mixes both ways', () => {
  it('fails the sequence: a 201 for a taken address, then a 403 before activation', async () => {
    const stub = await startFuzzStub({
      rateLimits: 'off',
      uniformAccountAnswers: true,
      // Sign-in of a registration not yet activated tells it apart: 403 where registration said 201.
      hooks: {
        onAnswer: (request, reply) =>
          request.operationId === 'signIn' && reply.status === 401
            ? {
                status: 403,
                headers: reply.headers,
                json: { message: 'Account not activated', code: 'ACCOUNT_NOT_ACTIVATED' },
              }
            : undefined,
      },
    })
    const real = realOf(stub, 'steps-mixed')
    const model = initialModel(FUZZ_CLOCK_START, SEEDED, modelRulesOf(loadContract()))
    try {
      await new Register(NEW, 1).act(model, real)
      await new Register(TAKEN, 1).act(model, real)
      await expect(new SignIn(NEW, true).act(model, real)).rejects.toThrow(
        /signIn\(steps\.new@example\.com, right password\): the server answered a taken address apart here, and alike for every address earlier/,
      )
    } finally {
      await stub.close()
    }
  })
})
