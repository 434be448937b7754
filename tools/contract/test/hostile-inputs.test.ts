import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadOpenApiDocument, OPENAPI_DOCUMENT_PATH } from '@devenv/openapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_CONTRACT_MIB } from '../src/cli/command-specs'
import { MAX_DIFF_KEYS, MAX_DIFF_VALUES } from '../src/diff/sources'
import { MIB } from '../src/http'
import { forgetSecrets } from '../src/report/secrets'
import {
  answerHealthy,
  expectUsageError,
  handMadeServers,
  type Outcome,
  runCli,
} from './fixtures/cli'

// The toolkit's inputs as the attacker's. A version of the contract given
// to `diff` (or to `check --since`) may come from anyone's pull request or any URL: its text
// reaches the terminal, a CI log, a pull request's comment, JSON and JUnit, and none of it may
// forge a line, a link or a workflow command, carry a URL's secrets out, run git with options, or
// end the run in a crash. A configuration file in the folder may be a checkout's: it runs nothing
// unasked.

const BEFORE = fileURLToPath(
  new URL('./fixtures/contracts/before-password-rules.yaml', import.meta.url),
)
const TODAY = OPENAPI_DOCUMENT_PATH

const diff = (...args: string[]) => runCli(['diff', ...args])

let folder: string
const { serve, closeAll } = handMadeServers()

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'hostile-contract-'))
})

afterAll(async () => {
  await closeAll()
  await rm(folder, { recursive: true, force: true })
  // The URLs' secrets were remembered by value for every output: not for the next file's runs.
  forgetSecrets()
})

/** Today's contract with operations named by an attacker, written as JSON (any key may be). */
async function hostileHead(name: string, paths: Record<string, unknown>): Promise<string> {
  const document = structuredClone(loadOpenApiDocument()) as unknown as {
    paths: Record<string, unknown>
  }
  Object.assign(document.paths, paths)
  const file = join(folder, name)
  await writeFile(file, JSON.stringify(document))
  return file
}

/** An operation whose id and answer's field carry the given text. */
const operation = (operationId: string, field: string) => ({
  get: {
    operationId,
    responses: {
      '200': {
        description: 'ok',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: [field],
              properties: { [field]: { type: 'string' } },
            },
          },
        },
      },
    },
  },
})

/** Every file `--report-dir` wrote, with what was printed: all a reader or CI sees. */
async function everything(outcome: Outcome, dir: string): Promise<string> {
  const files = await Promise.all(
    ['diff.json', 'diff.md', 'junit.xml'].map((file) => readFile(join(dir, file), 'utf8')),
  )
  return [outcome.stdout, outcome.stderr, ...files].join('\n')
}

describe('secret query parameters of a contract URL (item 3)', () => {
  const SECRETS = ['tok-39-alpha', 'sig-39-bravo', 'sts-39-charlie', 'key-39-delta']
  let url: string

  beforeAll(async () => {
    const text = await readFile(BEFORE, 'utf8')
    url = await serve((request, response) => {
      if (request.url?.startsWith('/openapi.yaml')) {
        response.writeHead(200, { 'content-type': 'application/yaml' })
        response.end(text)
      } else {
        response.writeHead(404)
        response.end()
      }
    })
  })

  const signed = (path: string) =>
    `${url}${path}?token=${SECRETS[0]}&X-Amz-Signature=${SECRETS[1]}&X-Amz-Security-Token=${SECRETS[2]}&api_key=${SECRETS[3]}&X-Amz-Expires=300`

  it('shows none of them in the terminal, diff.md, diff.json or junit.xml, and keeps the rest', async () => {
    for (const format of ['terminal', 'json', 'markdown', 'junit']) {
      const dir = join(folder, `signed-${format}`)
      const outcome = await diff(
        signed('/openapi.yaml'),
        TODAY,
        '--format',
        format,
        '--report-dir',
        dir,
      )
      expect(outcome.code, outcome.stderr).toBe(1)
      const seen = await everything(outcome, dir)
      for (const secret of SECRETS) expect(seen).not.toContain(secret)
      expect(seen).toContain('X-Amz-Signature=[redacted]')
      expect(seen).toContain('X-Amz-Expires=300')
    }
    const json = JSON.parse(await readFile(join(folder, 'signed-json', 'diff.json'), 'utf8'))
    expect(json.base).toMatch(/\?token=\[redacted\]&X-Amz-Signature=\[redacted\]&/)
  })

  it('shows none of them in a one-line error', async () => {
    const outcome = await diff(signed('/gone.yaml'), TODAY)
    expectUsageError(outcome, /gone\.yaml\?token=\[redacted\].* answered 404/)
    for (const secret of SECRETS) expect(outcome.stderr).not.toContain(secret)
  })
})

