import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { OPENAPI_DOCUMENT_PATH } from '@devenv/openapi'
import { buildServer } from '@devenv/stub-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  answerHealthy,
  checksOf,
  coveredSet,
  expectUsageError,
  handMadeServers,
  reportJsonIn,
  runCli,
  runCliProcess,
} from './fixtures/cli'

const { serve, closeAll } = handMadeServers()

let htmlUrl: string
let redirectUrl: string
let hangingUrl: string
let plainHealthUrl: string
let closedUrl: string
let stub: ReturnType<typeof buildServer>
let stubUrl: string
/** The stub in production mode: a backend without development controls, accounts or mailbox. */
let backend: ReturnType<typeof buildServer>
let backendUrl: string
let folder: string

beforeAll(async () => {
  htmlUrl = await serve((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end('<!doctype html><title>Welcome</title>')
  })
  redirectUrl = await serve((_request, response) => {
    response.writeHead(302, { location: 'https://login.example/sso' })
    response.end()
  })
  // The API, but its health answer is text/plain: out of contract, not another server.
  plainHealthUrl = await serve((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' })
    response.end('ok')
  })
  // Accepts the connection and never answers.
  hangingUrl = await serve(() => undefined)
  // A port nothing listens on. Not one that listened and was closed: the next server started (this
  // file's stub, another file's) may be handed the same port, and the check then ran against it.
  // Port 2: below every ephemeral range, and not among the ports fetch refuses outright.
  closedUrl = 'http://127.0.0.1:2'
  stub = buildServer({ mode: 'test', logLevel: 'silent', provisionSeconds: 1, deleteSeconds: 1 })
  stubUrl = await stub.listen({ host: '127.0.0.1', port: 0 })
  backend = buildServer({
    mode: 'production',
    logLevel: 'silent',
    jwtSecret: 'cli-test-production-signing-key-0123456789',
  })
  backendUrl = await backend.listen({ host: '127.0.0.1', port: 0 })
  folder = await mkdtemp(join(tmpdir(), 'contract-cli-'))
})

afterAll(async () => {
  await closeAll()
  await stub.close()
  await backend.close()
  await rm(folder, { recursive: true, force: true })
})

describe('devenv-contract as a process', () => {
  it('exits 2 with one line on stderr and nothing on stdout for bad input', async () => {
    const outcome = await runCliProcess(['check', '--base-url', 'localhost:4010'])
    expectUsageError(outcome, /--base-url localhost:4010 must be an http/)
    expect(outcome.stdout).toBe('')
  })
})

