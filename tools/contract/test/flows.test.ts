import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DEMO_ACCOUNT } from '@devenv/openapi/dev-protocol'
import { buildServer } from '@devenv/stub-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STUB_SEEDED_ACCOUNT } from '../src/check/run-setup'
import { checkTarget } from '../src/check/runner'
import { formatSummary } from '../src/report'

// A server like a real backend: the stub in production mode has no development controls (no
// mailbox, no clock) and ignores X-Stub-Session, so every flow shares one store and one set of
// rate-limit windows, as flows against a real server do.
let server: ReturnType<typeof buildServer>
let baseUrl: string
beforeAll(async () => {
  server = buildServer({
    mode: 'production',
    logLevel: 'silent',
    jwtSecret: 'flows-test-production-signing-key-0123456789',
    scryptCost: 1024,
    // The flows sign in with the seeded account, which production mode leaves out unless told.
    seed: true,
  })
  baseUrl = await server.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(async () => {
  await server.close()
})

/**
 * The flows in runs that each fit their share of sign-in's window: on a server whose windows every
 * client shares, a run sends at most half of its 20 sign-ins per client, fewer than all of these
 * flows take together.
 */
const NEW_FLOWS = [
  ['registration', 'profile', 'password'],
  ['password-rules', 'authorisation', 'tokens', 'rate-limits'],
  ['deprecated', 'environment-limits', 'login-lock'],
]

describe('the flows against a server without development controls', () => {
  it('pass on given accounts, and skip with a reason what needs the mailbox or the clock', async () => {
    const skips: Array<[string, string | undefined]> = []
    for (const flows of NEW_FLOWS) {
      const { shared, url } = await freshSharedServer(true)
      try {
        const report = await checkTarget({
          baseUrl: url,
          credentials: STUB_SEEDED_ACCOUNT,
          secondCredentials: DEMO_ACCOUNT,
          only: { flows },
        })
        expect(report.summary.failed, formatSummary(report)).toBe(0)
        for (const suite of report.suites)
          for (const check of suite.checks)
            if (check.status === 'skipped') skips.push([check.name, check.message])
        // One shared store: the given account ends with its own password and names.
        const signIn = await fetch(`${url}/api/auth/auth`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(STUB_SEEDED_ACCOUNT),
        })
        const { access_token } = (await signIn.json()) as { access_token: string }
        const profile = await fetch(`${url}/api/user/profile`, {
          headers: { authorization: `Bearer ${access_token}` },
        })
        expect(await profile.json()).toMatchObject({
          firstName: 'Nino',
          lastName: 'Beridze',
          company: 'Kartuli Soft LLC',
        })
      } finally {
        await shared.close()
      }
    }
    expect(skips).toEqual([
      [
        'after activation the first registration signs in, the refused one does not',
        expect.stringContaining('GET /__dev/mailbox'),
      ],
      ['past its expiry the access token is refused: 401', expect.stringContaining('/__dev/clock')],
      ['signIn: its windows', expect.stringContaining("would refuse this client's sign-ins")],
      [
        'refreshToken: its windows',
        expect.stringContaining("would refuse this client's token renewals"),
      ],
      ['getHealth: its windows', expect.stringContaining('would refuse every health check')],
      // The lock's reset needs an account whose lock the run may fill: a fresh one, by mail.
      [
        'a right sign-in resets the count of failures',
        expect.stringContaining('GET /__dev/mailbox'),
      ],
    ])
  })

  it('skip the account and two-user flows with the reason when no account is given', async () => {
    const report = await checkTarget({ baseUrl, only: { flows: ['profile', 'authorisation'] } })
    expect(report.summary).toMatchObject({ failed: 0, skipped: 2 })
    const skips = report.suites.flatMap((suite) =>
      suite.checks.filter((check) => check.status === 'skipped'),
    )
    expect(skips.map((skip) => skip.message)).toEqual([
      expect.stringContaining('--email/--password'),
      expect.stringContaining('--email/--password'),
    ])
  })
})

describe('a flow stops at its first failed step', () => {
  it('a failed create leaves nothing to poll: no /environments/undefined, the rest skipped', async () => {
    const paths: string[] = []
    // Signs anybody in, then refuses every environment it is asked to create.
    const failing = createServer((request, response) => {
      paths.push(`${request.method} ${request.url}`)
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' })
        response.end(JSON.stringify(body))
      }
      if (request.url === '/api/auth/auth')
        json(200, { access_token: 'a', refresh_token: 'r', token_valid_seconds: 900 })
      else if (request.url === '/api/environments') json(503, { message: 'Provisioning is down' })
      else json(200, { status: 'ok' })
    })
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = failing.address() as AddressInfo
      const report = await checkTarget({
        baseUrl: `http://127.0.0.1:${port}`,
        mailbox: 'off',
        credentials: STUB_SEEDED_ACCOUNT,
        only: { flows: ['environment'] },
        waitSeconds: 60,
      })
      const flow = report.suites.find((suite) => suite.name.startsWith('environment'))
      expect(flow?.checks.map((check) => check.status)).toEqual([
        'failed',
        ...Array(flow ? flow.checks.length - 1 : 0).fill('skipped'),
      ])
      expect(flow?.checks[1]?.message).toMatch(/^an earlier step failed \(create: /)
      expect(paths.filter((path) => path.includes('/environments/'))).toEqual([])
    } finally {
      await new Promise((resolve) => failing.close(resolve))
    }
  })
})

