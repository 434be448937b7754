import { describe, expect, it } from 'vitest'
import { checkTarget } from '../../src/check/runner'
import { mailDevMailbox } from '../../src/mailbox'
import { formatSummary } from '../../src/report'
import { BROKEN_SERVERS, startStub } from '../fixtures/broken-servers'
import { caughtBy, useProductionBackend } from '../fixtures/production-backend'

// A whole run and every planted bug, not only those that need mail, against a backend with no
// development controls (the stub in production mode mailing to MailDev): about a minute, so
// behind its own command, `pnpm --filter @devenv/contract test:production`.

const { maildev, production, checkAgainst } = useProductionBackend()

/** A whole `check` against the production backend with tokens of `tokenValidSeconds`. */
async function wholeRun(tokenValidSeconds: number) {
  const stub = await startStub(undefined, 'fastify', production({ tokenValidSeconds }))
  try {
    return await checkTarget({
      baseUrl: stub.baseUrl,
      mailbox: mailDevMailbox(maildev.url),
      waitSeconds: 10,
      maxWaitSeconds: 30,
    })
  } finally {
    await stub.close()
  }
}

const skipReasons = (report: Awaited<ReturnType<typeof wholeRun>>) =>
  report.suites.flatMap((suite) =>
    suite.checks.filter((check) => check.status === 'skipped').map((check) => check.message ?? ''),
  )

/**
 * The parts a run leaves for later runs: flows whose sign-in found the run's half of sign-in's
 * window (20 per client in 15 minutes) used up by the flows before them.
 */
const partsLeftToLaterRuns = (report: Awaited<ReturnType<typeof wholeRun>>) =>
  report.skippedParts.filter(
    (part) =>
      !(
        part.part.startsWith('check.flow.') &&
        /^kept for later runs: .* the signIn window/.test(part.reason)
      ),
  )

describe('the whole run, and every planted bug', () => {
  it('passes every check it can send, leaving untested only what the windows keep for later runs', async () => {
    const report = await wholeRun(5)
    expect(report.summary.failed, formatSummary(report)).toBe(0)
    expect(partsLeftToLaterRuns(report)).toEqual([])
    // What is skipped is only what a shared server's windows keep for later runs.
    expect(
      skipReasons(report).filter(
        (reason) =>
          !/kept for later runs|rate-limit window is full|would refuse (every health check|this client's)/.test(
            reason,
          ),
      ),
    ).toEqual([])
  })

  it('passes a whole run against 20-second tokens with --max-wait 30, the run renewing its own', async () => {
    // What docs/check.md advises for proving expiry: the run outlives many of its own tokens.
    const report = await wholeRun(20)
    expect(report.summary.failed, formatSummary(report)).toBe(0)
    expect(partsLeftToLaterRuns(report)).toEqual([])
    expect(
      skipReasons(report).filter((reason) => /run's own token had expired/.test(reason)),
    ).toEqual([])
  })

  it.each(BROKEN_SERVERS.map((broken) => [broken.bug, broken] as const))(
    'is caught in production mode with MailDev: %s',
    async (_bug, broken) => {
      const report = await checkAgainst(broken, broken.only.flows ?? [], {
        operations: broken.only.operations ?? [],
        deployment: { tokenValidSeconds: 2 },
        maxWaitSeconds: 3,
      })
      expect(caughtBy(report, broken), formatSummary(report)).not.toEqual([])
    },
  )
})
