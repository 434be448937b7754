import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildServer, type StubHooks } from '@devenv/stub-api'
import { DEMO_ACCOUNT, USER_ACCOUNT } from '@devenv/stub-api/dev-client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fuzzCommand } from '../src/cli/fuzz'
import { BROKEN_SERVERS } from './fixtures/broken-servers'

// `fuzz` against a server with no development controls at all: the stub in production mode (no
// /__dev routes, no X-Stub-Session, its own clock, rate limits on), with two accounts it already
// has. Both parts must run through the API, and the accounts must end the run as they began.

/** The stub in production mode on a free loopback port, its two accounts seeded. */
async function productionStub(plant?: StubHooks) {
  const app = buildServer({
    mode: 'production',
    seed: true,
    jwtSecret: 'a-production-secret-the-fuzzer-does-not-know-0123',
    logLevel: 'silent',
    scryptCost: 1024,
    // Short lifecycles, so polling for a finished deletion takes a moment, not minutes.
    provisionSeconds: 0.3,
    deleteSeconds: 0.3,
    ...(plant ? { hooks: plant } : {}),
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  return { app, url }
}

/** Runs `devenv-contract fuzz` in process; answers its exit code and what it printed. */
async function fuzz(argv: string[]) {
  const lines: string[] = []
  const log = vi.spyOn(console, 'log').mockImplementation((...parts) => {
    lines.push(parts.join(' '))
  })
  try {
    const code = await fuzzCommand(argv)
    return { code, output: lines.join('\n') }
  } finally {
    log.mockRestore()
  }
}

const ACCOUNTS = [
  '--email',
  USER_ACCOUNT.email,
  '--password',
  USER_ACCOUNT.password,
  '--second-email',
  DEMO_ACCOUNT.email,
  '--second-password',
  DEMO_ACCOUNT.password,
]

/** What a person sees of an account: whether its password signs in, its profile and environments. */
async function accountAsSeen(url: string, account: { email: string; password: string }) {
  const signIn = await fetch(`${url}/api/auth/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  })
  if (signIn.status !== 200) return { signIn: signIn.status }
  const { access_token: token } = (await signIn.json()) as { access_token: string }
  const headers = { authorization: `Bearer ${token}` }
  const profile = (await (await fetch(`${url}/api/user/profile`, { headers })).json()) as Record<
    string,
    unknown
  >
  const list = (await (await fetch(`${url}/api/environments`, { headers })).json()) as {
    items: Array<{ name: string; status: string }>
  }
  return {
    signIn: 200,
    profile: { firstName: profile.firstName, lastName: profile.lastName, company: profile.company },
    // Deletions still finishing are gone a moment later: what stays is what counts.
    environments: list.items
      .filter((item) => item.status !== 'deleting')
      .map((item) => item.name)
      .sort(),
  }
}

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

describe('devenv-contract fuzz against the stub in production mode', { timeout: 120_000 }, () => {
  it('runs both parts through the API with given accounts, passes, and leaves the accounts as they were', async () => {
    const stub = await productionStub()
    const reportDir = mkdtempSync(join(tmpdir(), 'fuzz-production-'))
    folders.push(reportDir)
    try {
      const before = await Promise.all(
        [USER_ACCOUNT, DEMO_ACCOUNT].map((account) => accountAsSeen(stub.url, account)),
      )
      const { code, output } = await fuzz([
        '--base-url',
        stub.url,
        ...ACCOUNTS,
        '--requests',
        '300',
        '--sequences',
        '4',
        '--seed',
        '7',
        '--report-dir',
        reportDir,
      ])
      console.info(
        output
          .split('\n')
          .filter((line) => /generated requests|set-up|stateful:|withheld/.test(line))
          .join('\n'),
      )
      expect(code, output).toBe(0)
      const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8'))
      expect(report.skippedParts, output).toEqual([])
      expect(report.summary.failed, output).toBe(0)
      expect(output).toMatch(/generated requests: 3\d\d /)
      expect(output).toMatch(/stateful: 4 sequences, [1-9]\d* steps/)
      // The run's environments are gone; the passwords, profiles and the demo's own environment stay.
      await new Promise((resolve) => setTimeout(resolve, 400))
      const after = await Promise.all(
        [USER_ACCOUNT, DEMO_ACCOUNT].map((account) => accountAsSeen(stub.url, account)),
      )
      expect(after).toEqual(before)
      expect(before[1]).toMatchObject({ signIn: 200, environments: ['ml-notebooks'] })
    } finally {
      await stub.app.close()
    }
  })

  it('catches a bug planted in the production-mode stub, in both parts, and still leaves the accounts as they were', async () => {
    const bug = 'sign-out only forgets the refresh token on the client: the session stays valid'
    const plant = BROKEN_SERVERS.find((broken) => broken.bug === bug)?.plant
    expect(plant, bug).toBeDefined()
    const stub = await productionStub(plant?.())
    try {
      const { code, output } = await fuzz([
        '--base-url',
        stub.url,
        ...ACCOUNTS,
        '--requests',
        '150',
        '--sequences',
        '4',
        '--seed',
        '3',
        '--shrink',
        '1',
        '--quiet',
      ])
      expect(code, output).toBe(1)
      // A signed-out session's token still works: the property-based part's revoked bearer...
      expect(output).toMatch(/✗ use_after_free on \w+/)
      expect(output).toMatch(/reproduce: curl /)
      // ...and the model, which expects a signed-out device's token refused.
      expect(output).toContain('✗ the server and the model disagree')
      expect(output).toMatch(/verify: the model expects 401 TOKEN_INVALID/)
      for (const account of [USER_ACCOUNT, DEMO_ACCOUNT])
        expect(await accountAsSeen(stub.url, account)).toMatchObject({ signIn: 200 })
    } finally {
      await stub.app.close()
    }
  })
})
