import { commonPasswordRuleError, passwordPolicyProblem } from '@devenv/domain'
import { COMMON_PASSWORDS } from '@devenv/domain/common-passwords'
import { type Contract, isJsonObject } from '@devenv/openapi'
import type { CoreRequest, StubHooks } from '@devenv/stub-api'
import { describe, expect, it } from 'vitest'
import { loadContract } from '../src'
import { checkTarget } from '../src/check/runner'
import { passwordFieldOf } from '../src/contract-rules'
import type { CheckResult } from '../src/report'
import { startStub } from './fixtures/broken-servers'
import { contractCopy, objectAt } from './fixtures/rules-keeping-stub'

// Servers written from the contract alone that each read one password rule their own way: the
// checks of the password flows must catch the one that breaks the contract, and must not blame
// the one that takes a reading the contract leaves open.

const contract = loadContract()
const isCommon = (password: string) => commonPasswordRuleError(password, COMMON_PASSWORDS) !== null
const GOOD = 'Contract-Lax-Server-7'
const bodyOf = (request: CoreRequest) => (isJsonObject(request.body) ? request.body : {})

/** The policy's own judgement of `field` of a request, by the contract the stub keeps. */
function problemOf(request: CoreRequest, field: string) {
  const password = bodyOf(request)[field]
  const found = passwordFieldOf(contract, request.operationId ?? '', field)
  return typeof password === 'string' && found
    ? passwordPolicyProblem(password, found.policy, isCommon)
    : undefined
}

const PASSWORD_FIELDS: Record<string, string> = {
  register: 'password',
  changePassword: 'newPassword',
  setPassword: 'password',
}

/**
 * A server that does not refuse a password for `skipped`: it judges a good password in its place,
 * so the request goes on as if the password were kept (an account, a link or an old password).
 */
function laxAbout(skipped: (request: CoreRequest, field: string) => boolean): StubHooks {
  return {
    onHandler: (request) => {
      const field = PASSWORD_FIELDS[request.operationId ?? '']
      if (field && skipped(request, field)) bodyOf(request)[field] = GOOD
    },
  }
}

/**
 * The server of the false alarm: a letter of no case (a CJK ideograph) is "another character" to
 * it, so a run of them scores 40, and a change goes on to the old password: 401.
 */
