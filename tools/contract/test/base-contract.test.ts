import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createContract, OPENAPI_DOCUMENT_PATH } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { checkTarget } from '../src/check/runner'
import { formatSummary } from '../src/report'
import { useTestStub } from './fixtures/test-stub'

// The contract gate's behavioural half: a client written against the base version of the contract
// is still served by today's stub. Its examples and flows (the whole check, judged by the base
// contract) run against the stub. The base is the gate's (the merge base with main) when its
// contract differs from today's; on main itself, where the two are the same, it is the oldest
// version kept as a fixture, the contract before the server-side password rules.
const FIXTURE = join(import.meta.dirname, 'fixtures', 'contracts', 'before-password-rules.yaml')
const today = readFileSync(OPENAPI_DOCUMENT_PATH, 'utf8')

function gateBase(): { text: string; name: string } | null {
  const root = join(import.meta.dirname, '..', '..', '..')
  for (const revision of [process.env.CONTRACT_BASE, 'main', 'origin/main']) {
    if (!revision) continue
    try {
      const base = execFileSync('git', ['merge-base', 'HEAD', revision], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim()
      const text = execFileSync('git', ['show', `${base}:openapi/openapi.yaml`], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      })
      return { text, name: `the merge base ${base.slice(0, 12)}` }
    } catch {
      // Not this revision: the next, else the fixture.
    }
  }
  return null
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
