import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { buildServer, SEEDED_ACCOUNTS } from '@devenv/stub-api'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { proxyCommand } from '../src/cli/proxy'
import { spawnProxy } from '../src/cli/spawn'

let reportDir: string
beforeAll(async () => {
  reportDir = await mkdtemp(join(tmpdir(), 'proxy-reports-'))
})
afterAll(() => rm(reportDir, { recursive: true, force: true }))
afterEach(() => {
  vi.restoreAllMocks()
})

async function listening(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** An upstream that answers every request 200 with JSON: `{}`, or what `body` gives for its URL. */
async function jsonUpstream(
  body: (url: string | undefined) => string = () => '{}',
): Promise<{ upstream: Server; upstreamUrl: string }> {
  const upstream = createServer((request, response) => {
    request.resume()
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(body(request.url))
  })
  return { upstream, upstreamUrl: await listening(upstream) }
}

/**
 * The proxy's arguments in front of `upstreamUrl` on a free port, its reports in `directory`. A
 * test may send no request that passes: that skip is accepted, so that the verdict is 0.
 */
const idleProxyArguments = (upstreamUrl: string, directory: string) => [
  '--upstream',
  upstreamUrl,
  '--port',
  '0',
  '--report-dir',
  directory,
  '--allow-skip',
  'proxy.traffic',
]

async function closedPort(): Promise<number> {
  const server = createServer()
  await listening(server)
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

type Report = {
  notes: string[]
  summary: { passed: number; failed: number; skipped: number; schemaViolations: number }
  operations: Array<{ operationId: string; passed: number; statusesSeen: number[] }>
  failures: Array<{ operationId: string | null; check: string; status: number | null }>
}

const readReport = async (directory: string) =>
  JSON.parse(await readFile(join(directory, 'report.json'), 'utf8')) as Report

describe('proxy: bad input is a one-line reason and exit code 2', () => {
  const cases: Array<[string, (port: number) => string[], RegExp]> = [
    ['an unknown flag', () => ['--upstream', 'http://127.0.0.1:1', '--colour'], /Unknown option/],
    ['no upstream', () => ['--port', '0'], /--upstream is required/],
    ['an upstream that is no URL', () => ['--upstream', 'stub'], /is not a URL/],
    [
      'an upstream with a path',
      () => ['--upstream', 'http://127.0.0.1:1/api'],
      /--upstream takes an origin \(http:\/\/host:port\), not http:\/\/127\.0\.0\.1:1\/api/,
    ],
    ['a bad port', () => ['--upstream', 'http://127.0.0.1:1', '--port', '70000'], /--port/],
    ['a bad duration', () => ['--upstream', 'http://127.0.0.1:1', '--duration', '0'], /--duration/],
    ['a flag without its value', () => ['--upstream', 'http://127.0.0.1:1', '--port'], /--port/],
    [
      'a contract that does not load',
      () => ['--upstream', 'http://127.0.0.1:1', '--contract', join(tmpdir(), 'no-such.yaml')],
      /the contract .*no-such\.yaml does not load: no such file/,
    ],
    [
      'an upstream nobody listens on',
      (port) => ['--upstream', `http://127.0.0.1:${port}`, '--port', '0'],
      /cannot reach http:\/\/127\.0\.0\.1:\d+\/api\/health \(--upstream\)/,
    ],
  ]

  it.each(cases)('%s', async (_name, argv, reason) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const code = await proxyCommand(argv(await closedPort()))
    expect(code).toBe(2)
    expect(errors).toHaveBeenCalledTimes(1)
    const [line] = errors.mock.calls[0] as [string]
    expect(line).toMatch(reason)
    expect(line).not.toContain('\n')
    expect(line).not.toMatch(/\bat .*\.ts:\d+/)
  })

  it('a port another process holds', async () => {
    const upstream = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end('{}')
    })
    const taken = createServer()
    try {
      const upstreamUrl = await listening(upstream)
      const takenPort = new URL(await listening(taken)).port
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
      vi.spyOn(console, 'log').mockImplementation(() => {})
      const code = await proxyCommand(['--upstream', upstreamUrl, '--port', takenPort])
      expect(code).toBe(2)
      expect(errors.mock.calls).toEqual([
        [
          `devenv-contract: proxy: cannot listen on port ${takenPort} (EADDRINUSE) (see devenv-contract proxy --help)`,
        ],
      ])
    } finally {
      upstream.close()
      taken.close()
    }
  })
})

