import type { CoreRequest, StubHooks } from '@devenv/stub-api'
import { describe, expect, it } from 'vitest'
import { loadContract } from '../src'
import { STUB_SEEDED_ACCOUNT } from '../src/check/run-setup'
import { checkTarget, type RunOptions } from '../src/check/runner'
import { type CheckResult, formatSummary, type RunReport } from '../src/report'
import { type BrokenServer, startStub } from './fixtures/broken-servers'
import { useProductionBackend } from './fixtures/production-backend'

// The checks written from the contract's rules as data (x-unique, x-date-bound, x-values-from,
// x-effects) and its lifetime sentence: each passes on the stub and fails on a stub with that
// one rule broken.
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

const body = (request: CoreRequest) => (request.body ?? {}) as Record<string, unknown>

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

describe('each fails on a stub with its rule broken', () => {
  it('x-unique: another user’s environment name is refused as taken', async () => {
    const borrowed: Array<{ environment: { accountId: string }; owner: string }> = []
    const report = await run(
      {
        // A name checked across every user: another's environment of that name counts as theirs.
        onHandler: (request) => {
          if (request.operationId !== 'createEnvironment' || !request.account) return
          for (const environment of request.store.environments.values())
            if (
              environment.name === body(request).name &&
              environment.accountId !== request.account.id
            ) {
              borrowed.push({ environment, owner: environment.accountId })
              environment.accountId = request.account.id
            }
        },
        onAnswer: () => {
          for (const { environment, owner } of borrowed.splice(0)) environment.accountId = owner
          return undefined
        },
      },
      { flows: ['environment-limits'] },
    )
    expect(statusesOf(report, NEW_CHECKS.unique)).toEqual(['failed'])
  })

  it('lifetimes: token_valid_seconds says 900 while the token lives 20 s', async () => {
    const stub = await startStub(
      {
        plant: (): StubHooks => ({
          onAnswer: (request, reply) => {
            if (request.operationId !== 'signIn' || reply.status !== 200) return undefined
            return { ...reply, json: { ...(reply.json as object), token_valid_seconds: 900 } }
          },
        }),
      } as unknown as BrokenServer,
      'fastify',
      { tokenValidSeconds: 20 },
    )
    try {
      const report = await checkTarget({
        baseUrl: stub.baseUrl,
        contract,
        only: { flows: ['tokens'] },
      })
      expect(checksNamed(report, NEW_CHECKS.lifetime)).toMatchObject([
        { status: 'failed', message: expect.stringContaining('exp is 20 s after its iat') },
      ])
    } finally {
      await stub.close()
    }
  })

  it('x-effects: a password set from a reset link leaves the earlier sessions signed in', async () => {
    const before = new Map<string, { revokedAt: number | null }>()
    const report = await run(
      {
        onHandler: (request) => {
          if (request.operationId !== 'setPassword') return
          for (const [id, session] of request.store.sessions)
            if (session.revokedAt === null) before.set(id, session)
        },
        onAnswer: (request) => {
          if (request.operationId === 'setPassword')
            for (const session of before.values()) session.revokedAt = null
          before.clear()
          return undefined
        },
      },
      { flows: ['account', 'reset-link'] },
    )
    expect(statusesOf(report, NEW_CHECKS.revoked)).toEqual(['failed', 'failed', 'failed', 'failed'])
  })

  it('x-effects: a right sign-in does not reset the login lock', async () => {
    const kept = new Map<string, unknown>()
    const report = await run(
      {
        onHandler: (request) => {
          if (request.operationId !== 'signIn') return
          const email = String(body(request).email).trim().toLowerCase()
          const lock = request.store.loginLocks.get(email)
          if (lock) kept.set(email, { ...lock })
        },
        onAnswer: (request, reply) => {
          if (request.operationId !== 'signIn' || reply.status !== 200) return undefined
          const email = String(body(request).email).trim().toLowerCase()
          const lock = kept.get(email)
          if (lock) request.store.loginLocks.set(email, lock as never)
          return undefined
        },
      },
      { flows: ['login-lock'] },
    )
    expect(checksNamed(report, NEW_CHECKS.reset)).toContainEqual(
      expect.objectContaining({ status: 'failed', message: expect.stringContaining('got 429') }),
    )
  })

  it('x-date-bound: a past preferredDate is taken', async () => {
    const report = await run(
      {
        onBody: (request) => {
          const wanted = body(request)
          const today = new Date().toISOString().slice(0, 10)
          if (request.operationId === 'requestDemo' && String(wanted.preferredDate) < today)
            delete wanted.preferredDate
        },
      },
      { operations: ['requestDemo'] },
    )
    expect(statusesOf(report, NEW_CHECKS.pastDay)).toEqual(['failed', 'failed'])
    expect(statusesOf(report, NEW_CHECKS.today)).toEqual(['passed'])
  })

  it('x-values-from: an unlisted model falls back to the default', async () => {
    const report = await run(
      {
        onAnswer: (request, reply) => {
          const errors = (reply.json as { errors?: Record<string, string> } | undefined)?.errors
          if (request.operationId !== 'chatCompletion' || reply.status !== 400 || !errors?.model)
            return undefined
          return {
            status: 200,
            headers: reply.headers,
            json: {
              model: 'qwen2.5-coder-7b',
              message: { role: 'assistant', content: 'Hello.' },
              usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
            },
          }
        },
      },
      { operations: ['chatCompletion'] },
    )
    expect(statusesOf(report, NEW_CHECKS.unlisted)).toEqual(['failed'])
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

describe('on a backend without development controls (production mode, MailDev)', () => {
  const { checkAgainst } = useProductionBackend()

  it('pass too, each run within its half of the shared sign-in window', async () => {
    const runs = [
      { flows: ['account', 'reset-link', 'tokens'] },
      { flows: ['login-lock'] },
      { flows: ['environment-limits'], operations: ['requestDemo', 'chatCompletion'] },
    ]
    const reports: RunReport[] = []
    for (const { flows, operations } of runs) {
      const report = await checkAgainst(undefined, flows, { operations })
      expect(report.summary.failed, formatSummary(report)).toBe(0)
      reports.push(report)
    }
    // requestDemo's window is every client's: its own checks rotate over runs, so a day's check
    // may be kept for a later run, never failed.
    const rotating = [NEW_CHECKS.pastDay, NEW_CHECKS.today]
    for (const name of Object.values(NEW_CHECKS)) {
      const checks = reports.flatMap((report) => checksNamed(report, name))
      expect(checks.length, String(name)).toBeGreaterThan(0)
      for (const check of checks)
        if (!(rotating.includes(name) && /^kept for later runs/.test(check.message ?? '')))
          expect(check.status, `${check.name}: ${check.message}`).toBe('passed')
    }
  })
})
