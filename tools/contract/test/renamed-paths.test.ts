import { describe, expect, it } from 'vitest'
import { loadContract } from '../src'
import { checkTarget } from '../src/check/runner'
import { fuzzTarget } from '../src/fuzz/target'
import { formatSummary } from '../src/report'
import { startFuzzStub } from './fixtures/fuzz-stub'
import { renamedCopy, startRenamedFuzzStub, startRenamedStub } from './fixtures/renamed-stub'
import { useTestStub } from './fixtures/test-stub'

// The toolkit addresses every operation by its operationId: where each one is comes from the
// contract it is given. A copy of the contract whose paths are renamed (/auth/auth is
// /identity/auth, /environments is /workspaces, and so on) is checked and fuzzed with no change to
// the toolkit's code; a server that kept the old paths fails the copy's check, and the fuzzer
// cannot build its state on it.

const contract = loadContract()
const renamed = renamedCopy(contract, {
  auth: 'identity',
  environments: 'workspaces',
  user: 'me',
  health: 'status',
  ai: 'assistant',
})
const oldStub = useTestStub()

describe('the renamed copy', () => {
  it('has none of the old paths, and the same operations', () => {
    expect(renamed.byId.get('signIn')?.path).toBe('/identity/auth')
    expect(renamed.byId.get('getEnvironment')?.path).toBe('/workspaces/{id}')
    expect(renamed.operations.map((each) => each.operationId)).toEqual(
      contract.operations.map((each) => each.operationId),
    )
    const old = /^\/(auth|environments|user|health|ai)(\/|$)/
    expect(renamed.operations.filter((each) => old.test(each.path))).toEqual([])
  })
})

describe('check by the renamed copy', () => {
  it('passes a server of the copy, every request sent to a path of the copy', async () => {
    const server = await startRenamedStub(renamed, contract)
    try {
      const report = await checkTarget({
        baseUrl: server.baseUrl,
        contract: renamed,
        waitSeconds: 10,
      })
      const summary = formatSummary(report)
      expect(report.summary.failed, summary).toBe(0)
      expect(report.summary.skipped, summary).toBe(0)
      expect(report.summary.passed).toBeGreaterThan(300)
      expect(report.coverage.summary.operations.percent).toBe(100)
      expect(server.strays).toEqual([])
      // The checks' names follow the contract too.
      const names = report.suites.flatMap((suite) => suite.checks.map((check) => check.name))
      expect(names).toContain('GET /status answers')
      expect(names).toContain('POST /identity/login with a wrong password: 401')
    } finally {
      await server.close()
    }
  })

  it('fails the stub of the bundled contract, whose paths are the old ones', async () => {
    const report = await checkTarget({
      baseUrl: oldStub.baseUrl,
      contract: renamed,
      only: { operations: ['signIn'], flows: ['account'] },
    })
    const status = (name: string) =>
      report.suites.flatMap((suite) => suite.checks).find((check) => check.name === name)?.status
    expect(status('GET /status answers')).toBe('failed')
    expect(status('register a unique e-mail: 201')).toBe('failed')
    expect(report.summary.failed).toBeGreaterThanOrEqual(3)
  })
})

describe('fuzz by the renamed copy', () => {
  it('finds nothing wrong with a server of the copy, every request sent to a path of the copy', async () => {
    const fuzz = await startRenamedFuzzStub(renamed, contract)
    const stateful = await startRenamedFuzzStub(renamed, contract, { rateLimits: 'off' })
    try {
      const { run } = await fuzzTarget({
        transport: fuzz,
        statefulTransport: stateful,
        contract: renamed,
        requests: 150,
        sequences: 3,
        seed: 7,
      })
      expect(run.skippedParts).toEqual([])
      expect(
        run.fuzz?.tally.failureCount,
        JSON.stringify([...(run.fuzz?.tally.failures.values() ?? [])], null, 1).slice(0, 3000),
      ).toBe(0)
      expect(run.fuzz?.tally.statuses.get('signIn')?.get(200)).toBeGreaterThan(0)
      expect(run.stateful?.failure).toBeUndefined()
      expect(run.stateful?.steps).toBeGreaterThan(0)
      expect([...fuzz.strays, ...stateful.strays]).toEqual([])
    } finally {
      await Promise.all([fuzz.close(), stateful.close()])
    }
  })

  it('cannot build its state on the stub of the bundled contract, and says so', async () => {
    const stub = await startFuzzStub()
    try {
      const run = fuzzTarget({
        transport: stub,
        contract: renamed,
        requests: 20,
        sequences: 0,
        seed: 7,
      })
      const { run: ran } = await run
      expect(ran.skippedParts).toEqual([
        {
          part: 'fuzz.properties',
          reason: expect.stringMatching(/sign-in of user answered 404/),
        },
        { part: 'fuzz.stateful', reason: '--sequences 0', accepted: true },
      ])
    } finally {
      await stub.close()
    }
  })
})