describe('devenv-contract: bad input is exit 2 with a one-line reason', () => {
  it('an unknown flag', async () => {
    expectUsageError(
      await runCli(['check', '--base-url', stubUrl, '--colour']),
      /Unknown option '--colour'.*check --help/,
    )
  })

  it('an unknown flag without a subcommand (which means check)', async () => {
    expectUsageError(
      await runCli(['--bogus', '--base-url', stubUrl]),
      /check: Unknown option '--bogus' \(see/,
    )
    // Without --base-url, that is a problem too, on a line of its own after the first.
    expect((await runCli(['--bogus'])).stderr.trim().split('\n')).toEqual([
      "devenv-contract: check: Unknown option '--bogus' (see devenv-contract check --help)",
      'devenv-contract: check: --base-url is required',
    ])
  })

  it('a mistyped flag, with the one it was near', async () => {
    expectUsageError(
      await runCli(['check', '--base-ur', stubUrl]),
      /Unknown option '--base-ur'; did you mean --base-url\?/,
    )
    expectUsageError(
      await runCli(['check', '--base-url', stubUrl, '--mailbx', 'off']),
      /Unknown option '--mailbx'; did you mean --mailbox\?/,
    )
  })

  it('an unknown subcommand', async () => {
    expectUsageError(await runCli(['inspect']), /unknown subcommand "inspect"/)
  })

  it('a missing or malformed --base-url', async () => {
    expectUsageError(await runCli(['check']), /--base-url is required/)
    expectUsageError(await runCli(['check', '--base-url', 'localhost:4010']), /must be an http/)
  })

  it('a URL with credentials: the reason never prints the password', async () => {
    for (const url of ['ftp://qa:s3cret-pass@mail.example', 'http://qa:s3cret-pass@[bad']) {
      const outcome = await runCli(['check', '--base-url', url])
      expectUsageError(outcome, /--base-url \w+:\/\/\*\*\*@/)
      expect(outcome.stderr).not.toContain('s3cret-pass')
    }
  })

  it('an unreachable URL', async () => {
    expectUsageError(
      await runCli(['check', '--base-url', closedUrl]),
      /cannot reach http:\/\/127\.0\.0\.1:\d+\/api\/health \(--base-url\): .*ECONNREFUSED/,
    )
  })

  it('an account that does not sign in, before the run spends anything on it', async () => {
    expectUsageError(
      await runCli([
        'check',
        '--base-url',
        stubUrl,
        '--email',
        'user@devenv.example',
        '--password',
        'Not-The-Password-1',
      ]),
      /: the account user@devenv\.example does not sign in: 401 /,
    )
  })

  it('a mailbox command that cannot read the mailbox, or none given', async () => {
    expectUsageError(
      await runCli(['check', '--base-url', plainHealthUrl, '--mailbox', 'exec:exit 4']),
      /: --mailbox: the mailbox command \(exit\) exited 4 \(see devenv-contract check --help\)$/,
    )
    expectUsageError(
      await runCli(['check', '--base-url', plainHealthUrl, '--mailbox', 'exec: ']),
      /--mailbox exec: needs a command after the colon/,
    )
  })

  it('HTML where JSON is expected', async () => {
    expectUsageError(
      await runCli(['check', '--base-url', htmlUrl]),
      /answered 200 with an HTML page where JSON was expected/,
    )
  })

  it('a redirect where JSON is expected', async () => {
    expectUsageError(
      await runCli(['check', '--base-url', redirectUrl]),
      /answered a redirect \(302 to https:\/\/login\.example\/sso\)/,
    )
  })

  it('but not an API whose health answer is out of contract: a failure of getHealth (exit 1)', async () => {
    const outcome = await runCli([
      'check',
      '--base-url',
      plainHealthUrl,
      '--only',
      'getHealth',
      '--mailbox',
      'off',
      '--quiet',
    ])
    expect(outcome.code, outcome.stderr).toBe(1)
    expect(outcome.stderr).toBe('')
    expect(outcome.stdout).toMatch(/getHealth[\s\S]*text\/plain/)
    // The run went on past the health check: getHealth's own checks ran too.
    expect(outcome.stdout).toMatch(/contract: \d+ passed, [2-9]\d* failed/)
  })

  it('is the one GET /health of the run: the run judges the answer the preflight had', async () => {
    const asked: string[] = []
    const url = await serve((request, response) => {
      asked.push(`${request.method} ${request.url}`)
      request.resume()
      if (request.url === '/api/health') return answerHealthy(response)
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }))
    })
    const reports = join(folder, 'health-once')
    await runCli([
      'check',
      '--base-url',
      url,
      '--only',
      'listModels',
      '--mailbox',
      'off',
      '--quiet',
      '--report-dir',
      reports,
    ])
    expect(asked.filter((each) => each === 'GET /api/health')).toHaveLength(1)
    const json = JSON.parse(await readFile(join(reports, 'report.json'), 'utf8'))
    expect(
      json.operations.find((each: { operationId: string }) => each.operationId === 'getHealth'),
    ).toMatchObject({ statusesSeen: [200], failed: 0 })
  })

  it('a server that hangs, after the per-request timeout', async () => {
    expectUsageError(
      await runCli(['check', '--base-url', hangingUrl, '--timeout', '300']),
      /did not answer within 300 ms \(--timeout\)/,
    )
  })

  it('a contract that does not load', async () => {
    const broken = join(folder, 'broken.yaml')
    await writeFile(broken, 'openapi: [3.1\n  paths: {')
    expectUsageError(
      await runCli(['check', '--base-url', stubUrl, '--contract', broken]),
      /the contract .*broken\.yaml does not load: /,
    )
    expectUsageError(
      await runCli(['check', '--base-url', stubUrl, '--contract', join(folder, 'missing.yaml')]),
      /missing\.yaml does not load: no such file/,
    )
  })

  it('a contract with a malformed rule, in each subcommand that reads one', async () => {
    const text = await readFile(OPENAPI_DOCUMENT_PATH, 'utf8')
    const malformed = join(folder, 'malformed-quota.yaml')
    const changed = text.replace(/(x-quota:\n\s+scope: user\n\s+limit:) 5/, '$1 five')
    expect(changed).not.toBe(text)
    await writeFile(malformed, changed)
    const reason = /malformed-quota\.yaml does not load: .*x-quota\.limit must be an integer/
    expectUsageError(
      await runCli(['check', '--base-url', stubUrl, '--contract', malformed]),
      reason,
    )
    expectUsageError(
      await runCli(['fuzz', '--base-url', stubUrl, '--contract', malformed, '--seed', '1']),
      reason,
    )
  })

  it("an --allow-skip judged by the run's contract, not the bundled one", async () => {
    // Before, the parts were read from the bundled contract when the runner was imported.
    const text = await readFile(OPENAPI_DOCUMENT_PATH, 'utf8')
    const renamed = join(folder, 'renamed-operation.yaml')
    const changed = text.replace('operationId: getHealth\n', 'operationId: readHealth\n')
    expect(changed).not.toBe(text)
    await writeFile(renamed, changed)
    const withContract = (part: string) =>
      runCli(['check', '--contract', renamed, '--allow-skip', part, '--help'])
    const accepted = await withContract('check.operation.readHealth')
    expect(accepted.code, accepted.stderr).toBe(0)
    expectUsageError(
      await withContract('check.operation.getHealth'),
      /--allow-skip names no part of this mode: check\.operation\.getHealth/,
    )
    expectUsageError(
      await runCli(['check', '--allow-skip', 'check.operation.readHealth', '--help']),
      /--allow-skip names no part of this mode: check\.operation\.readHealth/,
    )
  })

  it('an --only that names no operation or flow', async () => {
    expectUsageError(
      await runCli(['check', '--base-url', stubUrl, '--only', 'signIn,sign-in']),
      /--only names no operation or flow: sign-in \(flows: account, /,
    )
  })

  it('a bad option value', async () => {
    expectUsageError(
      await runCli(['check', '--base-url', stubUrl, '--min-coverage', '120']),
      /--min-coverage must be a number from 0 to 100, got "120"/,
    )
  })
})

