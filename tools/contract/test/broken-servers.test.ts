import { afterAll, describe, expect, it } from 'vitest'
import { loadContract } from '../src'
import { checkTarget, type RunOptions } from '../src/check/runner'
import { type CheckResult, formatSummary, type RunReport } from '../src/report'
import {
  BROKEN_SERVERS,
  type BrokenServer,
  BUG_KINDS,
  type StubAdapter,
  startStub,
} from './fixtures/broken-servers'

// Proof that `check` catches the bugs backends ship: each broken server is the real stub with one
// planted bug; the run must fail, and fail on the check that names that bug. The bugs are planted
// in the stub's core, so each is caught behind both adapters: Fastify over a port, MSW in process.
const contract = loadContract()
const ADAPTERS: StubAdapter[] = ['fastify', 'msw']
const caught: string[] = []

async function runAgainst(
  broken: BrokenServer | undefined,
  only: RunOptions['only'],
  adapter: StubAdapter,
  deployment: Parameters<typeof startStub>[2] = {},
) {
  const stub = await startStub(broken, adapter, deployment)
  try {
    return await checkTarget({ baseUrl: stub.baseUrl, contract, only, waitSeconds: 5 })
  } finally {
    await stub.close()
  }
}

const names = (broken: BrokenServer, suite: string, check: string) =>
  suite.startsWith(broken.caughtBy.suite) &&
  (typeof broken.caughtBy.check === 'string'
    ? check === broken.caughtBy.check
    : broken.caughtBy.check.test(check))

/** The checks that name a broken server's bug: in its suite, with its name. */
function namedChecks(report: RunReport, broken: BrokenServer): CheckResult[] {
  return report.suites.flatMap((suite) =>
    suite.checks.filter((check) => names(broken, suite.name, check.name)),
  )
}

/** Each broken server's naming check ran on the unbroken stub, and passed there. */
function expectNamingChecksPassed(report: RunReport, servers: readonly BrokenServer[]) {
  for (const broken of servers) {
    const checks = namedChecks(report, broken)
    expect(checks.length, broken.bug).toBeGreaterThan(0)
    expect(
      checks.map((check) => check.status),
      broken.bug,
    ).toEqual(checks.map(() => 'passed'))
  }
}

const unique = (lists: ReadonlyArray<readonly string[] | undefined>) => [
  ...new Set(lists.flatMap((list) => list ?? [])),
]

afterAll(() => {
  const runs = BROKEN_SERVERS.length * ADAPTERS.length
  console.log(`broken servers: ${caught.length} of ${runs} caught by check (both adapters)`)
})

describe('the set of broken servers', () => {
  it('has at least 15, covering every kind of bug', () => {
    expect(BROKEN_SERVERS.length).toBeGreaterThanOrEqual(15)
    expect(new Set(BROKEN_SERVERS.map((broken) => broken.kind))).toEqual(new Set(BUG_KINDS))
  })

  it.each(ADAPTERS)(
    'the unbroken stub (%s) passes every suite they need, each naming check included',
    async (adapter) => {
      const report = await runAgainst(
        undefined,
        {
          operations: unique(BROKEN_SERVERS.map((broken) => broken.only.operations)),
          flows: unique(BROKEN_SERVERS.map((broken) => broken.only.flows)),
        },
        adapter,
      )
      const summary = formatSummary(report)
      expect(report.summary, summary).toMatchObject({ failed: 0, skipped: 0, schemaViolations: 0 })
      expectNamingChecksPassed(report, BROKEN_SERVERS)
    },
  )
  it.each(ADAPTERS)(
    'the unbroken stub answering alike for every address (%s) passes the registration flow',
    async (adapter) => {
      const alike = BROKEN_SERVERS.filter((broken) => broken.settings?.uniformAccountAnswers)
      expect(alike.length).toBeGreaterThanOrEqual(4)
      const report = await runAgainst(undefined, { flows: ['registration'] }, adapter, {
        uniformAccountAnswers: true,
      })
      expect(report.summary, formatSummary(report)).toMatchObject({ failed: 0, skipped: 0 })
      // The 201 path ran: no enumeration finding, and the pending registration's sign-in checked.
      expect(report.findings).toEqual([])
      expectNamingChecksPassed(report, alike)
    },
  )
})

describe.each(ADAPTERS)('check catches, behind %s', (adapter) => {
  for (const broken of BROKEN_SERVERS) {
    it(`${broken.kind}: ${broken.bug}`, async () => {
      const report = await runAgainst(broken, broken.only, adapter)
      // The report's failures (what report.json lists) must name the bug's check.
      const { message } = broken.caughtBy
      const failures = report.failures.filter(
        (failure) =>
          names(broken, failure.suite, failure.check) &&
          (!message || failure.message.toLowerCase().includes(message.toLowerCase())),
      )
      expect(report.summary.failed).toBeGreaterThan(0)
      expect(failures, formatSummary(report)).not.toEqual([])
      caught.push(`${adapter}: ${broken.bug}`)
    })
  }
})
