import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { NEW_PASSWORD_POLICIES } from '@devenv/domain'
import { createCoverageRecorder, loadContract } from '@devenv/openapi'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { proxyCommand } from '../cli/proxy'
import { reproducerOf } from '../fuzz/report'
import type { RecordedRequest, WireRequest } from '../http'
import { recordOf } from '../http'
import { toExchange } from '../proxy/exchange'
import { weakPasswordOf } from '../test-values'
import { exchangeOf } from './exchange'
import { buildRunReport, type RunMode } from './run-report'
import { REPORT_FILES, writeReports } from './write'

// Security finding 5 (docs/security.md): a reproducer is pasted into a shell, and every byte of the request in it
// came from whoever sent the request.

const ORIGIN = 'http://127.0.0.1:4010'
// Everything a shell could run or split: command substitution both ways, both quotes, a
// backslash, a line break, a variable that is no placeholder and one that is.
const HOSTILE = `$(touch pwned) \`touch pwned\` 'single' "double" \\ back\nline two $HOME $ACCESS_TOKEN`
const WITH_NUL = `${HOSTILE}\u0000after the NUL`
// Bytes a copy and paste loses or a terminal acts on: CR, ESC, DEL.
const CONTROLS = 'carriage\rreturn \u001b[31mred\u001b[0m \u007f next\u0085line \u009b31m'
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl'
const PASSWORD = `pa$$ 'w"o\`rd`
// What the user exports before pasting: the secrets' values, never in a report.
const ENV = {
  ACCESS_TOKEN: 'token-of-the-user',
  PASSWORD: 'Str0ng!Passw0rd',
  NEW_PASSWORD: 'An0ther!Passw0rd',
  REFRESH_TOKEN: 'the-refresh-token-exported',
}

const coverage = createCoverageRecorder(loadContract()).report()
const folder = mkdtempSync(join(tmpdir(), 'contract-reproducer-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

// A curl that writes its arguments (NUL-separated) and what it read on standard input.
const fakeBin = join(folder, 'bin')
const capture = join(folder, 'capture')
for (const dir of [fakeBin, capture]) mkdirSync(dir)
writeFileSync(
  join(fakeBin, 'curl'),
  `#!/bin/sh
: > "$CAPTURE/argv"
for arg in "$@"; do printf '%s\\0' "$arg" >> "$CAPTURE/argv"; done
cat > "$CAPTURE/stdin"
`,
)
chmodSync(join(fakeBin, 'curl'), 0o755)

/** Runs a reproducer in `shell` with the fake curl; answers curl's arguments, its input and what else appeared. */
function runReproducer(shell: string, reproducer: string) {
  const cwd = mkdtempSync(join(folder, 'cwd-'))
  const parsed = spawnSync(shell, ['-n', '-c', reproducer], { encoding: 'utf8' })
  expect(parsed.status, `${shell} -n: ${parsed.stderr}`).toBe(0)
  const run = spawnSync(shell, ['-c', reproducer], {
    cwd,
    input: '',
    encoding: 'utf8',
    env: { PATH: `${fakeBin}:${process.env.PATH}`, CAPTURE: capture, HOME: '/home/user', ...ENV },
  })
  expect(run.status, run.stderr).toBe(0)
  const argv = readFileSync(join(capture, 'argv'), 'utf8').split('\u0000').slice(0, -1)
  const stdin = readFileSync(join(capture, 'stdin'))
  // The body: the argument of --data-raw, or what printf wrote into --data-binary @-.
  const body = argv.at(-2) === '--data-raw' ? argv.at(-1) : stdin.toString('utf8')
  return { argv, stdin, body, created: readdirSync(cwd) }
}

/** The reproducer of each failure as report.json and report.html hold it (junit.xml holds none). */
async function reproducersInReports(mode: RunMode, request: RecordedRequest, dir: string) {
  const report = buildRunReport({
    mode,
    target: ORIGIN,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
    coverage,
    suites: [
      {
        name: 'submitContact',
        kind: 'operation',
        checks: [
          {
            name: 'answers as documented',
            status: 'failed',
            message: 'expected 201, got 500',
            durationMs: 1,
            exchange: exchangeOf('submitContact', request, 500),
          },
        ],
      },
    ],
  })
  await writeReports(dir, report)
  const json = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'))
  const html = readFileSync(join(dir, 'report.html'), 'utf8')
  const pre = /<pre>([\s\S]*?)<\/pre>/.exec(html)?.[1] ?? ''
  const unescaped = pre
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
  // Exactly the files the toolkit names as its reports are written.
  expect(readdirSync(dir).sort()).toEqual([...REPORT_FILES].sort())
  return { json: json.failures[0].reproducer as string, html: unescaped }
}

/** A request as each driver records it, and its reproducer where that driver prints or writes it. */
async function reproducersOf(driver: 'check' | 'fuzz' | 'proxy', request: RecordedRequest) {
  const dir = mkdtempSync(join(folder, `${driver}-`))
  if (driver === 'check') return { ...(await reproducersInReports('check', request, dir)) }
  if (driver === 'fuzz') {
    const outgoing: WireRequest = {
      method: request.method,
      url: request.url.slice(ORIGIN.length),
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: Buffer.from(request.body, 'utf8') }),
    }
    const reports = await reproducersInReports('fuzz', recordOf(ORIGIN, outgoing), dir)
    return { terminal: reproducerOf(ORIGIN, outgoing), ...reports }
  }
  const exchange = toExchange(new URL(ORIGIN), 'submitContact', {
    method: request.method,
    url: request.url.slice(ORIGIN.length),
    requestHeaders: Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]),
    ),
    requestBody: request.body === undefined ? undefined : Buffer.from(request.body, 'utf8'),
    status: 500,
    answerHeaders: {},
    answerBody: undefined,
  })
  return { ...(await reproducersInReports('proxy', exchange.request, dir)) }
}

