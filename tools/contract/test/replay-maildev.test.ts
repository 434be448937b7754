import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCommandLine } from '../src/cli/main'
import { mailDevMailbox } from '../src/mailbox'
import { BROKEN_SERVERS, type BrokenServer, startStub } from './fixtures/broken-servers'
import { useProductionBackend } from './fixtures/production-backend'
import { recordProductionSession } from './fixtures/recorded-production-session'
import type { Recorded } from './fixtures/recorded-sessions'

// Record and replay against a server that is not ours: the stub in production mode (no stub
// sessions, no /__dev routes) mailing by SMTP to MailDev, recorded once, then replayed against a
// second production server that mails to a MailDev of its own, which the replay reads.

/** What these tests read of report.json. */
type ReportJson = {
  summary: { passed: number; failed: number }
  failures: Array<{ suite: string; check: string; message: string }>
  skippedParts: unknown[]
}

// Each side its own catcher: the replay can only find the links its own server mailed.
const recordingSide = useProductionBackend()
const replaySide = useProductionBackend()

// Environments stay `provisioning` while the flows run, however slow the machine.
const DEPLOYMENT = { provisionSeconds: 600, deleteSeconds: 600 }
/** Registration through the last profile read (the mail reads are not the proxy's traffic). */
const STEPS = 15

let work: string
let recordingDir: string
let recorded: Recorded

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'replay-maildev-'))
  recordingDir = join(work, 'recording')
  const upstream = await startStub(undefined, 'fastify', recordingSide.production(DEPLOYMENT))
  try {
    recorded = await recordProductionSession(
      upstream.baseUrl,
      mailDevMailbox(recordingSide.maildev.url),
      recordingDir,
    )
  } finally {
    await upstream.close()
  }
})
afterAll(() => rm(work, { recursive: true, force: true }))

const recordingText = () =>
  readdirSync(recordingDir)
    .map((name) => readFileSync(join(recordingDir, name), 'utf8'))
    .join('\n')

/** The recording replayed against a new production stub (planted bug or not) and its MailDev. */
async function replayAgainstProduction(
  broken?: BrokenServer,
): Promise<{ code: number; report: ReportJson }> {
  const stub = await startStub(broken, 'fastify', replaySide.production(DEPLOYMENT))
  try {
    const reportDir = await mkdtemp(join(work, 'report-'))
    const code = await runCommandLine([
      'replay',
      recordingDir,
      '--base-url',
      stub.baseUrl,
      '--mailbox',
      replaySide.maildev.url,
      '--report-dir',
      reportDir,
      '--quiet',
    ])
    return { code, report: JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) }
  } finally {
    await stub.close()
  }
}

const failures = (report: ReportJson) =>
  report.failures.map((failure) => `${failure.suite} ${failure.check}: ${failure.message}`)

describe('proxy --record in front of a production server', () => {
  it("records the traffic as the one session `proxy`, the token and hash read from MailDev linked to the registered address's mail", () => {
    expect(recorded.summary).toMatchObject({ sessions: 1, steps: STEPS })
    const lines = recordingText()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines[0]).toMatchObject({ session: 'proxy' })
    const step = (operationId: string) => lines.find((line) => line.operationId === operationId)
    expect(step('activateAccount').request.json).toEqual({ token: '{{activate-1}}' })
    expect(step('activateAccount').values).toEqual({
      'activate-1': { kind: 'mailed', param: 'activate', to: '{{email-1}}' },
    })
    expect(step('setPassword').request.json).toMatchObject({ hash: '{{hash-1}}' })
    expect(step('setPassword').values).toMatchObject({
      'hash-1': { kind: 'mailed', param: 'hash', to: '{{email-1}}' },
    })
    // No stub session, so none is recorded and none is asked of the replay's target.
    expect(lines.every((line) => !JSON.stringify(line).includes('x-stub-session'))).toBe(true)
  })

  it('writes none of the secrets the traffic carried: passwords, tokens, the activation token, the reset hash', () => {
    const text = recordingText()
    // Two passwords, three token pairs, the activation token and the reset hash.
    expect(recorded.secrets).toHaveLength(10)
    for (const secret of recorded.secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(8)
      expect(text).not.toContain(secret)
    }
  })
})

describe('replay against a second production server with a MailDev of its own', () => {
  it('answers every step as recorded and as the contract says, reading the links from its MailDev', async () => {
    const { code, report } = await replayAgainstProduction()
    expect(failures(report)).toEqual([])
    expect(report.summary).toMatchObject({ passed: STEPS, failed: 0 })
    expect(report.skippedParts).toEqual([])
    expect(code).toBe(0)
  })

  it('names the field a planted bug changed: a profile update that is never saved', async () => {
    const broken = BROKEN_SERVERS.find(
      (server) => server.bug === 'a profile update answers the new values but is never saved',
    ) as BrokenServer
    const { code, report } = await replayAgainstProduction(broken)
    expect(failures(report).join('\n')).toMatch(
      new RegExp(
        `session proxy step ${STEPS}: getProfile GET /api/user/profile answers as recorded: drift: /firstName: recorded Ada, now `,
      ),
    )
    expect(report.skippedParts).toEqual([])
    expect(code).toBe(1)
  })
})
