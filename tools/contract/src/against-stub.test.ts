import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { buildServer, SEEDED_ACCOUNTS } from '@devenv/stub-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatSummary, toJUnitXml } from './report'
import { checkTarget, STUB_SEEDED_ACCOUNT } from './runner'

// The whole runner against the stub, in process: the stub must pass its own contract.
let stub: ReturnType<typeof buildServer>
let baseUrl: string
beforeAll(async () => {
  stub = buildServer({ mode: 'test', logLevel: 'silent', provisionSeconds: 1, deleteSeconds: 1 })
  baseUrl = await stub.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(async () => {
  await stub.close()
})

describe('the contract runner against the stub', () => {
  it('uses the account the stub really seeds', () => {
    expect(SEEDED_ACCOUNTS.map((account) => [account.email, account.password])).toContainEqual([
      STUB_SEEDED_ACCOUNT.email,
      STUB_SEEDED_ACCOUNT.password,
    ])
  })

  it('passes with zero failures, zero skips and zero response-schema violations', async () => {
    const report = await checkTarget({ baseUrl, waitSeconds: 10 })
    // `test:contract` sets CONTRACT_JUNIT, so CI gets the runner's per-operation report too.
    const junit = process.env.CONTRACT_JUNIT
    if (junit) {
      await mkdir(dirname(resolve(junit)), { recursive: true })
      await writeFile(resolve(junit), toJUnitXml(report))
    }
    const totals = report.summary
    const summary = formatSummary(report)
    expect(totals.failed, summary).toBe(0)
    expect(totals.schemaViolations, summary).toBe(0)
    expect(totals.skipped, summary).toBe(0)
    expect(totals.passed).toBeGreaterThan(300)
    // Every operation answered and every documented request example was sent.
    expect(report.coverage.operations.percent).toBe(100)
    expect(report.coverage.examples.percent).toBe(100)
    expect(report.coverage.statuses.covered).toBeGreaterThan(report.coverage.matrix.length)
    expect(report.findings.map((finding) => finding.title)).toEqual([
      'E-mail enumeration on forgot-password',
    ])
  })

  it('without the mailbox, runs the account, two-user and token flows on given accounts and gives them back unchanged', async () => {
    const session = `given-accounts-${Date.now()}`
    const second = SEEDED_ACCOUNTS.find((account) => account.email !== STUB_SEEDED_ACCOUNT.email)
    const report = await checkTarget({
      baseUrl,
      session,
      mailbox: 'off',
      credentials: STUB_SEEDED_ACCOUNT,
      secondCredentials: second && { email: second.email, password: second.password },
      only: { flows: ['profile', 'password', 'authorisation', 'tokens'] },
    })
    expect(report.summary, formatSummary(report)).toMatchObject({ failed: 0, skipped: 0 })
    expect(report.suites.map((suite) => suite.name)).toEqual([
      'target',
      'profile: an update is visible on the next read',
      'password change: a wrong old password changes nothing',
      "authorisation: another user's environments cannot be read, deleted or listed",
      'tokens: broken signature, alg none, after sign-out and past expiry are refused',
    ])
    // Each flow had its own stub session: the given account there has its password and names back.
    const signInAt = (flowSession: string) =>
      fetch(`${baseUrl}/api/auth/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-stub-session': flowSession },
        body: JSON.stringify(STUB_SEEDED_ACCOUNT),
      })
    expect((await signInAt(`${session}.password`)).status).toBe(200)
    const { access_token } = (await (await signInAt(`${session}.profile`)).json()) as {
      access_token: string
    }
    const profile = await fetch(`${baseUrl}/api/user/profile`, {
      headers: { 'x-stub-session': `${session}.profile`, authorization: `Bearer ${access_token}` },
    })
    expect(await profile.json()).toMatchObject({
      firstName: 'Nino',
      lastName: 'Beridze',
      company: 'Kartuli Soft LLC',
    })
  })

  it('also passes through /api/v1, with the mailbox switched off (skips, never failures)', async () => {
    const report = await checkTarget({
      baseUrl: `${baseUrl}/api/v1`,
      mailbox: 'off',
      waitSeconds: 10,
    })
    const totals = report.summary
    expect(totals.failed, formatSummary(report)).toBe(0)
    expect(totals.skipped).toBeGreaterThan(0)
  })
})