// POSIX sh always; bash too where it is installed, as most terminals paste into it.
const SHELLS = ['sh', ...(spawnSync('bash', ['-c', ':']).status === 0 ? ['bash'] : [])]

describe.each(['check', 'fuzz', 'proxy'] as const)('the reproducers of %s', (driver) => {
  it('carry hostile headers, query and body as bytes: parsed by sh -n, run, nothing executed', async () => {
    const request: RecordedRequest = {
      method: 'POST',
      url: `${ORIGIN}/api/contact?q=${WITH_NUL}&page={1,2}[3]`,
      headers: {
        accept: `$ACCESS_TOKEN $(touch pwned)`,
        'content-type': `text/plain; note="${HOSTILE}"`,
        'x-stub-session': WITH_NUL,
      },
      body: `@/etc/hostname ${WITH_NUL} ${CONTROLS} %s %d \\000`,
    }
    const reproducers = await reproducersOf(driver, request)
    const [first, ...others] = Object.values(reproducers)
    for (const other of others) expect(other).toBe(first)
    // What is pasted is printable: no control byte but the line breaks of the values.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the bytes meant
    expect(first).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/)
    for (const shell of SHELLS) {
      const { argv, stdin, created } = runReproducer(shell, first as string)
      expect(created).toEqual([])
      // The NUL byte: %00 in the URL (as fetch sends it), U+FFFD in a header (HTTP forbids it
      // there), and the very byte in the body, which printf writes into curl's standard input.
      expect(argv).toEqual([
        '-i',
        '--globoff',
        '-X',
        'POST',
        `${ORIGIN}/api/contact?q=${HOSTILE}%00after the NUL&page={1,2}[3]`,
        ...(driver === 'proxy'
          ? ['-H', `content-type: text/plain; note="${HOSTILE}"`]
          : ['-H', 'accept: $ACCESS_TOKEN $(touch pwned)']),
        ...(driver === 'proxy'
          ? ['-H', 'accept: $ACCESS_TOKEN $(touch pwned)']
          : ['-H', `content-type: text/plain; note="${HOSTILE}"`]),
        '-H',
        `x-stub-session: ${HOSTILE}\uFFFDafter the NUL`,
        '--data-binary',
        '@-',
      ])
      expect(stdin.toString('utf8')).toBe(`@/etc/hostname ${WITH_NUL} ${CONTROLS} %s %d \\000`)
    }
  })

  it('send a body that starts with @ as it is, not the file it names', async () => {
    const body = '@/etc/hostname'
    const reproducers = await reproducersOf(driver, {
      method: 'POST',
      url: `${ORIGIN}/api/contact`,
      headers: { 'content-type': 'text/plain' },
      body,
    })
    for (const reproducer of Object.values(reproducers))
      for (const shell of SHELLS)
        expect(runReproducer(shell, reproducer).argv.slice(-2)).toEqual(['--data-raw', body])
  })

  // A fuzzed body was a lone U+00A0, and its reproducer read `--data-raw ' '`: pasted, a plain
  // space was sent.
  it('send invisible characters as the very bytes, each written as an escape that shows', async () => {
    const body = '\u00a0 \u200b\u2028\u3000\u202e{}\ufeff'
    const reproducers = await reproducersOf(driver, {
      method: 'POST',
      url: `${ORIGIN}/api/contact`,
      headers: { 'content-type': 'application/json' },
      body,
    })
    for (const reproducer of Object.values(reproducers)) {
      expect(reproducer).not.toMatch(/[\u00a0\u200b\u2028\u3000\u202e\ufeff]/)
      expect(reproducer).toContain('\\302\\240')
      for (const shell of SHELLS) expect(runReproducer(shell, reproducer).body).toBe(body)
    }
  })

  it('keep a byte order mark before JSON, and its secrets as shell variables, not [redacted]', async () => {
    const refresh = 'a-refresh-token-of-the-run'
    const body = `\uFEFF${JSON.stringify({ refreshToken: refresh })}`
    const reproducers = await reproducersOf(driver, {
      method: 'POST',
      url: `${ORIGIN}/api/auth/token/refresh`,
      headers: { 'content-type': 'application/json' },
      body,
    })
    for (const reproducer of Object.values(reproducers)) {
      expect(reproducer).not.toContain(refresh)
      expect(reproducer).not.toContain('[redacted]')
      expect(reproducer).toContain('"$REFRESH_TOKEN"')
      for (const shell of SHELLS) {
        const sent = runReproducer(shell, reproducer).body
        expect(sent).toBe(`\uFEFF${JSON.stringify({ refreshToken: ENV.REFRESH_TOKEN })}`)
      }
    }
  })

  it("show the toolkit's own weak password as sent: it is a test value, not a secret", async () => {
    const WEAK_PASSWORD = String(weakPasswordOf(NEW_PASSWORD_POLICIES.registration).password)
    const body = JSON.stringify({ username: 'weak@example.com', password: WEAK_PASSWORD })
    const reproducers = await reproducersOf(driver, {
      method: 'POST',
      url: `${ORIGIN}/api/auth/registration`,
      headers: { 'content-type': 'application/json' },
      body,
    })
    for (const reproducer of Object.values(reproducers)) {
      expect(reproducer).toContain(WEAK_PASSWORD)
      for (const shell of SHELLS) expect(runReproducer(shell, reproducer).body).toBe(body)
    }
  })

  it('expand the secret placeholders alone, and keep every other byte of a JSON body', async () => {
    const request: RecordedRequest = {
      method: 'POST',
      url: `${ORIGIN}/api/contact?q=${encodeURIComponent(HOSTILE)}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ message: HOSTILE, password: PASSWORD, token: 7 }),
    }
    const reproducers = await reproducersOf(driver, request)
    const [first, ...others] = Object.values(reproducers)
    for (const other of others) expect(other).toBe(first)
    expect(first).not.toContain(TOKEN)
    expect(first).not.toContain(PASSWORD)
    for (const shell of SHELLS) {
      const { argv, created } = runReproducer(shell, first as string)
      expect(created).toEqual([])
      expect(argv).toContain(`authorization: Bearer ${ENV.ACCESS_TOKEN}`)
      expect(argv.at(-2)).toBe('--data-raw')
      expect(JSON.parse(argv.at(-1) as string)).toEqual({
        message: HOSTILE,
        password: ENV.PASSWORD,
        token: 7,
      })
    }
  })
})

/**
 * Runs the proxy in process for a moment in front of an upstream that answers `{}` (no answer of
 * the contract: every exchange fails, so each gets its reproducer), sends `requests` through it,
 * and answers the report's directory and its failures.
 */
async function throughTheProxy(requests: Array<{ path: string; init: RequestInit }>) {
  const upstream = createServer((request, response) => {
    request.resume()
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end('{}')
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
  const lines: string[] = []
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line))
  const dir = mkdtempSync(join(folder, 'proxied-'))
  try {
    const exit = proxyCommand([
      ...['--upstream', upstreamUrl, '--port', '0', '--duration', '2', '--report-dir', dir],
    ])
    await vi.waitFor(() => expect(lines[0]).toMatch(/^proxy: http/), { timeout: 60_000 })
    const address = /^proxy: (\S+)/.exec(lines[0] as string)?.[1] as string
    for (const { path, init } of requests) await (await fetch(`${address}${path}`, init)).text()
    expect(await exit).toBe(1)
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'))
    return { dir, failures: report.failures as Array<{ reproducer: string }> }
  } finally {
    log.mockRestore()
    upstream.close()
  }
}

describe('the reported reproduction, through the proxy', () => {
  it('an Accept header of `$ACCESS_TOKEN $(touch pwned)` is repeated as text, and runs nothing', async () => {
    const { failures } = await throughTheProxy([
      {
        path: '/api/health',
        init: {
          headers: { accept: '$ACCESS_TOKEN $(touch pwned)', 'x-stub-session': '`touch pwned`' },
        },
      },
    ])
    const [failure] = failures
    for (const shell of SHELLS) {
      const { argv, created } = runReproducer(shell, failure?.reproducer as string)
      expect(created).toEqual([])
      expect(argv).toContain('accept: $ACCESS_TOKEN $(touch pwned)')
      expect(argv).toContain('x-stub-session: `touch pwned`')
    }
  })
})

// Form-encoded and multipart bodies are redacted by field name, as JSON is.
describe("the proxy's reports of form-encoded and multipart bodies", () => {
  it('hold none of their secret fields, and the reproducers send them as shell variables', async () => {
    const secrets = ['S3cret!pass', 'An0ther&one', 'Multi!part-secret']
    const form = `password=S3cret%21pass&email=dev%40example.com&new_password=${encodeURIComponent('An0ther&one')}`
    const boundary = '----devenv-boundary'
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
    const multipart = `${part('email', 'dev@example.com')}${part('password', 'Multi!part-secret')}--${boundary}--\r\n`
    const { dir, failures } = await throughTheProxy([
      {
        path: '/api/auth/auth',
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
        },
      },
      {
        path: '/api/auth/auth',
        init: {
          method: 'POST',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          body: multipart,
        },
      },
    ])
    for (const file of REPORT_FILES) {
      const text = readFileSync(join(dir, file), 'utf8')
      for (const secret of [...secrets, encodeURIComponent('An0ther&one'), 'S3cret%21pass'])
        expect(text, `${file} holds ${secret}`).not.toContain(secret)
    }
    const sent = (kind: string) => {
      const failure = failures.find((each) => each.reproducer.includes(kind))
      expect(failure, kind).toBeDefined()
      return runReproducer('sh', failure?.reproducer as string).body
    }
    expect(sent('x-www-form-urlencoded')).toBe(
      `password=${ENV.PASSWORD}&email=dev%40example.com&new_password=${ENV.NEW_PASSWORD}`,
    )
    expect(sent('multipart/form-data')).toBe(
      `${part('email', 'dev@example.com')}${part('password', ENV.PASSWORD)}--${boundary}--\r\n`,
    )
  })
})