const caselessAsSpecial: StubHooks = {
  onAnswer: (request, answer) => {
    const password = bodyOf(request).newPassword
    const found = passwordFieldOf(contract, 'changePassword', 'newPassword')
    if (request.operationId !== 'changePassword' || answer.status !== 400) return undefined
    if (typeof password !== 'string' || !found) return undefined
    // Scored as read, judged common as sent.
    const asRead = password.replace(/\p{Lo}/gu, '#')
    if (passwordPolicyProblem(asRead, found.policy, () => isCommon(password)) !== null)
      return undefined
    return {
      status: 401,
      headers: {},
      json: { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' },
    }
  },
}

/** A server that takes a new password equal to the old one: nothing changes, and it says 200. */
const sameAsOldTaken: StubHooks = {
  onAnswer: (request, answer) => {
    const { oldPassword, newPassword } = bodyOf(request)
    if (request.operationId !== 'changePassword' || answer.status !== 400) return undefined
    if (oldPassword !== newPassword) return undefined
    return { status: 200, headers: {}, json: { message: 'Password changed successfully' } }
  },
}

/** The checks of `flows` run against the stub with `hooks`, judged by `judgedBy`. */
async function checksOf(
  flows: string[],
  hooks: StubHooks | undefined,
  judgedBy: Contract = contract,
): Promise<CheckResult[]> {
  const stub = await startStub(undefined, 'fastify', hooks ? { hooks } : {})
  try {
    const report = await checkTarget({
      baseUrl: stub.baseUrl,
      contract: judgedBy,
      only: { flows },
      waitSeconds: 5,
    })
    return report.suites.flatMap((suite) => suite.checks)
  } finally {
    await stub.close()
  }
}

const failed = (checks: CheckResult[]) =>
  checks
    .filter((check) => check.status === 'failed')
    .map((check) => ({ name: check.name, rules: check.rules }))

/** Each password policy of the contract with `characters` set, or taken away. */
function withReading(reading: 'unicode-categories' | undefined): Contract {
  return contractCopy(contract, (document) => {
    for (const name of ['NewPassword', 'ResetPassword']) {
      const policy = objectAt(document, 'components', 'schemas', name, 'x-password-policy')
      if (!isJsonObject(policy.strength)) continue
      if (reading) policy.strength.characters = reading
      else delete policy.strength.characters
    }
  })
}

const CHANGE_UNDER_STRENGTH = /^change to a password under strength 40/

describe('the strength check claims only the reading the contract states', () => {
  it('does not blame a server that reads a caseless letter as another character, where the contract states no reading', async () => {
    const checks = await checksOf(['password-rules'], caselessAsSpecial, withReading(undefined))
    expect(failed(checks)).toEqual([])
    const change = checks.find((check) => CHANGE_UNDER_STRENGTH.test(check.name))
    expect(change).toMatchObject({
      status: 'skipped',
      message: expect.stringContaining(
        'the contract does not state which characters count for which rule',
      ),
    })
    expect(change?.name).not.toMatch(/it scores/)
  }, 60_000)

  it('fails that server where the contract states its reading: it took a password under the minimum', async () => {
    const checks = await checksOf(
      ['password-rules'],
      caselessAsSpecial,
      withReading('unicode-categories'),
    )
    expect(failed(checks)).toEqual([
      {
        name: "change to a password under strength 40 (it scores 20 by the contract's character reading): 400 naming newPassword, before the old one is checked",
        rules: [
          'x-password-policy:changePassword.newPassword:strength',
          'change-password.weak-password-checked-before-the-old',
        ],
      },
    ])
  }, 60_000)
})

describe('each part of a password policy is checked alone', () => {
  it('fails a set-password that takes a password missing only its digit, and nothing else', async () => {
    const digitBlind = laxAbout((request, field) => {
      const problem = problemOf(request, field)
      return (
        request.operationId === 'setPassword' &&
        problem?.rule === 'require' &&
        problem.missing.join() === 'digit'
      )
    })
    expect(failed(await checksOf(['password-rules'], digitBlind))).toEqual([
      {
        name: 'set a password without a digit, the rest of its policy kept: 400 naming password, before the link is judged',
        rules: [
          'x-password-policy:setPassword.password:require.digit',
          'set-password.checklist-message',
          'set-password.checklist-checked-before-the-link',
        ],
      },
    ])
  }, 60_000)

  it('fails a server that takes a common password which keeps the rest of the policy, wherever one is chosen', async () => {
    const commonBlind = laxAbout((request, field) => problemOf(request, field)?.rule === 'common')
    const names = failed(await checksOf(['password-rules'], commonBlind)).map(
      (check) => check.rules?.[0],
    )
    expect(names).toEqual([
      'x-password-policy:register.password:refuseCommon',
      'x-password-policy:setPassword.password:refuseCommon',
      'x-password-policy:changePassword.newPassword:refuseCommon',
    ])
  }, 60_000)

  it('fails a change that takes a new password equal to the old one, and leaves the account as it was', async () => {
    const checks = await checksOf(['password'], sameAsOldTaken)
    expect(failed(checks)).toEqual([
      {
        name: 'a new password equal to the old one: 400 naming newPassword',
        rules: ['change-password.new-differs-from-old'],
      },
    ])
    // The flow goes on: the old password still signs in, the right old one changes it.
    expect(checks.find((check) => /old password still signs in/.test(check.name))?.status).toBe(
      'passed',
    )
  }, 60_000)

  it('fails a change that takes a new password under minLength', async () => {
    // Before the schema is judged: the server sets another password in its place.
    const shortTaken: StubHooks = {
      onBody: (request) => {
        const body = bodyOf(request)
        const found = passwordFieldOf(contract, 'changePassword', 'newPassword')
        const { newPassword } = body
        if (request.operationId !== 'changePassword' || typeof newPassword !== 'string') return
        if (found && newPassword.length < found.policy.minLength) body.newPassword = GOOD
      },
    }
    const checks = await checksOf(['password'], shortTaken)
    expect(failed(checks)).toContainEqual({
      name: 'a new password of 7 characters (minLength 8): 400 naming newPassword',
      rules: ['x-password-policy:changePassword.newPassword:minLength'],
    })
  }, 60_000)

  it('passes the clean stub on every part, each check citing its part', async () => {
    const checks = await checksOf(['password', 'password-rules'], undefined)
    expect(failed(checks)).toEqual([])
    const cited = checks.flatMap((check) => check.rules ?? [])
    for (const part of ['minLength', 'strength', 'refuseCommon']) {
      expect(cited).toContain(`x-password-policy:register.password:${part}`)
      expect(cited).toContain(`x-password-policy:changePassword.newPassword:${part}`)
    }
    for (const part of [
      'minLength',
      'require.uppercase',
      'require.lowercase',
      'require.digit',
      'refuseCommon',
    ])
      expect(cited).toContain(`x-password-policy:setPassword.password:${part}`)
    expect(cited).toContain('change-password.new-differs-from-old')
  }, 60_000)
})