describe('proxy in front of the real stub (a short bounded run)', () => {
  let stub: ReturnType<typeof buildServer>
  let stubUrl: string
  beforeAll(async () => {
    stub = buildServer({ mode: 'test', logLevel: 'silent' })
    stubUrl = await stub.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(() => stub.close())

  it('passes the stub’s real answers, ends after --duration, exits 0 and writes the report', async () => {
    const lines: string[] = []
    vi.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line))
    const directory = join(reportDir, 'stub')
    const started = Date.now()
    const exit = proxyCommand([
      '--upstream',
      stubUrl,
      '--port',
      '0',
      '--duration',
      '10',
      '--report-dir',
      directory,
    ])
    await vi.waitFor(() => expect(lines[0]).toMatch(/^proxy: http:\/\/127\.0\.0\.1:\d+ -> /), {
      timeout: 120_000,
    })
    const address = /^proxy: (\S+)/.exec(lines[0] as string)?.[1] as string

    const health = await fetch(`${address}/api/health`)
    expect(health.status).toBe(200)
    const [account] = SEEDED_ACCOUNTS
    const signIn = await fetch(`${address}/api/auth/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    })
    expect(signIn.status).toBe(200)
    const { access_token } = (await signIn.json()) as { access_token: string }
    const profile = await fetch(`${address}/api/v1/user/profile`, {
      headers: { authorization: `Bearer ${access_token}` },
    })
    expect(profile.status).toBe(200)
    expect(((await profile.json()) as { email: string }).email).toBe(account.email)
    const anonymous = await fetch(`${address}/api/user/profile`)
    expect(anonymous.status).toBe(401)
    await anonymous.arrayBuffer()

    expect(await exit).toBe(0)
    expect(Date.now() - started).toBeGreaterThanOrEqual(10_000)
    expect(lines.filter((line) => line.startsWith('violation'))).toEqual([])
    const report = await readReport(directory)
    expect(report.notes).toEqual([expect.stringMatching(/ended by duration$/)])
    expect(report.summary).toEqual({ passed: 4, failed: 0, skipped: 0, schemaViolations: 0 })
    expect(report.failures).toEqual([])
    const seen = Object.fromEntries(
      report.operations.map((operation) => [operation.operationId, operation.statusesSeen]),
    )
    expect(seen).toMatchObject({ getHealth: [200], signIn: [200], getProfile: [200, 401] })
  })
})

describe('proxy: --min-coverage', () => {
  it('fails a run whose traffic covered less of the contract than asked', async () => {
    const upstream = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end('{}')
    })
    const lines: string[] = []
    vi.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line))
    try {
      const upstreamUrl = await listening(upstream)
      const code = await proxyCommand([
        ...['--upstream', upstreamUrl, '--port', '0', '--duration', '0.2'],
        ...['--min-coverage', '50', '--report-dir', join(reportDir, 'coverage')],
      ])
      expect(code).toBe(1)
      expect(lines.join('\n')).toContain('coverage below --min-coverage 50%: operations 0%')
    } finally {
      upstream.close()
    }
  })
})

describe('proxy as a process', () => {
  it('prints the violation as it happens, and on SIGTERM writes the reports and exits 1', async () => {
    const { upstream, upstreamUrl } = await jsonUpstream((url) =>
      url === '/api/health' ? '{"status":"fine"}' : '{}',
    )
    const directory = join(reportDir, 'signal')
    const child = spawnProxy(idleProxyArguments(upstreamUrl, directory))
    try {
      const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
      const [first] = (await once(lines, 'line')) as [string]
      const address = /^proxy: (\S+)/.exec(first)?.[1]
      expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const answer = await fetch(`${address}/api/health`)
      expect(await answer.text()).toBe('{"status":"fine"}')
      const [violation] = (await once(lines, 'line')) as [string]
      expect(violation).toMatch(/^violation: getHealth schema: .* \[GET \/api\/health -> 200\]$/)

      child.kill('SIGTERM')
      const [code] = (await once(child, 'exit')) as [number]
      expect(code).toBe(1)
      const report = await readReport(directory)
      expect(report.notes).toEqual([expect.stringMatching(/ended by SIGTERM$/)])
      expect(report.failures[0]).toMatchObject({ operationId: 'getHealth', check: 'schema' })
      expect(await readFile(join(directory, 'junit.xml'), 'utf8')).toContain('<testsuite')
      expect(await readFile(join(directory, 'report.html'), 'utf8')).toContain('getHealth')
    } finally {
      child.kill('SIGKILL')
      upstream.close()
    }
  })
})

describe('proxy as a process, given a second signal while it stops', () => {
  it('still writes the reports once and exits with its verdict', async () => {
    const { upstream, upstreamUrl } = await jsonUpstream()
    const directory = join(reportDir, 'second-signal')
    const child = spawnProxy(idleProxyArguments(upstreamUrl, directory))
    try {
      const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
      const printed: string[] = []
      lines.on('line', (line) => printed.push(line))
      await vi.waitFor(() => expect(printed[0]).toMatch(/^proxy: /), { timeout: 120_000 })
      // As tsx's relay and pnpm do: the same stop, passed on again a moment later.
      child.kill('SIGINT')
      await new Promise((resolve) => setTimeout(resolve, 30))
      child.kill('SIGTERM')
      const [code, signal] = (await once(child, 'exit')) as [number | null, string | null]
      expect({ code, signal }).toEqual({ code: 0, signal: null })
      expect(printed.filter((line) => line.startsWith('reports: '))).toHaveLength(1)
      expect((await readReport(directory)).notes).toEqual([
        expect.stringMatching(/ended by SIGINT$/),
      ])
    } finally {
      child.kill('SIGKILL')
      upstream.close()
    }
  })
})

describe('pnpm contract proxy, stopped by a signal to its process group', () => {
  const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url))

  /**
   * `pnpm contract proxy` from the repository's root as a CI runner starts it: a process group
   * of its own, output piped. Sends `signal` to the whole group once the proxy listens (after
   * `traffic`), and answers the exit code and what it printed.
   */
  async function stoppedByGroupSignal(
    signal: NodeJS.Signals,
    directory: string,
    traffic: (address: string, printed: () => string) => Promise<void>,
  ) {
    const { upstream, upstreamUrl } = await jsonUpstream()
    const pnpm = spawn(
      'pnpm',
      ['contract', 'proxy', ...idleProxyArguments(upstreamUrl, directory)],
      { cwd: REPO_ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let output = ''
    pnpm.stdout?.on('data', (chunk) => {
      output += chunk
    })
    pnpm.stderr?.on('data', (chunk) => {
      output += chunk
    })
    const exited = once(pnpm, 'exit') as Promise<[number | null, NodeJS.Signals | null]>
    try {
      await vi.waitFor(() => expect(output).toMatch(/^proxy: http:\/\/127\.0\.0\.1:\d+ /m), {
        timeout: 120_000,
        interval: 50,
      })
      await traffic(/^proxy: (\S+)/m.exec(output)?.[1] as string, () => output)
      process.kill(-(pnpm.pid as number), signal)
      const [code, killedBy] = await exited
      return { code, killedBy, output }
    } finally {
      // Whatever happened, nothing of the group outlives the test.
      try {
        process.kill(-(pnpm.pid as number), 'SIGKILL')
      } catch {}
      upstream.close()
    }
  }

  const reportsIn = (directory: string) =>
    ['report.json', 'junit.xml', 'report.html'].filter((file) => existsSync(join(directory, file)))

  it('SIGTERM: writes the three reports once and exits with the verdict (1: a violation)', async () => {
    const directory = join(reportDir, 'group-sigterm')
    const { code, killedBy, output } = await stoppedByGroupSignal(
      'SIGTERM',
      directory,
      async (address, printed) => {
        // `{}` is no health answer: one violation, so the verdict is 1.
        await (await fetch(`${address}/api/health`)).text()
        await vi.waitFor(() => expect(printed()).toContain('violation: getHealth'), {
          timeout: 60_000,
        })
      },
    )
    expect({ code, killedBy }).toEqual({ code: 1, killedBy: null })
    expect(reportsIn(directory)).toEqual(['report.json', 'junit.xml', 'report.html'])
    expect(output.match(/^reports: /gm)).toHaveLength(1)
    expect((await readReport(directory)).notes).toEqual([
      expect.stringMatching(/ended by SIGTERM$/),
    ])
  })

  it('SIGINT: writes the three reports once and exits with the verdict (0: no violation)', async () => {
    const directory = join(reportDir, 'group-sigint')
    const { code, killedBy, output } = await stoppedByGroupSignal(
      'SIGINT',
      directory,
      async () => {},
    )
    expect({ code, killedBy }).toEqual({ code: 0, killedBy: null })
    expect(reportsIn(directory)).toEqual(['report.json', 'junit.xml', 'report.html'])
    expect(output.match(/^reports: /gm)).toHaveLength(1)
    expect((await readReport(directory)).notes).toEqual([expect.stringMatching(/ended by SIGINT$/)])
  })
})
