import type { StubHooks } from '@devenv/stub-api'
import { describe, expect, it } from 'vitest'
import { loadContract } from '../src'
import { STUB_SEEDED_ACCOUNT } from '../src/check/run-setup'
import { checkTarget, type RunOptions } from '../src/check/runner'
import { type CheckResult, formatSummary, type RunReport } from '../src/report'
import { type BrokenServer, startStub } from './fixtures/broken-servers'

// The checks written from the contract's rules as data (x-unique, x-date-bound, x-values-from,
// x-effects) and its lifetime sentence pass on the stub (in production mode with MailDev too:
// against-maildev.test.ts); each fails on a stub with that one rule broken in
// broken-servers.test.ts, behind both adapters.
const contract = loadContract()

async function run(hooks: StubHooks | undefined, only: RunOptions['only'], more = {}) {
  const broken = hooks && ({ plant: () => hooks } as unknown as BrokenServer)
  const stub = await startStub(broken, 'fastify')
  try {
    return await checkTarget({ baseUrl: stub.baseUrl, contract, only, waitSeconds: 5, ...more })
  } finally {
    await stub.close()
  }
}

const checksNamed = (report: RunReport, name: RegExp): CheckResult[] =>
  report.suites.flatMap((suite) => suite.checks.filter((check) => name.test(check.name)))

const statusesOf = (report: RunReport, name: RegExp) =>
  checksNamed(report, name).map((check) => check.status)

const NEW_CHECKS = {
  unique: /^another user creates an environment of the same name: success$/,
  taken: /^the same name again: 409 ENVIRONMENT_NAME_TAKEN$/,
  lifetime: /^token_valid_seconds is the access token's own lifetime/,
  revoked: /^after the reset session \d's (access|refresh) token is refused/,
  reset: /^wrong password, attempt \d since the right sign-in: 401$/,
  pastDay: /^refuses preferredDate (the day before today|2000-01-01)/,
  today: /^takes preferredDate today in UTC: success$/,
  unlisted: /^refuses a model the schema takes but listModels's items does not list/,
  listed: /^takes a model listModels's items lists: success$/,
}

describe('the checks of the rules as data, on the stub', () => {
  it('all pass, each citing its rule', async () => {
    const report = await run(undefined, {
      flows: ['account', 'reset-link', 'login-lock', 'tokens', 'environment-limits'],
      operations: ['requestDemo', 'chatCompletion'],
    })
    expect(report.summary, formatSummary(report)).toMatchObject({ failed: 0, skipped: 0 })
    const expected: Array<[RegExp, number, string]> = [
      [NEW_CHECKS.unique, 1, 'x-unique:createEnvironment'],
      [NEW_CHECKS.taken, 1, 'x-unique:createEnvironment'],
      [NEW_CHECKS.lifetime, 1, 'sign-in.token-valid-seconds-is-access-lifetime'],
      [NEW_CHECKS.revoked, 4, 'x-effects:setPassword:revokes.account-sessions'],
      [NEW_CHECKS.reset, 5, 'x-effects:signIn:resets.login-lock'],
      [NEW_CHECKS.pastDay, 2, 'x-date-bound:requestDemo.preferredDate'],
      [NEW_CHECKS.today, 1, 'x-date-bound:requestDemo.preferredDate'],
      [NEW_CHECKS.unlisted, 1, 'x-values-from:chatCompletion.model'],
      [NEW_CHECKS.listed, 1, 'x-values-from:chatCompletion.model'],
    ]
    for (const [name, count, rule] of expected) {
      const checks = checksNamed(report, name)
      expect(
        checks.map((check) => check.status),
        String(name),
      ).toEqual(Array(count).fill('passed'))
      for (const check of checks) expect(check.rules, String(name)).toContain(rule)
    }
  })
})

describe('the given account', () => {
  it('is put back as it was after the operation checks changed its profile', async () => {
    // Told when an update removed the company; then forgotten, so it stops a run once.
    let changed: (() => void) | undefined
    const watch: StubHooks = {
      onAnswer: (request, reply) => {
        const sent = request.body as { company?: string } | undefined
        if (request.operationId === 'updateProfile' && reply.status === 200 && !sent?.company) {
          changed?.()
          changed = undefined
        }
        return undefined
      },
    }
    const stub = await startStub({ plant: () => watch } as unknown as BrokenServer, 'fastify')
    // The run's own stub session: the store its checks changed.
    const session = { 'x-stub-session': 'given-account' }
    const profile = async () => {
      const signIn = await fetch(`${stub.baseUrl}/api/auth/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...session },
        body: JSON.stringify(STUB_SEEDED_ACCOUNT),
      })
      const { access_token } = (await signIn.json()) as { access_token: string }
      const read = await fetch(`${stub.baseUrl}/api/user/profile`, {
        headers: { authorization: `Bearer ${access_token}`, ...session },
      })
      return read.json()
    }
    try {
      const before = await profile()
      const report = await checkTarget({
        baseUrl: stub.baseUrl,
        contract,
        session: 'given-account',
        credentials: STUB_SEEDED_ACCOUNT,
        only: { operations: ['updateProfile'], flows: [] },
      })
      // The examples did change it: the last one removes the company.
      expect(statusesOf(report, /^example "withoutCompany"/)).toEqual(['passed'])
      expect(await profile()).toEqual(before)

      // Stopped once an example changed it (the company removed): put back all the same.
      changed = () => stop('SIGINT')
      let stop: (signal: string) => void = () => {}
      const stopped = new Promise<string>((resolve) => {
        stop = resolve
      })
      const interrupted = await checkTarget({
        baseUrl: stub.baseUrl,
        contract,
        session: 'given-account',
        credentials: STUB_SEEDED_ACCOUNT,
        only: { operations: ['updateProfile'], flows: [] },
        stopped,
      })
      expect(interrupted.skippedParts.map((part) => part.part)).toContain('interrupted')
      expect(changed).toBeUndefined()
      expect(await profile()).toEqual(before)
    } finally {
      await stub.close()
    }
  })
})