/** A server of its own, in production mode: windows shared by every client, seeded when asked. */
async function freshSharedServer(seed = false) {
  const shared = buildServer({
    mode: 'production',
    logLevel: 'silent',
    jwtSecret: 'flows-test-production-signing-key-0123456789',
    scryptCost: 1024,
    seed,
  })
  return { shared, url: await shared.listen({ host: '127.0.0.1', port: 0 }) }
}

describe('the findings probes on a server whose windows every client shares', () => {
  it('run before the checks fill the forgot-password window, so the enumeration finding is kept', async () => {
    const { shared, url } = await freshSharedServer()
    try {
      // The operation checks and the rate-limit flow both fill forgot-password's client window.
      const report = await checkTarget({
        baseUrl: url,
        mailbox: 'off',
        only: { operations: ['requestPasswordReset'], flows: ['rate-limits', 'findings'] },
      })
      expect(report.findings.map((finding) => finding.title)).toContain(
        'E-mail enumeration on forgot-password',
      )
    } finally {
      await shared.close()
    }
  })
})

describe('a rate-limit window found full', () => {
  it('skips the flow with the reason, never fails it, when Retry-After is beyond --max-wait', async () => {
    const { shared, url } = await freshSharedServer()
    try {
      // An earlier run fills registration's window (10 per client in 15 minutes).
      for (let attempt = 0; attempt < 10; attempt++)
        await fetch(`${url}/api/auth/registration`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      const report = await checkTarget({
        baseUrl: url,
        mailbox: 'off',
        maxWaitSeconds: 1,
        only: { flows: ['registration'] },
      })
      expect(report.summary.failed, formatSummary(report)).toBe(0)
      const flow = report.suites.find((suite) => suite.name.startsWith('registration'))
      expect(flow?.checks[0]).toMatchObject({
        status: 'skipped',
        message: expect.stringMatching(
          /^the register rate-limit window is full \(Retry-After \d+ s, beyond --max-wait 1 s\)/,
        ),
      })
      expect(report.skippedParts.map((part) => part.part)).toEqual(['check.flow.registration'])
    } finally {
      await shared.close()
    }
  })
})

describe('two runs back to back against one server whose windows every client shares', () => {
  it('the first keeps to half of every per-client window; the second tests what the first left room for, and names what it could not', async () => {
    const { shared, url } = await freshSharedServer(true)
    try {
      const run = () =>
        checkTarget({
          baseUrl: url,
          credentials: STUB_SEEDED_ACCOUNT,
          secondCredentials: DEMO_ACCOUNT,
          maxWaitSeconds: 0,
          waitSeconds: 5,
        })
      const first = await run()
      expect(first.summary.failed, formatSummary(first)).toBe(0)
      // The reset link, which needs the mailbox, is left untested, and so are the last flows that
      // sign in: sign-in's window (20 per client) leaves the run 10 sign-ins, which the earlier
      // flows use. Registration, whose share the flows use, sends one of its own checks (the
      // rotation's turn).
      expect(first.skippedParts.map((part) => part.part)).toEqual([
        'check.flow.reset-link',
        'check.flow.profile',
        'check.flow.environment-limits',
        'check.flow.tokens',
      ])
      for (const part of first.skippedParts.slice(1))
        expect(part.reason).toMatch(/^kept for later runs: .* the signIn window \(20 per client/)
      const register = first.suites.find((suite) => suite.name === 'register')?.checks ?? []
      expect(register.filter((check) => check.status !== 'skipped')).toHaveLength(1)
      expect(register.find((check) => check.status === 'skipped')?.message).toMatch(
        /this run sent 1 of its 30 own checks, and the ones sent rotate: about 30 runs at least 450 s apart cover them all$/,
      )
      const second = await run()
      expect(second.summary.failed, formatSummary(second)).toBe(0)
      // The first run's rate-limit flow filled the windows it proves: within their period the
      // operations behind them are not tested, and the run says so rather than pass on a 429.
      // Only a method their path does not have is still judged (no window counts it); an
      // operation none of whose checks was sent is a skipped part.
      const full = /rate-limit window is full \(Retry-After \d+ s, beyond --max-wait 0 s\)/
      const FILLED = [
        'changePassword',
        'legacyRefreshToken',
        'legacySignIn',
        'logError',
        'logSecurityEvent',
        'requestDemo',
        'requestPasswordReset',
        'resendActivation',
        'submitContact',
      ]
      for (const id of FILLED) {
        const checks = second.suites.find((suite) => suite.name === id)?.checks ?? []
        const sent = checks.filter((check) => check.status !== 'skipped')
        expect(
          sent.map((check) => check.name).filter((name) => !/a method its path/.test(name)),
          id,
        ).toEqual([])
        expect(
          checks.some((check) => full.test(check.message ?? '')),
          id,
        ).toBe(true)
      }
      const filled = second.skippedParts.filter((part) => part.part.startsWith('check.operation.'))
      expect(filled.length).toBeGreaterThan(0)
      for (const part of filled) {
        expect(FILLED.map((id) => `check.operation.${id}`)).toContain(part.part)
        expect(part.reason).toMatch(full)
      }
    } finally {
      await shared.close()
    }
  })
})
