import { resetLoginLock } from '@devenv/domain/login-lock'
import { loadContract } from '@devenv/openapi'
import type { StubHooks } from '@devenv/stub-api'
import { describe, expect, it } from 'vitest'
import {
  ChangePassword,
  Register,
  SignIn,
  SignInWithOldPassword,
} from '../src/fuzz/stateful/account-steps'
import { initialModel, modelRulesOf } from '../src/fuzz/stateful/model'
import { endSequence } from '../src/fuzz/stateful/run'
import { call, type Real, SEEDED } from '../src/fuzz/stateful/sequence'
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

// A second backend was fuzzed with accounts the run registered: the run changed a password, then
// signed in with the old one five times, and called the right sign-in's 429 (the login lock the
// contract asks for) a disagreement.
describe('the stateful model of the login lock after a password change', () => {
  const OWN = { email: SEEDED[0]?.email ?? '' }
  const failures = modelRulesOf(loadContract()).lock?.failures ?? 0

  /** The sequence: the password changed, `failures` sign-ins with the old one, then the right one. */
  async function changeThenOldPassword(hooks?: StubHooks) {
    const stub = await startFuzzStub({ rateLimits: 'off', ...(hooks ? { hooks } : {}) })
    const real = realOf(stub, 'steps-old-password')
    const model = initialModel(FUZZ_CLOCK_START, SEEDED, modelRulesOf(loadContract()))
    try {
      await new ChangePassword(OWN.email, true, 1).act(model, real)
      for (let attempt = 0; attempt < failures; attempt++)
        await new SignInWithOldPassword(OWN.email).act(model, real)
      await new SignIn(OWN.email, true).act(model, real)
      return real.tally.statuses.get('signIn')
    } finally {
      await stub.close()
    }
  }

  it('expects the lock: five old-password 401s, then the right password answered 429', async () => {
    const signIns = await changeThenOldPassword()
    expect(signIns?.get(401)).toBe(failures)
    expect(signIns?.get(429)).toBe(1)
  })

  it('fails a server that does not lock after those failures', async () => {
    // The lock forgotten before every sign-in: the right password answers 200.
    await expect(
      changeThenOldPassword({
        onBody: (request) => {
          const email = (request.body as { email?: unknown } | undefined)?.email
          if (request.operationId === 'signIn' && typeof email === 'string')
            request.store.setLoginLock(email, resetLoginLock())
        },
      }),
    ).rejects.toThrow(
      /signIn\(.*, right password\): the model expects 429 LOGIN_LOCKED, the server answered 200/,
    )
  })

  it('fails a server that locks one failure too early', async () => {
    let refused = 0
    await expect(
      changeThenOldPassword({
        onAnswer: (request, reply) =>
          request.operationId === 'signIn' && reply.status === 401 && ++refused === failures
            ? {
                status: 429,
                headers: { 'retry-after': '900' },
                json: { message: 'Too many failed sign-ins', code: 'LOGIN_LOCKED' },
              }
            : undefined,
      }),
    ).rejects.toThrow(
      /signIn\(.*, old password\): the model expects 401 INVALID_CREDENTIALS, the server answered 429/,
    )
  })
})

describe('the clean-up after a sequence on given accounts', () => {
  it('signs in with the password the model holds, not the old ones, and puts the original back', async () => {
    const stub = await startFuzzStub({ rateLimits: 'off' })
    const [account] = SEEDED
    if (!account) throw new Error('a seeded account expected')
    const real: Real = {
      ...realOf(stub, ''),
      session: undefined,
      tag: 't1',
      passwordsSent: new Map(),
    }
    const model = initialModel(Date.now(), [account], modelRulesOf(loadContract()), 'real')
    try {
      // Wrong old passwords send a new one that never took, twice between right sign-ins; then a
      // right change, and two wrong sign-ins the lock still counts when the clean-up begins.
      const steps = [
        new ChangePassword(account.email, false, 1),
        new ChangePassword(account.email, false, 1),
        new SignIn(account.email, true),
        new ChangePassword(account.email, false, 1),
        new ChangePassword(account.email, false, 1),
        new ChangePassword(account.email, true, 2),
        new SignIn(account.email, false),
        new SignIn(account.email, false),
      ]
      for (const step of steps) await step.act(model, real)
      await endSequence(real, [account], model)
      const again = await call(real, 'signIn', { body: account })
      expect(again.status).toBe(200)
      expect(real.tally.statuses.get('signIn')?.get(429)).toBeUndefined()
    } finally {
      await stub.close()
    }
  })
})