describe('names that forge lines (item 4)', () => {
  it('prints each change on its own lines: no workflow command, no control character obeyed', async () => {
    const head = await hostileHead('forged.json', {
      '/forged\n::error::forged path': operation(
        'forged\n::error file=app.js::forged id\u001b]0;pwned\u0007\r::warning::x',
        'field\n::notice::forged field',
      ),
    })
    const dir = join(folder, 'forged')
    for (const format of ['terminal', 'json', 'markdown', 'junit']) {
      const outcome = await diff(TODAY, head, '--format', format, '--fail-on', 'none')
      expect(outcome.code, outcome.stderr).toBe(0)
      // The runner of GitHub Actions reads a line as a command when it starts with `::` after
      // white space; ESC, BEL and CR would be obeyed by a terminal.
      for (const line of outcome.stdout.split('\n')) expect(line).not.toMatch(/^\s*::/)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: what must not be printed
      expect(outcome.stdout).not.toMatch(/[\u001b\u0007\r]/)
    }
    const terminal = await diff(TODAY, head, '--fail-on', 'none', '--report-dir', dir)
    expect(terminal.stdout).toContain('/forged\\x0a::error::forged path')
    const files = await everything({ code: 0, stdout: '', stderr: '' }, dir)
    for (const line of files.split('\n')) expect(line).not.toMatch(/^\s*::/)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: what must not be written
    expect(files).not.toMatch(/[\u001b\u0007\r]/)
  })
})

/** Markdown with its code spans taken out: what GitHub renders as live text. */
function outsideCodeSpans(markdown: string): string {
  let out = ''
  let at = 0
  while (at < markdown.length) {
    const open = /`+/.exec(markdown.slice(at))
    if (!open) break
    const start = at + open.index
    const fence = open[0]
    const end = markdown.indexOf(fence, start + fence.length)
    // A run of backticks with no closing run of the same length is text, as CommonMark reads it.
    let close = end
    while (close !== -1 && markdown[close + fence.length] === '`')
      close = markdown.indexOf(fence, close + fence.length + 1)
    out += markdown.slice(at, start)
    if (close === -1) {
      out += fence
      at = start + fence.length
    } else at = close + fence.length
  }
  return out + markdown.slice(at)
}

describe('names that would be Markdown (item 5)', () => {
  it('keeps links, images, mentions and markup of the contract inert in diff.md', async () => {
    const head = await hostileHead('markdown.json', {
      '/x/[click me](https://evil.example/phish)': operation(
        '@octocat',
        '![pixel](https://evil.example/track.png)',
      ),
      '/y/<img src=x onerror=alert(1)>': operation(
        '``a` ``` `b',
        'https://evil.example/bare @team',
      ),
    })
    const outcome = await diff(TODAY, head, '--format', 'markdown', '--fail-on', 'none')
    expect(outcome.code, outcome.stderr).toBe(0)
    const live = outsideCodeSpans(outcome.stdout)
    expect(live).not.toMatch(/evil\.example|@octocat|@team|\]\(|<img/)
    // Every row is still a row of the table's five cells.
    for (const row of outcome.stdout.split('\n').filter((line) => line.startsWith('| `')))
      expect(row.replaceAll('\\|', '').split('|')).toHaveLength(7)
    // The names are there, to be read.
    expect(outcome.stdout).toContain('[click me](https://evil.example/phish)')
    expect(outcome.stdout).toContain('@octocat')
  })
})

describe('a revision that is an option of git (item 6)', () => {
  it('is refused in one line, and git writes no file', async () => {
    const written = join(folder, 'out')
    // git reads `--output=FILE:y` as its option --output, and writes FILE:y.
    const outcome = await diff('--', `--output=${written}:y`, TODAY)
    expectUsageError(outcome, /cannot start with "-"/)
    expect(existsSync(`${written}:y`)).toBe(false)
  })
})

