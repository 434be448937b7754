import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { OPENAPI_DOCUMENT_PATH } from '@devenv/openapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import { expectUsageError, handMadeServers, type Outcome, runCli } from './fixtures/cli'

const BEFORE = fileURLToPath(
  new URL('./fixtures/contracts/before-password-rules.yaml', import.meta.url),
)
const TODAY = OPENAPI_DOCUMENT_PATH

/** The diff command line in process: its exit code and what it printed. */
const diff = (...args: string[]) => runCli(['diff', ...args])

/** Bad input: exit 2 and one line naming the problem; the diff prints nothing else. */
function expectOneLineError(outcome: Outcome, reason: RegExp): void {
  expectUsageError(outcome, reason)
  expect(outcome.stderr).toMatch(/^devenv-contract: diff: /)
  expect(outcome.stdout).toBe('')
}

let folder: string
const { serve, closeAll } = handMadeServers()

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'contract-diff-'))
})

afterAll(async () => {
  await closeAll()
  await rm(folder, { recursive: true, force: true })
})

describe('devenv-contract diff', () => {
  it('judges a deprecation by the policy its options give', async () => {
    const document = (operation: Record<string, unknown>) =>
      stringify({
        openapi: '3.1.0',
        info: { title: 'policy', version: '1.0.0' },
        paths: { '/books': { get: { responses: { '200': { description: 'ok' } }, ...operation } } },
      })
    // Deprecated today with a sunset 60 days away: too soon for 180 days' notice, not for 30.
    const sunset = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10)
    const base = join(folder, 'policy-base.yaml')
    const head = join(folder, 'policy-head.yaml')
    await writeFile(base, document({}))
    await writeFile(head, document({ deprecated: true, 'x-sunset': sunset }))
    const byDefault = await diff(base, head, '--format', 'json')
    expect(byDefault.code, byDefault.stderr).toBe(0)
    expect(byDefault.stdout).toContain('policy-sunset-too-soon')
    const shorter = await diff(base, head, '--format', 'json', '--deprecation-days', '30')
    expect(shorter.code, shorter.stderr).toBe(0)
    expect(shorter.stdout).not.toContain('policy-sunset-too-soon')
    expectOneLineError(await diff(base, head, '--deprecation-days', '-1'), /--deprecation-days/)
  })

  it('exits 0 and says the versions are the same for the contract against itself', async () => {
    const outcome = await diff(TODAY, TODAY)
    expect(outcome.code, outcome.stderr).toBe(0)
    expect(outcome.stdout).toMatch(/The two versions are the same\./)
    expect(outcome.stdout.trim().split('\n').at(-1)).toBe(
      'contract diff: 0 changes, 0 break clients, 0 break servers, 0 break neither; nothing breaks clients',
    )
  })

  it('exits 1 on a change that breaks clients, grouped most breaking first', async () => {
    const outcome = await diff(BEFORE, TODAY)
    expect(outcome.code, outcome.stderr).toBe(1)
    const groups = outcome.stdout.split('\n').filter((line) => /^Breaks /.test(line))
    expect(groups.map((line) => line.replace(/ \(\d+\):$/, ''))).toEqual([
      'Breaks clients and servers',
      'Breaks servers',
      'Breaks neither',
    ])
    expect(outcome.stdout).toMatch(
      /password-policy-added {2}POST \/auth\/registration \(register\)/,
    )
    expect(outcome.stdout).toMatch(/failed: \d+ break clients\n$/)
  })

  it('exits 0 on changes that break servers only, unless --fail-on names servers', async () => {
    const base = join(folder, 'lifetimes-before.json')
    const head = join(folder, 'lifetimes-after.yaml')
    const document = parse(await readFile(TODAY, 'utf8'))
    await writeFile(base, JSON.stringify(document))
    document['x-lifetimes'].accessToken = 600
    await writeFile(head, stringify(document))
    expect((await diff(base, head)).code).toBe(0)
    expect((await diff(base, head, '--fail-on', 'servers')).code).toBe(1)
    expect((await diff(base, head, '--fail-on', 'any')).code).toBe(1)
    expect((await diff(base, head, '--fail-on', 'clients,servers')).code).toBe(1)
    expect((await diff(BEFORE, TODAY, '--fail-on', 'none')).code).toBe(0)
    expectOneLineError(
      await diff(base, head, '--fail-on', 'backend'),
      /--fail-on names no side: backend/,
    )
  })

  it('prints JSON that parses, with the counts and every change with its reason', async () => {
    const outcome = await diff(BEFORE, TODAY, '--format', 'json')
    expect(outcome.code).toBe(1)
    const printed = JSON.parse(outcome.stdout)
    expect(printed.failed).toBe(true)
    expect(printed.failOn).toEqual(['clients'])
    expect(printed.counts.total).toBe(printed.changes.length)
    const policy = printed.changes.find(
      (change: { rule: string; operation?: { operationId: string } }) =>
        change.rule === 'password-policy-added' && change.operation?.operationId === 'register',
    )
    expect(policy).toMatchObject({ breaks: ['servers'], after: { strength: { minimum: 40 } } })
    expect(policy.reason).toMatch(/servers must refuse/)
  })

  it('prints Markdown for a pull request: a summary line, then a table per side', async () => {
    const outcome = await diff(BEFORE, TODAY, '--format', 'markdown')
    const lines = outcome.stdout.split('\n')
    expect(lines[0]).toMatch(/^### ❌ Contract diff: \d+ break clients, \d+ break servers/)
    expect(lines.filter((line) => line.startsWith('#### '))).toEqual([
      expect.stringMatching(/^#### Breaks clients \(\d+\)$/),
      expect.stringMatching(/^#### Breaks servers \(\d+\)$/),
    ])
    expect(outcome.stdout).toMatch(/<details><summary>Breaks neither \(\d+\)<\/summary>/)
    // A `|` inside a value cannot end its cell: every row has the table's six pipes.
    for (const row of lines.filter((line) => line.startsWith('| `')))
      expect(row.replaceAll('\\|', '').split('|')).toHaveLength(7)
  })

  it("prints JUnit as the toolkit's reports write it: a testcase per change, a failure per breaking one", async () => {
    const outcome = await diff(BEFORE, TODAY, '--format', 'junit')
    const xml = outcome.stdout
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true)
    const json = JSON.parse((await diff(BEFORE, TODAY, '--format', 'json')).stdout)
    const testcases = xml.match(/<testcase /g) ?? []
    expect(testcases).toHaveLength(json.counts.total)
    const failures = xml.match(/<failure /g) ?? []
    expect(failures).toHaveLength(json.counts.clients)
    expect(xml).toMatch(
      /<testsuites name="contract diff [^"]*" tests="(\d+)" failures="(\d+)" skipped="(\d+)" errors="0"/,
    )
    expect(xml).toMatch(
      /<testcase classname="contract\.diff\.password-policy-added" name="POST \/auth\/registration \(register\): the password policy of &quot;password&quot; added" time="0\.000">\n\s+<skipped message="breaks servers: /,
    )
    const servers = (await diff(BEFORE, TODAY, '--format', 'junit', '--fail-on', 'any')).stdout
    expect(servers.match(/<failure /g)).toHaveLength(
      json.counts.clients +
        json.counts.servers -
        json.changes.filter((change: { breaks: string[] }) => change.breaks.length === 2).length,
    )
  })

  it('writes diff.json, diff.md and junit.xml into --report-dir', async () => {
    const dir = join(folder, 'reports')
    const outcome = await diff(BEFORE, TODAY, '--report-dir', dir, '--quiet')
    expect(outcome.code).toBe(1)
    expect(outcome.stdout.trimEnd().split('\n')).toHaveLength(1)
    expect(JSON.parse(await readFile(join(dir, 'diff.json'), 'utf8')).counts.total).toBeGreaterThan(
      0,
    )
    expect(await readFile(join(dir, 'diff.md'), 'utf8')).toMatch(/^### ❌ Contract diff/)
    expect(await readFile(join(dir, 'junit.xml'), 'utf8')).toMatch(
      /<testsuites name="contract diff/,
    )
  })

  it('reads a git revision as REV:PATH', async () => {
    const outcome = await diff(BEFORE, 'HEAD:openapi/openapi.yaml', '--format', 'json')
    expect(outcome.stderr).toBe('')
    const printed = JSON.parse(outcome.stdout)
    expect(printed.head).toBe('HEAD:openapi/openapi.yaml')
    expect(
      printed.changes.filter((change: { rule: string }) => change.rule === 'password-policy-added'),
    ).toHaveLength(3)
  })

  it('says in one line when a revision does not exist, and when git is missing', async () => {
    expectOneLineError(
      await diff('no-such-branch:openapi/openapi.yaml', TODAY),
      /no-such-branch:openapi\/openapi\.yaml: git show failed: .*no-such-branch/,
    )
    const path = process.env.PATH
    process.env.PATH = folder
    try {
      expectOneLineError(
        await diff('main:openapi/openapi.yaml', TODAY),
        /main:openapi\/openapi\.yaml: git is not installed, or not on PATH/,
      )
    } finally {
      process.env.PATH = path
    }
  })

  it('says in one line when a file is missing, is not YAML, or is not a contract', async () => {
    expectOneLineError(
      await diff('no-such-contract.yaml', TODAY),
      /no-such-contract\.yaml: no such file/,
    )
    const broken = join(folder, 'broken.yaml')
    await writeFile(broken, 'openapi: [unclosed')
    expectOneLineError(await diff(broken, TODAY), /broken\.yaml is neither YAML nor JSON/)
    const other = join(folder, 'other.json')
    await writeFile(other, '{"hello": "world"}')
    expectOneLineError(await diff(TODAY, other), /other\.json is not an OpenAPI document/)
    expectOneLineError(
      await diff(TODAY),
      /give two versions of the contract, BASE and HEAD \(only one given\)/,
    )
  })

  it('reads a URL, bounded in time, and says in one line what went wrong', async () => {
    const text = await readFile(BEFORE, 'utf8')
    const url = await serve((request, response) => {
      if (request.url === '/openapi.yaml') {
        response.writeHead(200, { 'content-type': 'application/yaml' })
        response.end(text)
      } else if (request.url === '/hang') {
        // Never answers.
      } else {
        response.writeHead(404)
        response.end()
      }
    })
    const outcome = await diff(`${url}/openapi.yaml`, TODAY, '--format', 'json')
    expect(outcome.code, outcome.stderr).toBe(1)
    expect(JSON.parse(outcome.stdout).base).toBe(`${url}/openapi.yaml`)
    expectOneLineError(await diff(`${url}/gone.yaml`, TODAY), /gone\.yaml answered 404/)
    expectOneLineError(
      await diff(`${url}/hang`, TODAY, '--timeout', '300'),
      /hang did not answer within 300 ms/,
    )
  })

  it('sends the credentials of a URL as Basic authorization, and stars them wherever it is named', async () => {
    let authorization: string | undefined
    const url = await serve((request, response) => {
      authorization = request.headers.authorization
      response.writeHead(401)
      response.end()
    })
    const withPassword = url.replace('http://', 'http://reader:s3cret-token@')
    const outcome = await diff(`${withPassword}/openapi.yaml`, TODAY)
    expectOneLineError(outcome, /http:\/\/\*\*\*@127\.0\.0\.1:\d+\/openapi\.yaml answered 401/)
    expect(outcome.stderr).not.toMatch(/s3cret-token/)
    // fetch takes no URL with credentials: they go as Basic authorization.
    expect(authorization).toBe(`Basic ${Buffer.from('reader:s3cret-token').toString('base64')}`)
  })
})
