import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_ACCOUNT } from '@devenv/openapi/dev-protocol'
import type { StubHooks } from '@devenv/stub-api'
import { split } from 'shlex'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fuzzCommand } from '../src/cli/fuzz'
import type { InProcessTarget } from '../src/cli/options'
import { buildFuzzStub, inProcessStub } from './fixtures/fuzz-stub'

/** The fuzz stub listening on 127.0.0.1, a free port; `plant` is a bug in its core's hooks. */
async function listeningStub(plant?: StubHooks) {
  const { app } = buildFuzzStub({ rateLimits: 'off', ...(plant ? { hooks: plant } : {}) })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` }
}

/** Runs `devenv-contract fuzz` in process; answers its exit code and what it printed. */
async function fuzz(argv: string[], inProcess: InProcessTarget = inProcessStub) {
  const lines: string[] = []
  const log = vi.spyOn(console, 'log').mockImplementation((...parts) => {
    lines.push(parts.join(' '))
  })
  try {
    const code = await fuzzCommand(argv, { inProcess })
    return { code, output: lines.join('\n') }
  } finally {
    log.mockRestore()
  }
}

/** Sends what a printed `curl -i --globoff -X M URL -H ... --data-raw BODY` would send. */
async function runCurl(command: string) {
  // A body with control bytes comes from printf, through the pipe into `--data-binary @-`: the
  // shell's printf writes it, as it would where the command is pasted.
  const pipe = command.startsWith('printf ') ? command.indexOf(' | curl ') : -1
  const piped =
    pipe === -1
      ? undefined
      : execFileSync('sh', ['-c', command.slice(0, pipe)], { encoding: 'utf8' })
  const words = split(pipe === -1 ? command : command.slice(pipe + 3))
  expect(words.slice(0, 3)).toEqual(['curl', '-i', '--globoff'])
  const headers: Record<string, string> = {}
  let method = 'GET'
  let url = ''
  let body: string | undefined
  for (let index = 3; index < words.length; index++) {
    const word = words[index] ?? ''
    if (word === '-X') method = words[++index] ?? ''
    else if (word === '-H') {
      const header = words[++index] ?? ''
      const colon = header.indexOf(':')
      headers[header.slice(0, colon)] = header.slice(colon + 1).trim()
    } else if (word === '--data-raw') body = words[++index]
    else if (word === '--data-binary' && words[index + 1] === '@-') {
      index++
      body = piped
    } else url = word
  }
  return fetch(url, { method, headers, ...(body === undefined ? {} : { body }) })
}

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** The planted bug of the shrinking tests: a contact request naming a company answers 500. */
const COMPANY_ANSWERS_500: StubHooks = {
  onAnswer: (request, reply) => {
    const body = request.body as Record<string, unknown> | undefined
    return request.operationId === 'submitContact' &&
      reply.status === 201 &&
      typeof body?.company === 'string'
      ? { status: 500, headers: {}, json: { message: 'planted bug', code: 'INTERNAL' } }
      : undefined
  },
}

describe('devenv-contract fuzz over HTTP', () => {
  it('fuzzes the stub on a real port without a failure, prints its seed and writes the reports', async () => {
    const stub = await listeningStub()
    const reportDir = mkdtempSync(join(tmpdir(), 'fuzz-report-'))
    folders.push(reportDir)
    try {
      const seed = String(Math.floor(Math.random() * 2 ** 31))
      const { code, output } = await fuzz([
        '--base-url',
        `${stub.url}/api`,
        '--requests',
        '300',
        '--sequences',
        '5',
        '--seed',
        seed,
        '--report-dir',
        reportDir,
        '--quiet',
      ])
      expect(output, output).toMatch(new RegExp(`seed ${seed}\\b`))
      expect(code, output).toBe(0)
      const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8'))
      expect(report).toMatchObject({ mode: 'fuzz', seed, summary: { failed: 0 } })
      expect(report.summary.passed).toBeGreaterThan(25)
      // 300 requests over every operation: each is reached, and each reached one answered.
      // The seed is random: each assertion names it, to replay a failure with --seed.
      const { operations, statuses } = report.coverage.summary
      expect(operations, `seed ${seed}`).toMatchObject({ percent: 100 })
      expect(operations.total, `seed ${seed}`).toBe(report.operations.length)
      expect(statuses.covered, `seed ${seed}`).toBeGreaterThan(0)
      expect(readFileSync(join(reportDir, 'junit.xml'), 'utf8')).toContain('<testsuite')
    } finally {
      await stub.app.close()
    }
  })

  it('finds a planted 500, shrinks it and prints a curl command that reproduces it', async () => {
    const stub = await listeningStub(COMPANY_ANSWERS_500)
    const reportDir = mkdtempSync(join(tmpdir(), 'fuzz-report-'))
    folders.push(reportDir)
    try {
      const { code, output } = await fuzz([
        '--base-url',
        stub.url,
        // Seed 42 meets the bug within its first 300 requests; shrinking is most of the time.
        '--requests',
        '300',
        '--sequences',
        '0',
        '--seed',
        '42',
        // The 500 breaks other checks too (its body, positive_data_acceptance): shrink the first.
        '--shrink',
        '1',
        '--report-dir',
        reportDir,
        '--quiet',
      ])
      expect(code, output).toBe(1)
      expect(output).toContain('✗ not_a_server_error on submitContact')
      expect(output).toMatch(/\(\d+ shrinks; replay with --seed 42\)/)
      const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8'))
      const failure = report.failures.find(
        (each: { check: string; operationId: string }) =>
          each.check === 'not_a_server_error' && each.operationId === 'submitContact',
      )
      expect(failure).toMatchObject({ status: 500 })
      const curl = output.match(/reproduce: ((?:printf|curl) .*)/)?.[1]
      expect(curl, output).toBeDefined()
      expect(curl).toBe(failure.reproducer)
      // The shrunk body keeps the one field that triggers the bug.
      expect(curl).toContain('company')
      const again = await runCurl(curl ?? '')
      expect(again.status).toBe(500)
    } finally {
      await stub.app.close()
    }
  })
})

describe('devenv-contract fuzz meeting full rate-limit windows', () => {
  it('names an operation whose every request met a full window a skipped part, and fails unless --allow-skip names it', async () => {
    // As after `check` on the same server: requestDemo's window is full for the whole run.
    const stub = await listeningStub({
      onAnswer: (request) =>
        request.operationId === 'requestDemo'
          ? {
              status: 429,
              headers: { 'retry-after': '600' },
              json: { message: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' },
            }
          : undefined,
    })
    const reportDir = mkdtempSync(join(tmpdir(), 'fuzz-full-window-'))
    folders.push(reportDir)
    const reason = 'every request to requestDemo met a full rate-limit window (429)'
    try {
      const argv = ['--base-url', stub.url, '--requests', '300', '--sequences', '0', '--seed', '5']
      const skipped = await fuzz([...argv, '--report-dir', reportDir, '--quiet'])
      expect(skipped.code, skipped.output).toBe(1)
      expect(skipped.output.trim().split('\n').at(-1)).toContain(
        `not tested: fuzz.properties.requestDemo (${reason}`,
      )
      const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8'))
      expect(report.summary.failed).toBe(0)
      expect(report.skippedParts).toContainEqual({
        part: 'fuzz.properties.requestDemo',
        reason,
        accepted: false,
      })
      // Another seed: this one's stub sessions (and their environments' names) are taken.
      const accepted = await fuzz([
        ...argv.slice(0, -1),
        '6',
        '--quiet',
        '--allow-skip',
        'fuzz.properties.requestDemo',
      ])
      expect(accepted.code, accepted.output).toBe(0)
    } finally {
      await stub.app.close()
    }
  })
})

describe('devenv-contract fuzz whose world set-up meets a 429', () => {
  it('writes the report, names the part it could not run with the answer, and exits 1 (not 2)', async () => {
    // The demo account's sign-in meets a full window, as after `check` on the same server.
    const stub = await listeningStub({
      onAnswer: (request) =>
        request.operationId === 'signIn' &&
        (request.body as { email?: unknown } | undefined)?.email === DEMO_ACCOUNT.email
          ? {
              status: 429,
              headers: { 'retry-after': '600' },
              json: { message: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' },
            }
          : undefined,
    })
    const reportDir = mkdtempSync(join(tmpdir(), 'fuzz-setup-429-'))
    folders.push(reportDir)
    try {
      const { code, output } = await fuzz([
        ...['--base-url', stub.url, '--requests', '100', '--sequences', '0', '--seed', '11'],
        ...['--report-dir', reportDir, '--quiet'],
      ])
      expect(code, output).toBe(1)
      const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8'))
      expect(report.skippedParts).toContainEqual({
        part: 'fuzz.properties',
        reason: expect.stringMatching(/^world setup: sign-in of demo answered 429 .*RATE_LIMITED/),
        accepted: false,
      })
      expect(report.skippedParts.map((part: { part: string }) => part.part)).not.toContain(
        'interrupted',
      )
      expect(output.trim().split('\n').at(-1)).toMatch(
        /not tested: fuzz\.properties \(world setup: sign-in of demo answered 429/,
      )
    } finally {
      await stub.app.close()
    }
  })
})

describe('devenv-contract fuzz --shrink 0', () => {
  it('keeps the first failing request as sent, and its reproducer, in report.json and the terminal', async () => {
    const stub = await listeningStub(COMPANY_ANSWERS_500)
    const reportDir = mkdtempSync(join(tmpdir(), 'fuzz-unshrunk-'))
    folders.push(reportDir)
    try {
      const { code, output } = await fuzz([
        ...['--base-url', stub.url, '--requests', '300', '--sequences', '0', '--seed', '42'],
        ...['--shrink', '0', '--report-dir', reportDir, '--quiet'],
      ])
      expect(code, output).toBe(1)
      expect(output).not.toContain('shrunk counterexample')
      const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8'))
      const failure = report.failures.find(
        (each: { check: string; operationId: string }) =>
          each.check === 'not_a_server_error' && each.operationId === 'submitContact',
      )
      expect(failure).toMatchObject({
        status: 500,
        request: { method: 'POST', url: `${stub.url}/api/contact` },
      })
      expect(failure.reproducer).toEqual(expect.any(String))
      const curl = output.match(/reproduce: ((?:printf|curl) .*)/)?.[1]
      expect(curl).toBe(failure.reproducer)
      // The very request that failed, sent again: it fails again.
      expect((await runCurl(curl ?? '')).status).toBe(500)
    } finally {
      await stub.app.close()
    }
  })
})

describe("devenv-contract fuzz against a server without the stub's development controls", () => {
  it('skips both parts with the reason, and fails unless --allow-skip accepts them', async () => {
    // Healthy, but every other path (the seeded sign-in, /__dev/clock) is unknown to it.
    const server = createServer((request, response) => {
      const healthy = request.url === '/api/health'
      response.writeHead(healthy ? 200 : 404, { 'content-type': 'application/json' })
      response.end(JSON.stringify(healthy ? { status: 'ok' } : { message: 'Not found' }))
    })
    server.listen(0, '127.0.0.1')
    await new Promise((listening) => server.once('listening', listening))
    const reportDir = mkdtempSync(join(tmpdir(), 'fuzz-skipped-'))
    folders.push(reportDir)
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const reason =
        'the target has no development clock (POST /__dev/clock), and no accounts were given (--email and --password, --second-email and --second-password)'
      const skipped = await fuzz(['--base-url', baseUrl, '--seed', '3', '--report-dir', reportDir])
      expect(skipped.code, skipped.output).toBe(1)
      expect(skipped.output).toContain(`skipped: ${reason}`)
      // The last line counts the skipped check and names each part that did not run, and why.
      expect(skipped.output.trim().split('\n').at(-1)).toBe(
        `contract: 0 passed, 0 failed, 1 skipped; not tested: fuzz.properties (${reason}); fuzz.stateful (${reason})`,
      )
      const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8'))
      expect(report.skippedParts).toEqual([
        { part: 'fuzz.properties', reason, accepted: false },
        { part: 'fuzz.stateful', reason, accepted: false },
      ])
      expect(readFileSync(join(reportDir, 'junit.xml'), 'utf8')).toContain(
        `<failure message="not tested: ${reason}" type="not-tested">`,
      )
      expect(readFileSync(join(reportDir, 'report.html'), 'utf8')).toContain('<h2>Not tested</h2>')

      const accepted = await fuzz(['--base-url', baseUrl, '--seed', '3', '--allow-skip', 'fuzz.*'])
      expect(accepted.code, accepted.output).toBe(0)
      expect(accepted.output.trim().split('\n').at(-1)).toBe(
        'contract: 0 passed, 0 failed, 1 skipped',
      )
      expect(accepted.output).toContain(`- fuzz.stateful: ${reason} (accepted)`)
    } finally {
      server.close()
    }
  })

  it('takes an account only whole, and a second one only with a first', async () => {
    const errors: string[] = []
    const error = vi.spyOn(console, 'error').mockImplementation((line) => {
      errors.push(String(line))
    })
    const base = ['--base-url', 'http://127.0.0.1:9']
    try {
      expect(await fuzzCommand([...base, '--email', 'a@example.com'])).toBe(2)
      expect(
        await fuzzCommand([...base, '--second-email', 'b@example.com', '--second-password', 'x']),
      ).toBe(2)
      expect(
        await fuzzCommand([
          ...base,
          ...['--email', 'a@example.com', '--password', 'x'],
          ...['--second-email', 'A@example.com', '--second-password', 'y'],
        ]),
      ).toBe(2)
    } finally {
      error.mockRestore()
    }
    expect(errors).toEqual([
      'devenv-contract: fuzz: give both --email and --password, or neither (see devenv-contract fuzz --help)',
      'devenv-contract: fuzz: a second account needs a first (--email, --password) (see devenv-contract fuzz --help)',
      'devenv-contract: fuzz: the second account must be another one than the first (see devenv-contract fuzz --help)',
    ])
  })

  it('takes --allow-skip only with the names of its parts', async () => {
    const errors: string[] = []
    const error = vi.spyOn(console, 'error').mockImplementation((line) => {
      errors.push(String(line))
    })
    try {
      expect(await fuzzCommand(['--stub', '--allow-skip', 'fuzz.statefull'])).toBe(2)
    } finally {
      error.mockRestore()
    }
    // The parts: both, and each operation under the property-based one (a full window skips it).
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(
      /^devenv-contract: fuzz: --allow-skip names no part of this mode: fuzz\.statefull \(parts: fuzz\.properties, fuzz\.stateful, fuzz\.properties\.signIn, .*fuzz\.properties\.requestDemo, .*\) \(see devenv-contract fuzz --help\)$/,
    )
  })
})

describe('devenv-contract fuzz --stub (pnpm fuzz)', () => {
  it('fuzzes the stub in process, both parts, and prints the answers per operation', async () => {
    const { code, output } = await fuzz(['--stub', '--requests', '200', '--sequences', '2'])
    expect(code, output).toBe(0)
    expect(output).toContain('fuzz: the stub in process, 200 requests, 2 stateful sequences')
    expect(output).toMatch(/stateful: 2 sequences, \d+ steps/)
    expect(output).toMatch(/^ {2}getHealth +200: \d+/m)
  })

  it('answers --stub with a usage error where no caller hands it a stub (the binary)', async () => {
    const errors: string[] = []
    const error = vi.spyOn(console, 'error').mockImplementation((line) => {
      errors.push(String(line))
    })
    try {
      expect(await fuzzCommand(['--stub', '--requests', '10'])).toBe(2)
    } finally {
      error.mockRestore()
    }
    expect(errors).toEqual([
      'devenv-contract: fuzz: --stub runs the stub of the workspace in process, and this CLI has none: give --base-url (see devenv-contract fuzz --help)',
    ])
  })

  it('takes --base-url or --stub, not both', async () => {
    const errors: string[] = []
    const error = vi.spyOn(console, 'error').mockImplementation((line) => {
      errors.push(String(line))
    })
    try {
      expect(await fuzzCommand(['--stub', '--base-url', 'http://127.0.0.1:9'])).toBe(2)
    } finally {
      error.mockRestore()
    }
    expect(errors).toEqual([
      'devenv-contract: fuzz: give --base-url or --stub, not both (see devenv-contract fuzz --help)',
    ])
  })
})

describe('devenv-contract fuzz --checks and --exclude-checks', () => {
  async function usageError(argv: string[]): Promise<string[]> {
    const errors: string[] = []
    const error = vi.spyOn(console, 'error').mockImplementation((line) => {
      errors.push(String(line))
    })
    try {
      expect(await fuzzCommand(argv)).toBe(2)
    } finally {
      error.mockRestore()
    }
    return errors
  }

  it('refuses a name that is no check, with the one it was near, and a selection of none', async () => {
    const [misspelt] = await usageError(['--stub', '--exclude-checks', 'positive_data_acceptence'])
    expect(misspelt).toMatch(
      /^devenv-contract: fuzz: --exclude-checks: no check is called "positive_data_acceptence"; did you mean positive_data_acceptance\? \(the checks: not_a_server_error, /,
    )
    expect(
      await usageError([
        '--stub',
        '--checks',
        'use_after_free',
        '--exclude-checks',
        'use_after_free',
      ]),
    ).toEqual([
      'devenv-contract: fuzz: --checks and --exclude-checks leave no check to run (see devenv-contract fuzz --help)',
    ])
  })

  it('judges by every check but the excluded one, and says which it left out', async () => {
    const stub = await listeningStub()
    try {
      const { code, output } = await fuzz([
        '--base-url',
        stub.url,
        '--requests',
        '150',
        '--sequences',
        '0',
        '--exclude-checks',
        'positive_data_acceptance',
      ])
      expect(code, output).toBe(0)
      expect(output).toMatch(/positive_data_acceptance\s+not selected/)
      expect(output).toMatch(/not_a_server_error\s+[1-9][\d,]*\s+0/)
    } finally {
      await stub.app.close()
    }
  })
})

describe('devenv-contract fuzz stopped part-way', () => {
  it('by a target that fails after some answers: report.json holds the checks judged before, the run marked interrupted, and the error goes on', async () => {
    const reportDir = mkdtempSync(join(tmpdir(), 'fuzz-crash-'))
    folders.push(reportDir)
    // The stub in process, whose connection is lost after its 400th answer.
    const losing: InProcessTarget = {
      start: async () => {
        const { fuzz, stateful } = await inProcessStub.start()
        let answers = 0
        const send: typeof fuzz.send = (request) => {
          if (++answers > 400) throw new Error('the connection to the target was lost')
          return fuzz.send(request)
        }
        return { fuzz: { ...fuzz, send }, stateful }
      },
    }
    const argv = ['--stub', '--requests', '5000', '--sequences', '0', '--seed', '8']
    await expect(fuzz([...argv, '--report-dir', reportDir, '--quiet'], losing)).rejects.toThrow(
      'the connection to the target was lost',
    )
    const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8'))
    expect(report.summary.passed).toBeGreaterThan(10)
    expect(report.failures).toEqual([])
    expect(report.coverage.summary.operations.covered).toBeGreaterThan(0)
    expect(report.skippedParts).toContainEqual({
      part: 'interrupted',
      reason: 'stopped by an error: the connection to the target was lost',
      accepted: false,
    })
    expect(report.notes.at(-1)).toMatch(/^interrupted: stopped by an error: /)
  })

  it('by SIGINT: the binary writes the reports of what was judged, marked interrupted, and exits 1', async () => {
    let answered = 0
    const stub = await listeningStub({ onAnswer: () => void answered++ })
    const reportDir = mkdtempSync(join(tmpdir(), 'fuzz-signal-'))
    folders.push(reportDir)
    const bin = fileURLToPath(new URL('../src/cli/bin.ts', import.meta.url))
    const child = spawn(
      process.execPath,
      [
        ...['--conditions=@devenv/source', '--import', 'tsx', bin, 'fuzz'],
        ...['--base-url', stub.url, '--requests', '100000', '--sequences', '0', '--seed', '9'],
        ...['--report-dir', reportDir, '--quiet'],
      ],
      { cwd: fileURLToPath(new URL('..', import.meta.url)), stdio: 'ignore' },
    )
    try {
      await vi.waitFor(() => expect(answered).toBeGreaterThan(300), {
        timeout: 120_000,
        interval: 50,
      })
      child.kill('SIGINT')
      const [code] = (await once(child, 'exit')) as [number | null]
      expect(code).toBe(1)
      const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8'))
      expect(report.summary.passed).toBeGreaterThan(10)
      expect(report.skippedParts).toContainEqual({
        part: 'interrupted',
        reason: 'stopped by SIGINT',
        accepted: false,
      })
    } finally {
      child.kill('SIGKILL')
      await stub.app.close()
    }
  })
})