describe('a self-referencing YAML alias (item 9)', () => {
  it('is a one-line usage error, exit 2, for every format and --report-dir', async () => {
    const looped = join(folder, 'looped.yaml')
    await writeFile(
      looped,
      // Under an operation, where the diff reports it and every writer of JSON met the cycle.
      (await readFile(BEFORE, 'utf8')).replace(
        /^ {6}operationId: getHealth\n/m,
        '      operationId: getHealth\n      x-loop: &loop\n        again: *loop\n',
      ),
    )
    for (const args of [['--format', 'json'], ['--report-dir', join(folder, 'looped')], []]) {
      const outcome = await diff(looped, TODAY, ...args)
      expectUsageError(outcome, /looped\.yaml refers to itself .*YAML alias/)
      expect(outcome.stderr).not.toMatch(/circular/i)
    }
  })
})

describe("the diff's bounds (also measured)", () => {
  /** A contract of `operations` operations, each with an answer of `fields` fields. */
  async function large(name: string, operations: number, fields: number): Promise<string> {
    const paths: Record<string, unknown> = {}
    const properties = Object.fromEntries(
      Array.from({ length: fields }, (_, at) => [`f${at}`, { type: 'string' }]),
    )
    for (let at = 0; at < operations; at++)
      paths[`/items${at}`] = {
        get: {
          operationId: `item${at}`,
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { type: 'object', properties } } },
            },
          },
        },
      }
    const file = join(folder, name)
    await writeFile(
      file,
      JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths }),
    )
    return file
  }

  it('refuses a version of more values than it compares, in one line, before comparing', async () => {
    // Each operation: about 12 values besides its fields, each field 2.
    const operations = Math.ceil(MAX_DIFF_VALUES / 200) + 1
    const file = await large('many-values.json', operations, 100)
    const started = performance.now()
    const outcome = await diff(file, file)
    expectUsageError(
      outcome,
      /many-values\.json is larger than diff compares: more than 100,000 values once its \$refs are resolved/,
    )
    expect(performance.now() - started).toBeLessThan(60_000)
  })

  it('refuses an object wider than it compares', async () => {
    const file = await large('wide.json', 1, MAX_DIFF_KEYS + 1)
    expectUsageError(
      await diff(TODAY, file),
      /wide\.json is larger than diff compares: an object of [\d,]+ keys .*at most [\d,]+/,
    )
  })

  it('reads no file larger than it reads from a URL', async () => {
    const file = join(folder, 'huge.yaml')
    await writeFile(file, `openapi: 3.1.0\n# ${'x'.repeat(MAX_CONTRACT_MIB * MIB)}\n`)
    expectUsageError(
      await diff(file, TODAY),
      new RegExp(`huge\\.yaml is larger than ${MAX_CONTRACT_MIB * MIB} bytes, the most read`),
    )
  })
})

describe('a configuration file in the folder the command is typed in (item 8)', () => {
  let target: string
  let typedIn: string
  let saved: string | undefined

  beforeAll(async () => {
    // Healthy enough to pass the preflight, after which the mailbox is tried.
    target = await serve((request, response) => {
      if (request.url?.endsWith('/health')) answerHealthy(response)
      else {
        response.writeHead(404)
        response.end()
      }
    })
    typedIn = join(folder, 'checkout')
    await rm(typedIn, { recursive: true, force: true })
    const { mkdir } = await import('node:fs/promises')
    await mkdir(typedIn)
    saved = process.env.INIT_CWD
    process.env.INIT_CWD = typedIn
  })

  afterAll(() => {
    process.env.INIT_CWD = saved
  })

  /** A checkout's file whose mailbox command leaves a mark, then fails its probe. */
  async function checkoutFile(marker: string): Promise<void> {
    await writeFile(
      join(typedIn, 'devenv-contract.config.json'),
      JSON.stringify({
        check: { 'base-url': target, mailbox: `exec:touch '${marker}'; exit 3` },
      }),
    )
  }

  it('runs no command of the file unasked: a one-line refusal, and the command never ran', async () => {
    const marker = join(folder, 'ran-unasked')
    await checkoutFile(marker)
    const outcome = await runCli(['check', '--only', 'getHealth'])
    expectUsageError(outcome, /check\.mailbox is a command \(exec:\).* only with --allow-exec/)
    expect(existsSync(marker)).toBe(false)
  })

  it('runs it with --allow-exec typed on the command line', async () => {
    const marker = join(folder, 'ran-allowed')
    await checkoutFile(marker)
    const outcome = await runCli(['check', '--only', 'getHealth', '--allow-exec'])
    // The command ran (its mark is there) and failed its probe: a usage error of its own.
    expectUsageError(outcome, /--mailbox: /)
    expect(existsSync(marker)).toBe(true)
  })
})