describe('devenv-contract check against the stub', () => {
  it('folds the statuses of the operations an --only run left out into one line', async () => {
    const outcome = await runCli(['check', '--base-url', stubUrl, '--only', 'getHealth', '--quiet'])
    expect(outcome.code, outcome.stderr).toBe(0)
    const notCalled = outcome.stdout
      .split('\n')
      .filter((line) => line.includes('the operation was not called'))
    expect(notCalled).toEqual([
      expect.stringMatching(
        /^ {2}- \d+ statuses of \d+ operations: the operation was not called \(not selected, or skipped\) \(listed in report\.json under "uncovered"\)$/,
      ),
    ])
  })

  it('fails under --min-coverage, naming each figure below it, the rules among them', async () => {
    const outcome = await runCli([
      'check',
      '--base-url',
      stubUrl,
      '--only',
      'getHealth',
      '--quiet',
      '--min-coverage',
      '50',
    ])
    expect(outcome.code, outcome.stdout).toBe(1)
    const lines = outcome.stdout.trim().split('\n')
    expect(lines.at(-1)).toMatch(/^contract: \d+ passed, 0 failed, 0 skipped$/)
    expect(lines.at(-2)).toMatch(
      /^coverage below --min-coverage 50%: operations \d(\.\d)?%, statuses \d+(\.\d)?%, examples \d+(\.\d)?%, rules \d+(\.\d)?%$/,
    )
  })

  // The whole run, once: its reports are both the coverage test's and the shards' whole.
  const check = () => ['--base-url', stubUrl, '--wait', '10', '--quiet']
  let whole: Awaited<ReturnType<typeof runCli>>
  beforeAll(async () => {
    whole = await runCli([
      ...check(),
      '--report-dir',
      join(folder, 'reports'),
      '--min-coverage',
      '100',
    ])
  })

  it('prints the coverage matrix, writes the three reports, and reaches --min-coverage 100', async () => {
    const reports = join(folder, 'reports')
    const outcome = whole
    // Every check passes, and every operation, documented status, example and rule that applies
    // to the stub is covered (the rules of answering alike need a server that does).
    expect(outcome.code, outcome.stdout + outcome.stderr).toBe(0)
    expect(outcome.stderr).toBe('')
    const lines = outcome.stdout.trim().split('\n')
    expect(lines.at(-1)).toMatch(/^contract: \d+ passed, 0 failed, 0 skipped$/)
    expect(outcome.stdout).toMatch(
      /\ncoverage: operations 25\/25 \(100%\), statuses (\d+)\/\1 \(100%\), examples (\d+)\/\2 \(100%\), rules (\d+)\/\3 \(100%\)\n/,
    )

    const json = JSON.parse(await readFile(join(reports, 'report.json'), 'utf8'))
    expect(json.mode).toBe('check')
    expect(json.summary.failed).toBe(0)
    expect(json.operations).toHaveLength(25)
    expect(
      json.operations.find((each: { operationId: string }) => each.operationId === 'getHealth'),
    ).toMatchObject({ method: 'GET', path: '/health', failed: 0, statusesSeen: [200, 429] })
    expect(await readFile(join(reports, 'junit.xml'), 'utf8')).toMatch(/failures="0"/)
    expect(await readFile(join(reports, 'report.html'), 'utf8')).toContain('<h2>Coverage</h2>')
  })

  it('two shards run every check once between them, and merged cover what one run covers', async () => {
    const reportIn = (dir: string) => reportJsonIn(join(folder, dir))
    const first = await runCli([...check(), '--shard', '1/2', '--report-dir', join(folder, 'one')])
    const second = await runCli([...check(), '--shard', '2/2', '--report-dir', join(folder, 'two')])
    expect([whole.code, first.code, second.code], whole.stdout).toEqual([0, 0, 0])
    const [one, two] = [await reportIn('one'), await reportIn('two')]
    expect(one.shard).toMatchObject({ index: 1, total: 2 })
    expect(two.shard).toMatchObject({ index: 2, total: 2 })
    // Disjoint: no check ran in both shards.
    const inBoth = checksOf(one).filter((name) => checksOf(two).includes(name))
    expect(inBoth).toEqual([])
    expect(checksOf(one).length).toBeGreaterThan(100)
    expect(checksOf(two).length).toBeGreaterThan(100)

    const merged = await runCli([
      'merge',
      join(folder, 'one'),
      join(folder, 'two'),
      '--report-dir',
      join(folder, 'merged'),
    ])
    expect(merged.code, merged.stdout).toBe(0)
    const [wholeReport, mergedReport] = [await reportIn('reports'), await reportIn('merged')]
    expect(mergedReport.mergedShards).toEqual([1, 2])
    // The union is the whole: as many checks, the same covered set, the same rules figure.
    expect(mergedReport.summary).toEqual(wholeReport.summary)
    expect(coveredSet(mergedReport)).toEqual(coveredSet(wholeReport))
    expect(mergedReport.coverage.summary.rules).toEqual(wholeReport.coverage.summary.rules)
    const lastLine = (text: string) => text.trim().split('\n').at(-1)
    expect(lastLine(merged.stdout)).toBe(lastLine(whole.stdout))
  })
})

