import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createContract, OPENAPI_DOCUMENT_PATH } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { checkTarget } from '../src/check/runner'
import { contractBase, gitOutput } from '../src/release/base'
import { formatSummary } from '../src/report'
import { useTestStub } from './fixtures/test-stub'

// The contract gate's behavioural half: a client written against the base version of the contract
// is still served by today's stub. Its examples and flows (the whole check, judged by the base
// contract) run against the stub. The base is the gate's (the merge base with main) when its
// contract differs from today's; on main itself, where the two are the same, it is the oldest
// version kept as a fixture, the contract before the server-side password rules.
const FIXTURE = join(import.meta.dirname, 'fixtures', 'contracts', 'before-password-rules.yaml')
const today = readFileSync(OPENAPI_DOCUMENT_PATH, 'utf8')

/** The contract at the gate's base, and how to name it. */
function gateBase(): { text: string; name: string } | null {
  const root = join(import.meta.dirname, '..', '..', '..')
  const base = contractBase(root)
  const text = base === null ? null : gitOutput(root, 'show', `${base}:openapi/openapi.yaml`)
  return base === null || text === null ? null : { text, name: `the base ${base.slice(0, 12)}` }
}

const fromGate = gateBase()
const base =
  fromGate && fromGate.text !== today
    ? fromGate
    : { text: readFileSync(FIXTURE, 'utf8'), name: 'the contract before the password rules' }

const stub = useTestStub()

describe("the base contract's clients against today's stub", () => {
  it(`are served: the whole check by ${base.name} passes`, async () => {
    const contract = createContract(parse(base.text))
    const report = await checkTarget({ baseUrl: stub.baseUrl, contract, waitSeconds: 10 })
    const summary = formatSummary(report)
    expect(report.summary.failed, summary).toBe(0)
    expect(report.summary.schemaViolations, summary).toBe(0)
    expect(report.summary.passed).toBeGreaterThan(300)
  })
})
