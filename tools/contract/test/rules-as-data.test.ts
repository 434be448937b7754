import type { Contract } from '@devenv/openapi'
import { USER_ACCOUNT } from '@devenv/openapi/dev-protocol'
import { describe, expect, it } from 'vitest'
import { loadContract } from '../src'
import { checkTarget } from '../src/check/runner'
import { SignIn } from '../src/fuzz/stateful/account-steps'
import { CreateEnvironment } from '../src/fuzz/stateful/environment-steps'
import { initialModel, modelRulesOf } from '../src/fuzz/stateful/model'
import { passwordsRefused, type Real, SEEDED } from '../src/fuzz/stateful/sequence'
import { FUZZ_CLOCK_START } from '../src/fuzz/stub-world'
import { Tally } from '../src/fuzz/tally'
import type { CheckResult, RunReport } from '../src/report'
import { startStub } from './fixtures/broken-servers'
import { startFuzzStub } from './fixtures/fuzz-stub'
import { contractCopy, keepingRulesOf, objectAt } from './fixtures/rules-keeping-stub'

// The rules a server keeps are the contract's data: a copy of the contract with other numbers
// (quota 5 -> 3, strength 40 -> 60) changes what check and the fuzzer's model demand, with no
// change to the toolkit's code. A server keeping the copy's numbers passes; one keeping today's
// fails on each changed number.

const contract = loadContract()
const changed = contractCopy(contract, (document) => {
  objectAt(document, 'paths', '/environments', 'post', 'x-quota').limit = 3
  objectAt(
    document,
    'components',
    'schemas',
    'NewPassword',
    'x-password-policy',
    'strength',
  ).minimum = 60
})
const FLOWS = ['environment-limits', 'password-rules']

/** The checks of the suites the flows make, by name, with their status. */
function statuses(report: RunReport): Record<string, CheckResult['status']> {
  return Object.fromEntries(
    report.suites
      .filter((suite) => /^(environment limits|password rules)/.test(suite.name))
      .flatMap((suite) => suite.checks.map((check) => [check.name, check.status])),
  )
}

async function checkFlows(judgedBy: Contract, target: Parameters<typeof startStub>[2]) {
  const stub = await startStub(undefined, 'fastify', target)
  try {
    return await checkTarget({
      baseUrl: stub.baseUrl,
      contract: judgedBy,
      only: { flows: FLOWS },
      waitSeconds: 5,
    })
  } finally {
    await stub.close()
  }
}

const STRENGTH_60 = {
  register:
    "register with a password under strength 60 (it scores 40 by the contract's character reading): 400 naming password",
  change:
    "change to a password under strength 60 (it scores 40 by the contract's character reading): 400 naming newPassword, before the old one is checked",
}

describe('check reads the rules from the contract it is given', () => {
  // The stub reads its rules from the contract it is handed; the hooks keep the copy's numbers
  // even for a stub that did not, so the toolkit's half is proven either way.
  it.each([
    { keeper: 'the stub handed the copy', hooks: false },
    { keeper: 'the stub handed the copy, with hooks keeping its numbers', hooks: true },
  ])(
    'holds a server keeping the copy (quota 3, strength 60) to it, and it passes: $keeper',
    async ({ hooks }) => {
      const report = await checkFlows(changed, {
        contract: changed,
        ...(hooks ? { hooks: keepingRulesOf(changed, contract) } : {}),
      })
      const checks = statuses(report)
      expect(checks).toMatchObject({
        'create environment 3 of 3: 201': 'passed',
        'environment 4: 403 ENVIRONMENT_QUOTA_EXCEEDED': 'passed',
        [STRENGTH_60.register]: 'passed',
        [STRENGTH_60.change]: 'passed',
      })
      expect(Object.keys(checks).some((name) => /environment [56]/.test(name))).toBe(false)
      expect(Object.values(checks).filter((status) => status !== 'passed')).toEqual([])
    },
    60_000,
  )

  it("fails a server keeping today's numbers (quota 5, strength 40) on each changed one", async () => {
    const report = await checkFlows(changed, {})
    expect(statuses(report)).toMatchObject({
      'environment 4: 403 ENVIRONMENT_QUOTA_EXCEEDED': 'failed',
      [STRENGTH_60.register]: 'failed',
      [STRENGTH_60.change]: 'failed',
    })
    expect(report.summary.failed).toBeGreaterThanOrEqual(3)
  }, 60_000)

  it("passes that server under today's contract, whose numbers its checks quote", async () => {
    const report = await checkFlows(contract, {})
    expect(statuses(report)).toMatchObject({
      'environment 6: 403 ENVIRONMENT_QUOTA_EXCEEDED': 'passed',
      "register with a password under strength 40 (it scores 20 by the contract's character reading): 400 naming password":
        'passed',
    })
    expect(Object.values(statuses(report)).filter((status) => status !== 'passed')).toEqual([])
  }, 60_000)
})

describe("the fuzzer's stateful model reads the rules from the contract it is given", () => {
  /** Signs the seeded user in and creates four environments, the model judging every answer. */
  async function fourEnvironments(judgedBy: Contract, keeping: Contract) {
    const stub = await startFuzzStub({
      rateLimits: 'off',
      contract: keeping,
      hooks: keepingRulesOf(keeping, contract),
    })
    const real: Real = {
      stub,
      contract: judgedBy,
      tally: new Tally(),
      session: 'rules-as-data',
      devices: [],
      counts: { steps: 0 },
    }
    const model = initialModel(FUZZ_CLOCK_START, SEEDED, modelRulesOf(judgedBy))
    try {
      await new SignIn(USER_ACCOUNT.email, true).act(model, real)
      for (let name = 0; name < 4; name++) await new CreateEnvironment(0, name).act(model, real)
      return model
    } finally {
      await stub.close()
    }
  }

  it('expects the 4th environment refused under quota 3, and agrees with a server keeping it', async () => {
    const model = await fourEnvironments(changed, changed)
    expect(model.environments).toHaveLength(3)
  })

  it('disagrees with a server that allows 5', async () => {
    await expect(fourEnvironments(changed, contract)).rejects.toThrow(/403/)
  })

  it('is not played, with the reason, where a policy refuses its own passwords', () => {
    expect(passwordsRefused(contract)).toBeUndefined()
    const longer = contractCopy(contract, (document) => {
      objectAt(document, 'components', 'schemas', 'NewPassword', 'x-password-policy').minLength = 40
    })
    expect(passwordsRefused(longer)).toMatch(
      /break the contract's x-password-policy of register's password/,
    )
  })
})
