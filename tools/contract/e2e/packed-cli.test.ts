import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The packed CLI as a backend team gets it: the first ten minutes of README.md ("The first ten
// minutes"), its commands read from the README and run as written there, against the stub
// started as its own process. Turbo runs `pack:contract` and the stub's build first (see
// turbo.json), so the README's `pnpm pack:contract` is asserted, not run again.
const README = fileURLToPath(new URL('../README.md', import.meta.url))
const TARBALL = fileURLToPath(new URL('../devenv-contract.tgz', import.meta.url))
const STUB_CLI = fileURLToPath(new URL('../../../apps/stub-api/dist/cli.js', import.meta.url))
// Preloaded into the stub and the proxy: each ends when this test process goes, even by kill -9.
const EXIT_WITH_PARENT = new URL('../../scripts/exit-with-parent.mjs', import.meta.url).href

/** The line before each fenced `sh` block of the path, and the README's two placeholders. */
const MARKER = '<!-- first-ten-minutes -->'
const TARBALL_PLACEHOLDER = '/path/to/devenv-contract.tgz'
const SERVER_PLACEHOLDER = 'http://127.0.0.1:8080'

/** The commands of the blocks after MARKER, in order; each block must be there as a fenced `sh`. */
function firstTenMinutes(markdown: string): string[] {
  const lines = markdown.split('\n')
  const commands: string[] = []
  lines.forEach((line, index) => {
    if (line.trim() !== MARKER) return
    if (lines[index + 1]?.trim() !== '```sh')
      throw new Error(`README.md line ${index + 2}: no \`\`\`sh block right after ${MARKER}`)
    const end = lines.findIndex((fence, at) => at > index + 1 && fence.trim() === '```')
    if (end < 0) throw new Error(`README.md line ${index + 2}: the \`\`\`sh block never closes`)
    const block = lines
      .slice(index + 2, end)
      .join('\n')
      .replaceAll('\\\n', ' ')
    commands.push(...block.split('\n').filter((command) => !/^\s*(#|$)/.test(command)))
  })
  return commands
}

/** A command without its trailing comment, to recognise it by. */
const bare = (command: string) => command.replace(/\s+#.*$/, '').trim()

/** The folder a line ends with a `cd` into, if it does. */
const cdAtEnd = (line: string) => /(?:^|&&)\s*cd\s+(\S+)\s*$/.exec(line)?.[1]

/** The path's commands, checked for its shape: a README that no longer reads so fails here. */
function readPath(markdown: string) {
  const commands = firstTenMinutes(markdown)
  const [pack, ...steps] = commands
  const shown = `the commands after ${MARKER} in README.md:\n${commands.join('\n') || '(none)'}`
  const fail = (what: string) => new Error(`${what}; ${shown}`)
  if (commands.length === 0) throw new Error(`README.md has no \`\`\`sh block marked ${MARKER}`)
  if (pack === undefined || bare(pack) !== 'pnpm pack:contract')
    throw fail('the path does not begin with `pnpm pack:contract`')
  const install = steps.find((step) => step.startsWith('npm install '))
  if (!install?.includes(TARBALL_PLACEHOLDER))
    throw fail(`no \`npm install\` of ${TARBALL_PLACEHOLDER}`)
  const check = steps.at(-1) ?? ''
  if (
    !check.startsWith('./node_modules/.bin/devenv-contract check ') ||
    !check.includes(SERVER_PLACEHOLDER)
  )
    throw fail(`the path does not end with the installed bin's check of ${SERVER_PLACEHOLDER}`)
  // A `cd` is followed at the end of a line only (`mkdir D && cd D`): the next lines run in D.
  const cdInside = steps.find(
    (step) => /(^|[;&|(]\s*)cd\s/.test(step) && cdAtEnd(step) === undefined,
  )
  if (cdInside !== undefined) throw fail(`a \`cd\` not at the end of its line: ${cdInside}`)
  const reports = /--report-dir (\S+)/.exec(check)?.[1]
  if (reports === undefined) throw fail('its check writes no reports (no --report-dir)')
  return { setup: steps.slice(0, -1), check, reports }
}

/** A path for sh, quoted when it has to be. */
const quoted = (path: string) =>
  /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`

// A shell has no INIT_CWD: the CLI would take relative paths from the one vitest.e2e.config.ts
// (or pnpm) sets, tools/contract, and not from the folder the command is typed in.
const { INIT_CWD: _, ...shellEnv } = process.env

type Outcome = { code: number | null; stdout: string; stderr: string }

function run(command: string, args: string[], cwd: string): Promise<Outcome> {
  return new Promise((resolve) => {
    // npm install and a whole check: a minute on a slow machine under load, bounded all the same.
    execFile(
      command,
      args,
      { cwd, env: shellEnv, timeout: 300_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          stdout,
          stderr,
        }),
    )
  })
}

/** Runs one line of the README as typed into a shell in `cwd`: the placeholders replaced. */
function runLine(line: string, cwd: string): Promise<Outcome> {
  const command = line
    .replaceAll(TARBALL_PLACEHOLDER, quoted(TARBALL))
    .replaceAll(SERVER_PLACEHOLDER, stubUrl)
  return run('sh', ['-c', command], cwd)
}

const outputLines = (text: string) => text.split('\n').filter((line) => line !== '')

let path: ReturnType<typeof readPath>
let temporary: string
/** Where the README's lines leave the user: the folder the tarball is installed in. */
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
  path = readPath(await readFile(README, 'utf8'))
  if (!existsSync(TARBALL))
    throw new Error('tools/contract/devenv-contract.tgz is missing: run pnpm pack:contract')
  if (!existsSync(STUB_CLI))
    throw new Error('apps/stub-api/dist/cli.js is missing: build the stub first')
  temporary = await mkdtemp(join(tmpdir(), 'devenv-contract-install-'))
  stubUrl = await startStub()
  // The lines before the check (mkdir and cd, npm install), each in the folder the last left.
  folder = temporary
  for (const line of path.setup) {
    const outcome = await runLine(line, folder)
    expect(outcome.code, `${line}\n${outcome.stdout}${outcome.stderr}`).toBe(0)
    const cd = cdAtEnd(line)
    if (cd !== undefined) folder = resolve(folder, cd)
  }
})

afterAll(async () => {
  stub?.kill('SIGTERM')
  if (temporary) await rm(temporary, { recursive: true, force: true })
})

describe('the packed devenv-contract, installed with npm as README.md says', () => {
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

  it('carries no stub: no module of apps/, no stub server, no web framework in its code', async () => {
    // The toolkit is a client of the development protocol, as of any server (see docs/development.md,
    // "The toolkit stands on its own"); a stub imported again would be bundled, and named here.
    const installed = join(folder, 'node_modules/devenv-contract')
    const files = (await readdir(installed, { recursive: true })).map(String).sort()
    // The entries, and the chunks they share: each subcommand loads only its own (a cold start).
    const code = files.filter((file) => file.endsWith('.js'))
    expect(files.filter((file) => !code.includes(file))).toEqual([
      'README.md',
      'dist',
      'openapi.yaml',
      'package.json',
      'rule-register.yaml',
    ])
    expect(code).toEqual(expect.arrayContaining(['dist/cli.js', 'dist/judging-thread.js']))
    expect(
      code.every((file) => /^dist\/[\w-]+\.js$/.test(file)),
      code.join(', '),
    ).toBe(true)
    const modules: string[] = []
    for (const file of code) {
      const text = await readFile(join(installed, file), 'utf8')
      // esbuild heads each bundled module with its path: `// ../../apps/stub-api/src/server.ts`.
      modules.push(
        ...[...text.matchAll(/^\/\/ (\S+\.[cm]?[jt]sx?)$/gm)].map(([, path]) => path ?? ''),
      )
      for (const word of ['buildServer', 'createStubCore', '@devenv/stub-api', 'fastify'])
        expect(text.includes(word), `${file} holds "${word}"`).toBe(false)
    }
    expect(modules.length).toBeGreaterThan(0)
    expect(modules.filter((path) => /(^|\/)apps\/|stub-api|fastify|\/msw\//.test(path))).toEqual([])
  })

  it('loads for diff only what diff needs: no runner, fuzzer or proxy, no network client', async () => {
    // A pipeline diffs many files, a process each: `diff` pays for its own modules only. What a
    // subcommand loads is the static imports of cli.js and of its chunk, followed through chunks.
    const dist = join(folder, 'node_modules/devenv-contract/dist')
    const entry = await readFile(join(dist, 'cli.js'), 'utf8')
    const diffChunk = /import\("\.\/(diff-[\w-]+\.js)"\)/.exec(entry)?.[1]
    expect(diffChunk, 'cli.js imports the diff subcommand lazily').toBeDefined()
    const loaded = new Set<string>()
    const modules: string[] = []
    const follow = async (file: string) => {
      if (loaded.has(file)) return
      loaded.add(file)
      const text = await readFile(join(dist, file), 'utf8')
      modules.push(
        ...[...text.matchAll(/^\/\/ (\S+\.[cm]?[jt]sx?)$/gm)].map(([, path]) => path ?? ''),
      )
      for (const [, next] of text.matchAll(/^import .*?"\.\/([\w-]+\.js)";$/gms))
        await follow(next ?? '')
      for (const [, next] of text.matchAll(/^import "\.\/([\w-]+\.js)";$/gm))
        await follow(next ?? '')
    }
    await follow('cli.js')
    await follow(diffChunk ?? '')
    expect(modules).toEqual(expect.arrayContaining(['src/diff/index.ts', 'src/cli/diff.ts']))
    expect(
      modules.filter((path) =>
        /src\/(check\/(?!flows\/ids\.ts)|proxy\/|fuzz\/(?!(bound|check-names)\.ts))|fast-check|jose/.test(
          path,
        ),
      ),
    ).toEqual([])
  })

  it("checks the stub with the README's own line: exit 0, the coverage, the three reports", async () => {
    const outcome = await runLine(path.check, folder)
    expect(outcome.code, `${path.check}\n${outcome.stdout}${outcome.stderr}`).toBe(0)
    expect(outputLines(outcome.stdout).at(-1)).toMatch(
      /^contract: [1-9]\d+ passed, 0 failed, 0 skipped$/,
    )
    expect(outcome.stdout).toMatch(/\ncoverage: operations 25\/25 \(100%\), statuses /)
    const reports = join(folder, path.reports)
    const report = JSON.parse(await readFile(join(reports, 'report.json'), 'utf8'))
    expect(report).toMatchObject({ tool: 'devenv-contract', mode: 'check', failures: [] })
    expect(existsSync(join(reports, 'junit.xml'))).toBe(true)
    expect(existsSync(join(reports, 'report.html'))).toBe(true)
  })

  it('runs the validation proxy, its judging thread included, in front of the stub', async () => {
    // The installed bin itself (npx would stand between it and the signal).
    const cli = join(folder, 'node_modules/devenv-contract/dist/cli.js')
    const proxy = spawn(
      process.execPath,
      ['--import', EXIT_WITH_PARENT, cli, 'proxy', '--upstream', stubUrl, '--port', '0'],
      { cwd: folder, env: shellEnv, stdio: ['pipe', 'pipe', 'pipe'] },
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
    // Its reports (reports/proxy by default) in the folder it was started in.
    expect(existsSync(join(folder, 'reports/proxy/report.json'))).toBe(true)
  })

  it('exports the library a test written by replay --write-tests imports: devenv-contract/replay', async () => {
    // A one-step session recorded from the stub's own answer, replayed through the installed
    // package's export as a written test does it: nothing differs, nothing breaks the contract.
    const answer = await fetch(`${stubUrl}/api/environments`)
    const recorded = {
      head: {
        format: 'devenv-recording/1',
        session: 'packed',
        contract: '',
        recordedAt: '',
        upstream: stubUrl,
      },
      steps: [
        {
          step: 1,
          at: 0,
          operationId: 'listEnvironments',
          method: 'GET',
          url: '/api/environments',
          request: { headers: {} },
          answer: {
            status: answer.status,
            headers: { 'content-type': 'application/json' },
            json: await answer.json(),
          },
        },
      ],
    }
    const script = join(folder, 'replay-one.mjs')
    await writeFile(
      script,
      `import { replaySession } from 'devenv-contract/replay'\nconsole.log(JSON.stringify(await replaySession(${JSON.stringify(recorded)}, { baseUrl: ${JSON.stringify(stubUrl)} })))\n`,
    )
    const outcome = await runLine(`node ${script}`, folder)
    expect(outcome.code, outcome.stderr).toBe(0)
    expect(JSON.parse(outcome.stdout)).toEqual({ failures: [] })
  })

  it('gives bad input a one-line reason and exit 2', async () => {
    const outcome = await run(
      './node_modules/.bin/devenv-contract',
      ['check', '--base-url', stubUrl, '--no-such-flag'],
      folder,
    )
    expect(outcome.code).toBe(2)
    expect(outputLines(outcome.stderr)).toEqual([
      "devenv-contract: check: Unknown option '--no-such-flag' (see devenv-contract check --help)",
    ])
  })
})