describe('devenv-contract check: a whole part skipped fails the run unless accepted', () => {
  const run = (more: string[]) =>
    runCli([
      '--base-url',
      backendUrl,
      '--mailbox',
      'off',
      '--only',
      'getProfile,reset-link',
      '--quiet',
      ...more,
    ])

  it('names each part that did not run, and why, on the last line (exit 1)', async () => {
    // No mailbox and no account: neither the protected checks nor the reset link can run.
    const outcome = await run([])
    expect(outcome.code, outcome.stdout).toBe(1)
    const last = outcome.stdout.trim().split('\n').at(-1)
    expect(last).toMatch(
      /^contract: \d+ passed, 0 failed, \d+ skipped; not tested: check\.protected \(.*--email\/--password.*\); check\.flow\.reset-link \(.*GET \/__dev\/mailbox.*\)$/,
    )
    expect(outcome.stdout).toContain('not tested (whole parts skipped)')
  })

  it('passes when --allow-skip accepts them by name, and counts the skipped checks', async () => {
    const outcome = await run(['--allow-skip', 'check.protected', '--allow-skip', 'check.flow.*'])
    expect(outcome.code, outcome.stdout).toBe(0)
    expect(outcome.stdout.trim().split('\n').at(-1)).toMatch(
      /^contract: \d+ passed, 0 failed, [1-9]\d* skipped$/,
    )
  })

  it('refuses an --allow-skip that names no part', async () => {
    expectUsageError(await run(['--allow-skip', 'check.flows']), /--allow-skip names no part/)
  })
})

describe("the README's first command against a server without development controls", () => {
  it('ends as the README says: exit 1, no failure, each untested part naming what it needs', async () => {
    // As typed in "The first ten minutes": a base URL and a report folder, no account, no mailbox.
    const readme = await readFile(join(import.meta.dirname, '../README.md'), 'utf8')
    expect(readme).toContain('expect this first run to end with exit 1')
    const outcome = await runCli([
      'check',
      '--base-url',
      backendUrl,
      '--report-dir',
      join(folder, 'first-run'),
    ])
    expect(outcome.code, outcome.stdout).toBe(1)
    const last = outcome.stdout.trim().split('\n').at(-1) ?? ''
    const [counts, untested = ''] = last.split('; not tested: ')
    expect(counts).toMatch(/^contract: \d+ passed, 0 failed, \d+ skipped$/)
    // Each part's reason is what the next command gives: an account or a mailbox.
    const parts = untested.split(/; (?=check\.)/)
    expect(parts.length).toBeGreaterThan(1)
    for (const part of parts) expect(part).toMatch(/--email\/--password|mailbox/)
    // The parts the README shows are among those the run names.
    for (const named of readme.matchAll(/(check\.(?:protected|flow\.[a-z-]+)) \(/g))
      expect(untested).toContain(`${named[1]} (`)
  })
})
