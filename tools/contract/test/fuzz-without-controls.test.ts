import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadContract } from '@devenv/openapi'
import { DEMO_ACCOUNT, USER_ACCOUNT } from '@devenv/openapi/dev-protocol'
import { buildServer, type ServerOptions, type StubHooks } from '@devenv/stub-api'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fuzzCommand } from '../src/cli/fuzz'
import { runFuzz } from '../src/fuzz/property-run'
import { runStateful } from '../src/fuzz/stateful/run'
import { fuzzTarget } from '../src/fuzz/target'
import { httpTransport, inProcessTransport } from '../src/http'
import { BROKEN_SERVERS, BROKEN_SERVERS_JWT_SECRET } from './fixtures/broken-servers'
import { startMailDev } from './fixtures/maildev'

// `fuzz` against a server with no development controls at all: the stub in production mode (no
// /__dev routes, no X-Stub-Session, its own clock), with two accounts it already has. Both parts
// must run through the API, and the accounts must end the run as they began. Its rate limits are
// relaxed (100 times the contract's): through the API a run signs in about a hundred times from one
// address (every batch's world, every sequence), beyond the contract's 20 sign-ins per client in
// 15 minutes, so a real target must let the fuzzing address through.
/** The stub in production mode on a free loopback port, its two accounts seeded. */
async function productionStub(plant?: StubHooks, settings: ServerOptions = {}) {
  const app = buildServer({
    mode: 'production',
    seed: true,
    jwtSecret: 'a-production-secret-the-fuzzer-does-not-know-0123',
    logLevel: 'silent',
    scryptCost: 1024,
    rateLimits: 'relaxed',
    // Short lifecycles, so polling for a finished deletion takes a moment, not minutes.
    provisionSeconds: 0.3,
    deleteSeconds: 0.3,
    ...(plant ? { hooks: plant } : {}),
    ...settings,
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

describe('devenv-contract fuzz against the stub in production mode', () => {
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

  it('two runs at once with the same accounts do not see each other, and both leave the accounts as they were', async () => {
    const stub = await productionStub()
    try {
      const before = await Promise.all(
        [USER_ACCOUNT, DEMO_ACCOUNT].map((account) => accountAsSeen(stub.url, account)),
      )
      const runs = await Promise.all(
        [21, 22].map((seed) =>
          fuzzTarget({
            transport: httpTransport(stub.url),
            contract: loadContract(),
            requests: 150,
            sequences: 2,
            seed,
            accounts: { user: USER_ACCOUNT, second: DEMO_ACCOUNT },
            waitMs: 10_000,
          }),
        ),
      )
      for (const { run } of runs) {
        expect(run.skippedParts).toEqual([])
        const failures = [...(run.fuzz?.tally.failures.values() ?? [])].map((each) => each.problem)
        expect(failures).toEqual([])
        expect(run.stateful?.failure).toBeUndefined()
      }
      await new Promise((resolve) => setTimeout(resolve, 400))
      const after = await Promise.all(
        [USER_ACCOUNT, DEMO_ACCOUNT].map((account) => accountAsSeen(stub.url, account)),
      )
      expect(after).toEqual(before)
    } finally {
      await stub.app.close()
    }
  })

  it('ends a run against a slow server at --max-time, leaves the accounts as they were, and says what the bound cut', async () => {
    // Every answer of the server takes 50 ms: 2,000 requests would take minutes.
    const stub = await productionStub({
      onAnswer: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50))
        return undefined
      },
    })
    const reportDir = mkdtempSync(join(tmpdir(), 'fuzz-bounded-'))
    folders.push(reportDir)
    try {
      const before = await Promise.all(
        [USER_ACCOUNT, DEMO_ACCOUNT].map((account) => accountAsSeen(stub.url, account)),
      )
      const { code, output } = await fuzz([
        '--base-url',
        stub.url,
        ...ACCOUNTS,
        '--seed',
        '5',
        '--max-time',
        '8',
        '--report-dir',
        reportDir,
      ])
      expect(code, output).toBe(0)
      const lines = output.trim().split('\n')
      // The closing line of the bound sits just above the run's own.
      expect(lines.at(-2)).toMatch(
        /^time: \d+:\d\d: --max-time 0:08 cut the run: \d+ of 2,000 generated requests sent; \d+ of 20 stateful sequences run \(raise --max-time for the rest\)$/,
      )
      expect(lines.at(-1)).toMatch(/^contract: \d+ passed, 0 failed/)
      const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8'))
      expect(report.notes).toContain(lines.at(-2))
      await new Promise((resolve) => setTimeout(resolve, 400))
      const after = await Promise.all(
        [USER_ACCOUNT, DEMO_ACCOUNT].map((account) => accountAsSeen(stub.url, account)),
      )
      expect(after).toEqual(before)
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

  it('answers an account that does not sign in with its reason in one line (exit 2)', async () => {
    const stub = await productionStub()
    const errors: string[] = []
    const error = vi.spyOn(console, 'error').mockImplementation((line) => {
      errors.push(String(line))
    })
    try {
      const { code } = await fuzz([
        ...[
          '--base-url',
          stub.url,
          '--email',
          USER_ACCOUNT.email,
          '--password',
          'Not-Its-Password-1',
        ],
        ...['--requests', '10', '--sequences', '1', '--quiet'],
      ])
      expect(code).toBe(2)
      expect(errors).toEqual([
        `devenv-contract: fuzz: the account ${USER_ACCOUNT.email} does not sign in: 401 Invalid email or password`,
      ])
    } finally {
      error.mockRestore()
      await stub.app.close()
    }
  })

  it('with one account runs the stateful model and skips the property-based part, saying it needs a second', async () => {
    const stub = await productionStub()
    try {
      const { code, output } = await fuzz([
        '--base-url',
        stub.url,
        ...ACCOUNTS.slice(0, 4),
        '--requests',
        '10',
        '--sequences',
        '2',
        '--seed',
        '5',
      ])
      expect(code, output).toBe(1)
      expect(output).toMatch(/stateful: 2 sequences, \d+ steps/)
      expect(output.trim().split('\n').at(-1)).toContain(
        'not tested: fuzz.properties (the target has no development clock (POST /__dev/clock), and through the API the property-based requests need a second account (--second-email, --second-password))',
      )
    } finally {
      await stub.app.close()
    }
  })

  it('replays: the same seed sends the same requests through the API, another seed others', async () => {
    /** The generated requests of a run, ids aside (the server mints new ones). */
    async function requestsOf(seed: number): Promise<string[]> {
      const { app } = await productionStub()
      const sent: string[] = []
      const recording = inProcessTransport(async (request) => {
        sent.push(`${request.method} ${request.url.replace(/[0-9a-f-]{36}/gi, ':id')}`)
        const answer = await app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: request.headers,
          ...(request.body !== undefined ? { payload: request.body } : {}),
        })
        return { statusCode: answer.statusCode, headers: answer.headers, body: answer.body }
      })
      try {
        const accounts = { user: USER_ACCOUNT, demo: DEMO_ACCOUNT }
        await runFuzz({
          transport: recording,
          requests: 80,
          seed,
          api: { accounts, waitMs: 5_000 },
        })
      } finally {
        await app.close()
      }
      // From the models probe on: before it, polling for the run's deleted environment takes as
      // many looks as the server's real clock needs.
      return sent.slice(sent.indexOf('GET /api/ai/models'))
    }
    const first = await requestsOf(99)
    expect(first.length).toBeGreaterThan(80)
    expect(await requestsOf(99)).toEqual(first)
    expect(await requestsOf(98)).not.toEqual(first)
  })

  it("meets a short token lifetime on the server's own clock: expired tokens are expected refused, and a server that takes them is caught", async () => {
    // The broken servers' key: the planted bug re-signs an expired token with it.
    const settings = { tokenValidSeconds: 1, jwtSecret: BROKEN_SERVERS_JWT_SECRET }
    const accounts = [USER_ACCOUNT, DEMO_ACCOUNT]
    const healthy = await productionStub(undefined, settings)
    try {
      const run = await runStateful({
        transport: httpTransport(healthy.url),
        runs: 2,
        seed: 1,
        maxCommands: 12,
        accounts,
      })
      expect(run.failure).toBeUndefined()
      // The model expected these: a device's token past its second, refused as expired.
      expect(run.tally.statuses.get('legacyVerifyToken')?.get(401)).toBeGreaterThan(0)
    } finally {
      await healthy.app.close()
    }
    const bug = 'an expired access token is accepted (exp is not checked)'
    const plant = BROKEN_SERVERS.find((broken) => broken.bug === bug)?.plant
    const broken = await productionStub(plant?.(), settings)
    try {
      const run = await runStateful({
        transport: httpTransport(broken.url),
        runs: 2,
        seed: 1,
        maxCommands: 12,
        accounts,
      })
      expect(run.failure).toMatch(/the model expects 401 TOKEN_EXPIRED, the server answered 200/)
    } finally {
      await broken.app.close()
    }
  })
})

describe('devenv-contract fuzz with a mailbox but no development clock', () => {
  it('registers and activates two accounts of its own through the mailbox, and runs both parts with them', async () => {
    // The stub in development mode on its own running clock, its /__dev/clock hidden: what is
    // left is a server that e-mails its links to a mailbox the fuzzer can read.
    const app = buildServer({
      mode: 'development',
      jwtSecret: 'a-development-secret-the-fuzzer-does-not-know-01',
      logLevel: 'silent',
      scryptCost: 1024,
      // Through the API: as the production stub above.
      rateLimits: 'relaxed',
      provisionSeconds: 0.3,
      deleteSeconds: 0.3,
    })
    await app.ready()
    const transport = inProcessTransport(async (request) => {
      const answer = await app.inject({
        method: request.method as 'GET',
        url: request.url.startsWith('/__dev/clock') ? '/__dev/no-clock-here' : request.url,
        headers: request.headers,
        ...(request.body !== undefined ? { payload: request.body } : {}),
      })
      return { statusCode: answer.statusCode, headers: answer.headers, body: answer.body }
    })
    try {
      const { run } = await fuzzTarget({
        transport,
        contract: loadContract(),
        requests: 120,
        sequences: 3,
        seed: 4,
        waitMs: 5_000,
      })
      expect(run.skippedParts).toEqual([])
      expect(run.notes.join('\n')).toMatch(
        /no accounts were given: fuzz-[0-9a-f]{8}-user@example\.com and fuzz-[0-9a-f]{8}-second@example\.com registered and activated through the stub's development mailbox/,
      )
      expect(
        run.fuzz?.tally.failureCount,
        JSON.stringify([...(run.fuzz?.tally.failures.values() ?? [])], null, 1).slice(0, 3000),
      ).toBe(0)
      expect(run.fuzz?.tally.requests.fuzz).toBeGreaterThanOrEqual(60)
      expect(run.stateful?.failure).toBeUndefined()
      expect(run.stateful?.steps).toBeGreaterThan(0)
      // The run's own accounts: their passwords were changed, and put back (a sequence or batch
      // whose account no longer signs in with its password fails the run).
      const changed = [run.fuzz, run.stateful].reduce(
        (sum, part) => sum + (part?.tally.statuses.get('changePassword')?.get(200) ?? 0),
        0,
      )
      expect(changed).toBeGreaterThan(0)
      expect(run.notes.join('\n')).not.toContain('a successful password change')
    } finally {
      await app.close()
    }
  })
})

describe('devenv-contract fuzz against the production-mode stub mailing to MailDev', () => {
  it('registers two accounts of its own through --mailbox and runs both parts, no failure', async () => {
    const maildev = await startMailDev()
    const stub = await productionStub(undefined, { smtpUrl: maildev.smtpUrl, seed: false })
    try {
      const { code, output } = await fuzz([
        ...['--base-url', stub.url, '--mailbox', maildev.url],
        ...['--requests', '80', '--sequences', '2', '--seed', '8'],
      ])
      expect(code, output).toBe(0)
      expect(output).toMatch(
        /no accounts were given: fuzz-[0-9a-f]{8}-user@example\.com and fuzz-[0-9a-f]{8}-second@example\.com registered and activated through MailDev/,
      )
      expect(output).toMatch(/stateful: 2 sequences, [1-9]\d* steps/)
    } finally {
      await stub.app.close()
      await maildev.close()
    }
  })
})
