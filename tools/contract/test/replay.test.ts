import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCommandLine } from '../src/cli/main'

/** What these tests read of report.json. */
type ReportJson = {
  summary: { passed: number; failed: number }
  notes: string[]
  failures: Array<{ suite: string; check: string; message: string }>
  skippedParts: unknown[]
}

import {
  BROKEN_SERVERS,
  type BrokenServer,
  rewriteAnswers,
  startStub,
} from './fixtures/broken-servers'
import { type Recorded, recordSiteSessions } from './fixtures/recorded-sessions'

// Proof of record and replay: the site's flows recorded through the proxy against the stub, then
// replayed against a fresh stub (nothing differs), against stubs with planted bugs (each one the
// flows touch is reported), with a baseline, and with noise learned from a reference.

// Environments stay `provisioning` while a replay runs, however slow the machine: a status that
// moves on its own clock is the noise `--reference` learns, tested below on its own.
const DEPLOYMENT = { provisionSeconds: 600, deleteSeconds: 600 }

let work: string
let recordingDir: string
let recorded: Recorded

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'replay-'))
  recordingDir = join(work, 'recording')
  const upstream = await startStub(undefined, 'fastify', DEPLOYMENT)
  try {
    recorded = await recordSiteSessions(upstream.baseUrl, recordingDir)
  } finally {
    await upstream.close()
  }
})
afterAll(() => rm(work, { recursive: true, force: true }))

/** Replays the recording (or `dir`) against `server` with `extra` options: exit code and report. */
async function replay(
  server: string,
  extra: string[] = [],
  dirs: string[] = [recordingDir],
): Promise<{ code: number; report: ReportJson; reportDir: string }> {
  const reportDir = await mkdtemp(join(work, 'report-'))
  const code = await runCommandLine([
    'replay',
    ...dirs,
    '--base-url',
    server,
    '--report-dir',
    reportDir,
    '--quiet',
    ...extra,
  ])
  return {
    code,
    report: JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')),
    reportDir,
  }
}

async function againstStub<T>(
  use: (baseUrl: string) => Promise<T>,
  broken?: BrokenServer,
  deployment: Record<string, unknown> = DEPLOYMENT,
): Promise<T> {
  const stub = await startStub(broken, 'fastify', deployment)
  try {
    return await use(stub.baseUrl)
  } finally {
    await stub.close()
  }
}

/**
 * A build whose profile answers a last name that changes with every answer (a field the
 * contract gives no format that says so).
 */
const volatile = {
  plant: () =>
    rewriteAnswers((request, status, body) =>
      request.operationId === 'getProfile' && status === 200
        ? { body: { ...(body as object), lastName: `Name ${Math.random()}` } }
        : undefined,
    ),
} as BrokenServer

const failures = (report: ReportJson) =>
  report.failures.map((failure) => `${failure.suite} ${failure.check}: ${failure.message}`)

