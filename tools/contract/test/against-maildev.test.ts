import { describe, expect, it, vi } from 'vitest'
import { runCommandLine } from '../src/cli/main'
import { commandMailbox, devMailbox, mailDevMailbox } from '../src/mailbox'
import { formatSummary, type RunReport } from '../src/report'
import { allowClockSkew, BROKEN_SERVERS, startStub } from './fixtures/broken-servers'
import {
  byName,
  caughtBy,
  checksOf,
  MAIL_FLOWS,
  useProductionBackend,
} from './fixtures/production-backend'

// The flows that need e-mailed links must run and pass against a backend with no development
// controls (fixtures/production-backend.ts), and the bugs that only they catch must be caught
// there. The whole run and every planted bug against it: test/production/.

const { maildev, production, checkAgainst } = useProductionBackend()

describe('the MailDev mailbox', () => {
  it("reads the stub's mails with the same link parameters as its development mailbox", async () => {
    // Test mode keeps the development mailbox and sends by SMTP too: one mail, two adapters.
    const stub = await startStub(undefined, 'fastify', { mode: 'test', smtpUrl: maildev.smtpUrl })
    try {
      const to = `parity-${Date.now()}@example.com`
      const post = (path: string, body: unknown) =>
        fetch(`${stub.baseUrl}/api${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      const registered = await post('/auth/registration', {
        username: to,
        password: 'Parity-Pass-1234',
        userType: 'PERSONAL',
      })
      expect(registered.status).toBe(201)
      const dev = devMailbox(stub.baseUrl)
      const [activation] = await dev.links(to)
      expect((await post('/auth/activate', { token: activation?.activate })).status).toBe(200)
      expect((await post('/auth/reset-password', { username: to })).status).toBe(200)

      const expected = await dev.links(to)
      expect(expected.map((params) => Object.keys(params).sort())).toEqual([
        ['hash', 'user'],
        ['activate'],
      ])
      const catcher = mailDevMailbox(maildev.url)
      expect(await catcher.problem()).toBeUndefined()
      const start = performance.now()
      while ((await catcher.links(to)).length < 2 && performance.now() - start < 8_000)
        await new Promise((resolve) => setTimeout(resolve, 50))
      // The same links; their order is each mailbox's (two mails of the same instant may be
      // listed either way by MailDev).
      const byText = (links: readonly object[]) => links.map((link) => JSON.stringify(link)).sort()
      expect(byText(await catcher.links(to))).toEqual(byText(expected))
      expect(await catcher.links(`nobody-${Date.now()}@example.com`)).toEqual([])
    } finally {
      await stub.close()
    }
  })

  it('names what is wrong with an address that is not MailDev', async () => {
    const stub = await startStub(undefined, 'fastify', production())
    try {
      expect(await mailDevMailbox(stub.baseUrl).problem()).toMatch(
        /does not answer as MailDev 3 \(GET \/api\/config answered 404\)/,
      )
    } finally {
      await stub.close()
    }
    expect(await mailDevMailbox(stub.baseUrl).problem()).toMatch(/^cannot reach MailDev at /)
  })
})

describe('check against the stub in production mode with MailDev', () => {
  it('runs and passes every flow that needs an e-mailed link, none skipped', async () => {
    // Two runs, each on a backend of its own: the four flows sign in more often than one run's
    // half of sign-in's window (20 per client) allows where every client shares it. The login
    // lock, which proves the reset of its count before filling it, signs in 7 times on its own.
    const reports: RunReport[] = []
    for (const flows of [MAIL_FLOWS.slice(0, 3), MAIL_FLOWS.slice(3)]) {
      const report = await checkAgainst(undefined, flows)
      expect(report.summary, formatSummary(report)).toMatchObject({ failed: 0, skipped: 0 })
      expect(report.skippedParts).toEqual([])
      expect(report.notes).toContain(`mailbox: MailDev at ${maildev.url}`)
      expect(report.notes).toContainEqual(expect.stringMatching(/^stub sessions: no/))
      reports.push(report)
    }
    const passed = (suite: string, name: RegExp) =>
      reports.flatMap((report) =>
        byName(checksOf(report, suite), name).map((check) => check.status),
      )
    expect(passed('account', /^the activation e-mail arrives/)).toEqual(['passed'])
    expect(passed('account', /^activate with the e-mailed token: 200/)).toEqual(['passed'])
    expect(passed('password reset link', /^the reset e-mail arrives/)).toEqual(['passed'])
    expect(passed('password reset link', /^the same link again: 400/)).toEqual(['passed'])
    expect(passed('registration', /^after activation: the activation e-mail arrives/)).toEqual([
      'passed',
    ])
    expect(passed('registration', /^after activation the first registration's password/)).toEqual([
      'passed',
    ])
    // The fresh, activated account proves the right password is refused while locked.
    expect(passed('login lock', /^attempt 6: 429/)).toEqual(['passed'])
    // The rules as data hold where every client shares the windows: the reset's revocations, and
    // a right sign-in clearing the lock's count.
    expect(passed('password reset link', /^after the reset session \d's access token/)).toEqual([
      'passed',
      'passed',
    ])
    expect(
      passed('login lock', /^wrong password, attempt \d since the right sign-in: 401$/),
    ).toEqual(['passed', 'passed', 'passed', 'passed', 'passed'])
  })

  it('reads the links through a one-line command instead (--mailbox exec:)', async () => {
    // The outbox here is MailDev's store, read as a team reads its own: one line of shell.
    const read = `fetch('${maildev.url}/api/email').then((r) => r.json()).then((mails) => { const [newest] = mails.filter((m) => m.to.some((t) => t.address === process.argv[1])).reverse(); if (newest) console.log(newest.text) })`
    // Each look is a process started; on a machine the browser suites share, a mail may take
    // more than the default 10 s of looks to be seen (the bound only ends a wait).
    const mailbox = commandMailbox(`node -e "${read}" "$1"`, { deliveryMs: 30_000 })
    expect(await mailbox.problem()).toBeUndefined()
    const report = await checkAgainst(undefined, ['account', 'reset-link'], { mailbox })
    expect(report.summary, formatSummary(report)).toMatchObject({ failed: 0, skipped: 0 })
    expect(report.notes).toContain('mailbox: the mailbox command (node)')
    const passed = (suite: string, name: RegExp) =>
      byName(checksOf(report, suite), name).map((check) => check.status)
    expect(passed('account', /^activate with the e-mailed token: 200/)).toEqual(['passed'])
    expect(passed('password reset link', /^the same link again: 400/)).toEqual(['passed'])
  })

  it.each(['a password reset link works twice', 'an activation link works twice'])(
    'catches the planted bug: %s',
    async (bug) => {
      const broken = BROKEN_SERVERS.find((each) => each.bug === bug)
      if (!broken) throw new Error(`no broken server "${bug}"`)
      const report = await checkAgainst(broken, broken.only.flows ?? [])
      expect(caughtBy(report, broken), formatSummary(report)).not.toEqual([])
    },
  )
})

describe('expiry without a development clock', () => {
  const TOKENS = ['tokens']
  const expiryChecks = (report: RunReport) =>
    byName(checksOf(report, 'tokens'), /^past its expiry the access token is refused/)

  it('waits for tokens that live at most --max-wait to expire, and sees them refused', async () => {
    const started = performance.now()
    const report = await checkAgainst(undefined, TOKENS, {
      deployment: { tokenValidSeconds: 2 },
      maxWaitSeconds: 5,
    })
    expect(report.summary, formatSummary(report)).toMatchObject({ failed: 0, skipped: 0 })
    expect(expiryChecks(report)).toMatchObject([
      { status: 'passed', name: expect.stringContaining('waited for its 2 s lifetime') },
    ])
    // Seconds, not minutes (the check's name says which wait it took); room for a busy machine.
    expect(performance.now() - started).toBeLessThan(60_000)
  })

  it('passes a server that allows clock skew past exp, judging it once --max-wait has passed', async () => {
    // Tokens of 1 s taken 2.7 s past their `exp`: the first look, at most 2.5 s past it, finds
    // the token still taken; the second, 1.5 s past --max-wait, is at least 3.5 s past it.
    const report = await checkAgainst(undefined, TOKENS, {
      deployment: { tokenValidSeconds: 1, hooks: allowClockSkew(2.7) },
      maxWaitSeconds: 3,
    })
    expect(report.summary, formatSummary(report)).toMatchObject({ failed: 0, skipped: 0 })
    expect(expiryChecks(report).map((check) => check.status)).toEqual(['passed'])
  })

  it('catches the planted bug: an expired access token is accepted', async () => {
    const broken = BROKEN_SERVERS.find((each) => each.bug.startsWith('an expired access token'))
    if (!broken) throw new Error('no broken server for expiry')
    // --max-wait equal to the lifetime: judged once, right after expiry.
    const report = await checkAgainst(broken, TOKENS, {
      deployment: { tokenValidSeconds: 2 },
      maxWaitSeconds: 2,
    })
    expect(expiryChecks(report).map((check) => check.status)).toEqual(['failed'])
  })

  it("renews the run's own token before it expires: a late check never meets a 401 of its own making", async () => {
    // Tokens of 2 s, and a server that takes 100 ms an answer: the operations' checks outlive
    // several tokens, and a 413 check sent with an expired token would rightly get 401.
    const slow = {
      onAnswer: async () => {
        await new Promise((resolve) => setTimeout(resolve, 100))
        return undefined
      },
    }
    const operations = ['updateProfile', 'createEnvironment', 'chatCompletion']
    const report = await checkAgainst(undefined, [], {
      operations,
      deployment: { tokenValidSeconds: 2, hooks: slow },
    })
    expect(report.summary, formatSummary(report)).toMatchObject({ failed: 0, skipped: 0 })
    const oversized = operations.flatMap((operation) =>
      byName(checksOf(report, operation), /^refuses a body over 1 MiB: 413$/),
    )
    expect(oversized.map((check) => check.status)).toEqual(['passed', 'passed', 'passed'])
  })

  it('skips with the reason when tokens live longer than --max-wait', async () => {
    const report = await checkAgainst(undefined, TOKENS, { maxWaitSeconds: 30 })
    expect(expiryChecks(report)).toMatchObject([
      {
        status: 'skipped',
        message: expect.stringMatching(
          /--max-wait 30 s; this target's live 900 s \(token_valid_seconds\)/,
        ),
      },
    ])
  })
})

describe('devenv-contract check --mailbox URL', () => {
  async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
    const out: string[] = []
    const err: string[] = []
    const log = vi.spyOn(console, 'log').mockImplementation((...parts) => {
      out.push(parts.join(' '))
    })
    const error = vi.spyOn(console, 'error').mockImplementation((...parts) => {
      err.push(parts.join(' '))
    })
    try {
      return { code: await runCommandLine(args), out: out.join('\n'), err: err.join('\n') }
    } finally {
      log.mockRestore()
      error.mockRestore()
    }
  }

  it('reads the reset link from MailDev and passes; a mailbox that is not one is exit 2', async () => {
    const stub = await startStub(undefined, 'fastify', production())
    try {
      const run = await cli([
        'check',
        '--base-url',
        stub.baseUrl,
        '--mailbox',
        maildev.url,
        '--only',
        'reset-link',
        '--quiet',
      ])
      expect(run.code, run.out).toBe(0)
      expect(run.out.split('\n').at(-1)).toMatch(/^contract: [1-9]\d* passed, 0 failed, 0 skipped$/)

      const wrong = await cli(['check', '--base-url', stub.baseUrl, '--mailbox', stub.baseUrl])
      expect(wrong.code).toBe(2)
      expect(wrong.err).toMatch(
        /^devenv-contract: check: --mailbox: MailDev at http:\/\/127\.0\.0\.1:\d+ does not answer as MailDev 3/,
      )
      expect(wrong.err.split('\n')).toHaveLength(1)
      const word = await cli(['check', '--base-url', stub.baseUrl, '--mailbox', 'maildev'])
      expect(word.code).toBe(2)
      expect(word.err).toMatch(
        /--mailbox must be auto, off, the http:\/\/ URL of a mail catcher or exec:COMMAND/,
      )
    } finally {
      await stub.close()
    }
  })
})
