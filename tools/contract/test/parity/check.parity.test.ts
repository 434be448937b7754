import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkTarget } from '../../src/check/runner'
import { formatSummary, type RunReport } from '../../src/report'
import { fastifyStub, MSW_ORIGIN, mswStub, type StubSettings } from '../fixtures/stub-adapters'

// The toolkit's whole `check` against both adapters: the same verdicts, check by check.
const SETTINGS: StubSettings = {
  mode: 'test',
  provisionSeconds: 1,
  deleteSeconds: 1,
  // The checks sign in and register dozens of times; a cheap scrypt keeps this test short.
  scryptCost: 1024,
}

/** Each check as `suite > check: outcome`; the run's random ids kept out of the names. */
function verdicts(report: RunReport): string[] {
  return report.suites.flatMap((suite) =>
    suite.checks.map((check) => `${suite.name} > ${check.name}: ${check.status}`),
  )
}

let fastify: ReturnType<typeof fastifyStub>
let msw: Awaited<ReturnType<typeof mswStub>>
let overHttp: RunReport
let inProcess: RunReport

beforeAll(async () => {
  fastify = fastifyStub(SETTINGS)
  const baseUrl = await fastify.listen({ host: '127.0.0.1', port: 0 })
  msw = await mswStub(SETTINGS)
  // Both at once: most of a run is waiting for environments to provision and delete.
  ;[overHttp, inProcess] = await Promise.all([
    checkTarget({ baseUrl, waitSeconds: 10 }),
    checkTarget({ baseUrl: MSW_ORIGIN, waitSeconds: 10 }),
  ])
})

afterAll(async () => {
  await Promise.all([fastify?.close(), msw?.stop()])
})

describe('check against the MSW adapter in process', () => {
  it('passes with zero failures and zero response-schema violations', () => {
    const totals = inProcess.summary
    expect(totals.failed, formatSummary(inProcess)).toBe(0)
    expect(totals.schemaViolations, formatSummary(inProcess)).toBe(0)
    expect(totals.passed).toBeGreaterThan(300)
  })

  it('gives the same counts, verdicts, findings and coverage as the Fastify server', () => {
    expect(inProcess.summary).toEqual(overHttp.summary)
    expect(verdicts(inProcess)).toEqual(verdicts(overHttp))
    expect(inProcess.operations).toEqual(overHttp.operations)
    expect(inProcess.findings).toEqual(overHttp.findings)
    expect(inProcess.coverage.summary).toEqual(overHttp.coverage.summary)
  })
})