describe('proxy --record', () => {
  it('writes a file per session, every step of the flows', () => {
    expect(recorded.summary.sessions).toBe(2)
    // 17 steps of the sign-up session (its two mailbox reads are links, not steps) and 4 of the demo's.
    expect(recorded.summary.steps).toBe(21)
    expect(readdirSync(recordingDir).filter((name) => name.endsWith('.ndjson'))).toHaveLength(2)
  })

  it('writes none of the secrets the traffic carried: passwords, tokens, the activation token, the reset hash', () => {
    const text = readdirSync(recordingDir)
      .map((name) => readFileSync(join(recordingDir, name), 'utf8'))
      .join('\n')
    expect(recorded.secrets.length).toBeGreaterThan(10)
    for (const secret of recorded.secrets) expect(text).not.toContain(secret)
    // Each is a named placeholder with its source instead.
    expect(text).toContain('"kind":"mailed","param":"activate"')
    expect(text).toContain('"kind":"mailed","param":"hash"')
    expect(text).toContain('"kind":"seeded-password","email":"demo@devenv.example"')
    expect(text).toMatch(/"authorization":"Bearer \{\{access-token-\d\}\}"/)
  })

  it("links the environment's id to the answer it came from", () => {
    const file = readdirSync(recordingDir).find((name) => name.startsWith('site-sign-up')) as string
    const steps = readFileSync(join(recordingDir, file), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    const read = steps.find((step) => step.operationId === 'getEnvironment')
    expect(read.url).toBe('/api/environments/{{id-1}}')
    expect(read.values['id-1']).toEqual({ kind: 'answer', step: 6, pointer: '/id', secret: false })
  })

  it('stops at its bound and says so in each session', async () => {
    const dir = join(work, 'bounded')
    const small = await againstStub((baseUrl) => recordSiteSessions(baseUrl, dir, 6_000))
    expect(small.summary.cut).toMatch(/reached its bound of 0 MiB/)
    expect(small.summary.bytes).toBeLessThanOrEqual(6_000)
    const { code, report } = await againstStub((baseUrl) => replay(baseUrl, [], [dir]))
    expect(report.notes.join('\n')).toMatch(/the recording was cut/)
    expect(code).toBe(0)
  })
})

describe('replay', () => {
  it('against a fresh stub: every step answers as recorded and as the contract says', async () => {
    const { code, report } = await againstStub((baseUrl) => replay(baseUrl))
    expect(failures(report)).toEqual([])
    expect(report.summary.passed).toBe(21)
    expect(report.skippedParts).toEqual([])
    expect(code).toBe(0)
  })

  it('reports the planted bugs the recorded flows touch, naming session, step, field and both values', async () => {
    const touched = [
      'sign-in answers token_valid_seconds as a string',
      'the profile answers createdAt as epoch milliseconds, not a date-time string',
      'a profile update answers the new values but is never saved',
      'a created environment is answered without its Location header',
      'registration answers 200 instead of the documented 201',
    ]
    for (const bug of touched) {
      const broken = BROKEN_SERVERS.find((server) => server.bug === bug) as BrokenServer
      const { code, report } = await againstStub((baseUrl) => replay(baseUrl), broken)
      expect(code, bug).toBe(1)
      expect(failures(report).length, bug).toBeGreaterThan(0)
    }
    const { report } = await againstStub(
      (baseUrl) => replay(baseUrl),
      BROKEN_SERVERS.find((server) => server.bug.startsWith('a profile update answers')),
    )
    expect(failures(report).join('\n')).toMatch(
      /session site-sign-up step 17: getProfile GET \/api\/user\/profile answers as recorded: drift: \/firstName: recorded Ada, now /,
    )
  })

  it('--baseline: an accepted difference passes until its day, then fails again', async () => {
    const broken = BROKEN_SERVERS.find((server) =>
      server.bug.startsWith('a created environment is answered without its Location'),
    ) as BrokenServer
    const baseline = join(work, 'baseline.yaml')
    const entry = (expires: string) =>
      `accepted:\n  - session: site-sign-up\n    step: 6\n    field: header location\n    reason: the new build leaves Location out until ticket 42\n    expires: ${expires}\n`
    await writeFile(baseline, entry('2999-01-01'))
    const accepted = await againstStub(
      (baseUrl) => replay(baseUrl, ['--baseline', baseline]),
      broken,
    )
    // The missing header is also a contract failure: only that is left.
    expect(failures(accepted.report).join('\n')).not.toMatch(/drift/)
    expect(accepted.report.notes.join('\n')).toMatch(
      /accepted until 2999-01-01 \(the new build leaves Location out until ticket 42\)/,
    )
    await writeFile(baseline, entry('2020-01-01'))
    const expired = await againstStub(
      (baseUrl) => replay(baseUrl, ['--baseline', baseline]),
      broken,
    )
    expect(failures(expired.report).join('\n')).toMatch(/drift, accepted until 2020-01-01 only/)
    await writeFile(baseline, 'accepted:\n  - session: x\n    field: status\n')
    expect(
      await runCommandLine([
        'replay',
        recordingDir,
        '--base-url',
        'http://127.0.0.1:9',
        '--baseline',
        baseline,
      ]),
    ).toBe(2)
  })

  it('--reference: what differs between two servers of the recorded build is noise, not drift', async () => {
    const dir = join(work, 'volatile')
    await againstStub((baseUrl) => recordSiteSessions(baseUrl, dir), volatile)
    const without = await againstStub((baseUrl) => replay(baseUrl, [], [dir]), volatile)
    expect(failures(without.report).join('\n')).toMatch(
      /drift: \/lastName: recorded Name 0\.\d+, now Name 0\.\d+/,
    )
    const { code, report } = await againstStub(
      (reference) =>
        againstStub((baseUrl) => replay(baseUrl, ['--reference', reference], [dir]), volatile),
      volatile,
    )
    expect(failures(report)).toEqual([])
    expect(report.notes.join('\n')).toMatch(
      /noise learned \(from --reference\): getProfile 200 \/lastName/,
    )
    expect(code).toBe(0)
  })

  it('shares its sessions out by --shard, and merge joins the shards into the whole run', async () => {
    const shards = await againstStub(async (baseUrl) => [
      await replay(baseUrl, ['--shard', '1/2']),
      await replay(baseUrl, ['--shard', '2/2']),
    ])
    const passed = shards.map(({ report }) => report.summary.passed)
    // One session each: 17 steps and 4.
    expect(passed.sort((a, b) => a - b)).toEqual([4, 17])
    const merged = join(work, 'merged')
    const code = await runCommandLine([
      'merge',
      ...shards.map(({ reportDir }) => reportDir),
      '--report-dir',
      merged,
      '--quiet',
    ])
    const report = JSON.parse(await readFile(join(merged, 'report.json'), 'utf8'))
    expect(report.mode).toBe('replay')
    expect(report.summary.passed).toBe(21)
    expect(code).toBe(0)
  })

  it('refuses a folder with no recording, and a file that is not one, in one line (exit 2)', async () => {
    const empty = await mkdtemp(join(work, 'empty-'))
    expect(await runCommandLine(['replay', empty, '--base-url', 'http://127.0.0.1:9'])).toBe(2)
    await writeFile(join(empty, 'broken.ndjson'), '{"format":"other"}\n')
    expect(await runCommandLine(['replay', empty, '--base-url', 'http://127.0.0.1:9'])).toBe(2)
  })
})

describe('replay --write-tests', () => {
  const here = fileURLToPath(new URL('..', import.meta.url))

  /**
   * Runs the written tests of `dir` with Vitest against `baseUrl`, as a team runs them with the
   * packed toolkit installed (here its library entry is the source): the exit code and output.
   */
  async function runWritten(
    dir: string,
    baseUrl: string,
  ): Promise<{ code: number; output: string }> {
    writeFileSync(
      join(dir, 'vitest.config.mjs'),
      `export default ${JSON.stringify({
        resolve: {
          alias: { 'devenv-contract/replay': join(here, 'src/replay/library.ts') },
          conditions: ['@devenv/source'],
        },
        ssr: { resolve: { conditions: ['@devenv/source'] } },
        test: { include: ['*.test.ts'], root: dir },
      })}\n`,
    )
    // Not spawnSync: the stubs answer from this process, whose event loop must keep turning.
    const child = spawn(
      process.execPath,
      [
        join(here, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--config',
        join(dir, 'vitest.config.mjs'),
      ],
      { cwd: dir, env: { ...process.env, DEVENV_BASE_URL: baseUrl, NO_COLOR: '1' } },
    )
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    const [code] = (await once(child, 'close')) as [number | null]
    return { code: code ?? -1, output }
  }

  // The written files live under the package (its reports/, ignored by git), where `vitest` resolves.
  const writtenDir = () => mkdtemp(join(here, 'reports', 'written-'))

  it('writes each session as a Vitest file that passes against the server it was recorded from', async () => {
    const dir = await writtenDir()
    try {
      await againstStub((baseUrl) => replay(baseUrl, ['--write-tests', dir]))
      const files = readdirSync(dir).filter((name) => name.endsWith('.test.ts'))
      expect(files).toHaveLength(2)
      const text = readFileSync(
        join(dir, files.find((name) => name.startsWith('site-sign-up')) as string),
        'utf8',
      )
      expect(text).toContain("from 'devenv-contract/replay'")
      expect(text).toContain('// 6. createEnvironment: POST /api/environments -> 201')
      for (const secret of recorded.secrets) expect(text).not.toContain(secret)
      const { code, output } = await againstStub((baseUrl) => runWritten(dir, baseUrl))
      expect(output).toMatch(/2 passed/)
      expect(code).toBe(0)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('shrinks a failing session to the steps that still show its failure: the test fails on the bug and passes without it', async () => {
    const dir = await writtenDir()
    const broken = BROKEN_SERVERS.find((server) =>
      server.bug.startsWith('a profile update answers'),
    ) as BrokenServer
    try {
      const { report } = await againstStub((reference) =>
        againstStub(
          (baseUrl) => replay(baseUrl, ['--write-tests', dir, '--reference', reference]),
          broken,
        ),
      )
      const shrunk = report.notes.find((note) => note.startsWith('session site-sign-up: shrunk'))
      expect(shrunk).toMatch(
        /shrunk from 17 steps to 8 that still show step 17's difference at \/firstName/,
      )
      // The update, and what the read needs: its token comes from the last sign-in, which needs
      // the reset's new password, which needs the mailed link. The environments, the models, the
      // refresh, the sign-out, the wrong password and the first read went.
      const file = readdirSync(dir).find((name) => name.startsWith('site-sign-up')) as string
      const kept = [...readFileSync(join(dir, file), 'utf8').matchAll(/^ {4}\/\/ \d+\. (\w+):/gm)]
      expect(kept.map((match) => match[1])).toEqual([
        'register',
        'activateAccount',
        'signIn',
        'updateProfile',
        'requestPasswordReset',
        'setPassword',
        'signIn',
        'getProfile',
      ])
      const withBug = await againstStub((baseUrl) => runWritten(dir, baseUrl), broken)
      expect(withBug.output).toMatch(/step 17: drift: \/firstName: recorded Ada/)
      expect(withBug.code).toBe(1)
      const fixed = await againstStub((baseUrl) => runWritten(dir, baseUrl))
      expect(fixed.output).toMatch(/2 passed/)
      expect(fixed.code).toBe(0)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
  it('writes the noise --reference learned into the test: it passes on the recorded build', async () => {
    const recording = join(work, 'volatile-written')
    await againstStub((baseUrl) => recordSiteSessions(baseUrl, recording), volatile)
    const dir = await writtenDir()
    try {
      await againstStub(
        (reference) =>
          againstStub(
            (baseUrl) =>
              replay(baseUrl, ['--reference', reference, '--write-tests', dir], [recording]),
            volatile,
          ),
        volatile,
      )
      const file = readdirSync(dir).find((name) => name.startsWith('site-sign-up')) as string
      expect(readFileSync(join(dir, file), 'utf8')).toMatch(
        /const noise = \[\n {2}"getProfile 200 \/lastName"/,
      )
      const { code, output } = await againstStub((baseUrl) => runWritten(dir, baseUrl), volatile)
      expect(output).toMatch(/2 passed/)
      expect(code).toBe(0)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
