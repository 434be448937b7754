import type { StubHooks } from '@devenv/stub-api'
import { describe, expect, it } from 'vitest'
import { loadContract } from '../src'
import { STUB_SEEDED_ACCOUNT } from '../src/check/run-setup'
import { checkTarget, type RunOptions } from '../src/check/runner'
import type { CheckResult, RunReport } from '../src/report'
import { type BrokenServer, startStub } from './fixtures/broken-servers'

// The given account is put back as the run found it, after a whole run and after a stopped one.
// (The checks of the rules as data pass in the stub's whole run, against-stub.test.ts, and in
// production mode with MailDev, against-maildev.test.ts; each fails on a stub with its rule broken
// in broken-servers.test.ts.)
const contract = loadContract()

async function _run(hooks: StubHooks | undefined, only: RunOptions['only'], more = {}) {
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
