import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The packed CLI as a backend team gets it: the tarball installed with npm into an empty folder,
// run with npx against the stub started as its own process. Turbo runs `pack:contract` and the
// stub's build first (see turbo.json).
const TARBALL = fileURLToPath(new URL('../devenv-contract.tgz', import.meta.url))
const STUB_CLI = fileURLToPath(new URL('../../../apps/stub-api/dist/cli.js', import.meta.url))
// Preloaded into the stub and the proxy: each ends when this test process goes, even by kill -9.
const EXIT_WITH_PARENT = new URL('../../scripts/exit-with-parent.mjs', import.meta.url).href

type Outcome = { code: number | null; stdout: string; stderr: string }

function run(command: string, args: string[], cwd: string): Promise<Outcome> {
  return new Promise((resolve) => {
    // npm install and a whole check: a minute on a slow machine under load, bounded all the same.
    execFile(command, args, { cwd, timeout: 300_000 }, (error, stdout, stderr) =>
      resolve({
        code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
        stdout,
        stderr,
      }),
    )
  })
}

/** npm's own warnings about this machine's configuration are not the CLI's output. */
const cliLines = (text: string) =>
  text.split('\n').filter((line) => line !== '' && !line.startsWith('npm warn'))

let folder: string
let stub: ChildProcess
let stubUrl: string

/** Starts the built stub on a free port and answers its origin, read from its start-up line. */
function startStub(): Promise<string> {
  stub = spawn(process.execPath, ['--import', EXIT_WITH_PARENT, STUB_CLI], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      STUB_MODE: 'test',
      LOG_LEVEL: 'info',
      PROVISION_SECONDS: '1',
      DELETE_SECONDS: '1',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    let output = ''
    const look = (chunk: Buffer) => {
      output += chunk.toString()
      const address = /(http:\/\/127\.0\.0\.1:\d+)\/api/.exec(output)?.[1]
      if (address) resolve(address)
    }
    stub.stdout?.on('data', look)
    stub.stderr?.on('data', look)
    stub.once('exit', (code) => reject(new Error(`the stub exited (${code}): ${output}`)))
  })
}

beforeAll(async () => {
  if (!existsSync(TARBALL))
    throw new Error('tools/contract/devenv-contract.tgz is missing: run pnpm pack:contract')
  if (!existsSync(STUB_CLI))
    throw new Error('apps/stub-api/dist/cli.js is missing: build the stub first')
  folder = await mkdtemp(join(tmpdir(), 'devenv-contract-install-'))
  stubUrl = await startStub()
  const install = await run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', TARBALL],
    folder,
  )
  expect(install.code, install.stderr).toBe(0)
})

afterAll(async () => {
  stub?.kill('SIGTERM')
  if (folder) await rm(folder, { recursive: true, force: true })
})

describe('the packed devenv-contract, installed with npm', () => {
  it('installs with no workspace or catalog specifiers and no dependency to fetch', async () => {
    const manifest = await readFile(
      join(folder, 'node_modules/devenv-contract/package.json'),
      'utf8',
    )
    expect(manifest).not.toMatch(/workspace:|catalog:|@devenv\//)
    expect(JSON.parse(manifest)).toMatchObject({
      name: 'devenv-contract',
      bin: { 'devenv-contract': './dist/cli.js' },
    })
    expect(JSON.parse(manifest).dependencies).toBeUndefined()
    expect(existsSync(join(folder, 'node_modules/devenv-contract/openapi.yaml'))).toBe(true)
  })

  it('checks the stub with the contract it carries: exit 0, the coverage, the three reports', async () => {
    const options = '--wait 10 --quiet --report-dir reports'.split(' ')
    const outcome = await run(
      'npx',
      ['--no', '--', 'devenv-contract', 'check', '--base-url', stubUrl, ...options],
      folder,
    )
    const lines = cliLines(outcome.stdout)
    expect(outcome.code, outcome.stdout + outcome.stderr).toBe(0)
    expect(lines.at(-1)).toMatch(/^contract: [1-9]\d+ passed, 0 failed, 0 skipped$/)
    expect(outcome.stdout).toMatch(/\ncoverage: operations 25\/25 \(100%\), statuses /)
    const report = JSON.parse(await readFile(join(folder, 'reports/report.json'), 'utf8'))
    expect(report).toMatchObject({ tool: 'devenv-contract', mode: 'check', failures: [] })
    expect(existsSync(join(folder, 'reports/junit.xml'))).toBe(true)
    expect(existsSync(join(folder, 'reports/report.html'))).toBe(true)
  })

  it('runs the validation proxy, its judging thread included, in front of the stub', async () => {
    // The installed bin itself (npx would stand between it and the signal).
    const cli = join(folder, 'node_modules/devenv-contract/dist/cli.js')
    const proxy = spawn(
      process.execPath,
      ['--import', EXIT_WITH_PARENT, cli, 'proxy', '--upstream', stubUrl, '--port', '0'],
      { cwd: folder, stdio: ['pipe', 'pipe', 'pipe'] },
    )
    let output = ''
    proxy.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    const exited = new Promise<number | null>((resolve) => proxy.once('exit', resolve))
    // Ends as soon as the proxy says where it listens; its judging thread may start slowly.
    const deadline = Date.now() + 120_000
    let address: string | undefined
    while (!address && Date.now() < deadline) {
      address = /^proxy: (http:\/\/\S+) -> /m.exec(output)?.[1]
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(address, output).toBeDefined()
    const healthy = await fetch(`${address}/api/health`)
    expect(healthy.status).toBe(200)
    await healthy.arrayBuffer()
    const nowhere = await fetch(`${address}/api/nowhere`)
    await nowhere.arrayBuffer()
    proxy.kill('SIGTERM')
    // The undocumented path is the one violation: the thread judged both exchanges.
    expect(await exited).toBe(1)
    expect(output).toContain('violation: (no operation) undocumented operation: GET /api/nowhere')
    expect(output).toMatch(
      /2 exchanges through http:\/\/127\.0\.0\.1:\d+, 1 violations; ended by SIGTERM/,
    )
  })

  it('gives bad input a one-line reason and exit 2', async () => {
    const outcome = await run(
      'npx',
      ['--no', '--', 'devenv-contract', 'check', '--base-url', stubUrl, '--no-such-flag'],
      folder,
    )
    expect(outcome.code).toBe(2)
    expect(cliLines(outcome.stderr)).toEqual([
      "devenv-contract: check: Unknown option '--no-such-flag' (see devenv-contract check --help)",
    ])
  })
})
