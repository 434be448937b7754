import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadContract } from '../src'
import { reportDocument } from '../src/report/schema'
import { forgetSecrets } from '../src/report/secrets'
import { BROKEN_SERVERS, startStub } from './fixtures/broken-servers'
import { listening, runCli } from './fixtures/cli'
import { contractCopy } from './fixtures/rules-keeping-stub'

// `check --since BASE` against the stub with two bugs planted, one of each kind. The base is the
// contract before the password rules and the other x- rules; the head is today's.
// - New in this version: the quota (x-quota of createEnvironment, new since the base) is compared
//   with > instead of >=, so a sixth environment is created; and the stub keeps no x-unsupported-methods (a copy of the contract without
//   it), so a method /health or /ai/models does not have is not answered 405 with Allow. getHealth and
//   listModels did not change since the base: only the rule the check says it tests did.
// - Failing under the base too: listModels answers 418 where it answered 200; nothing of
//   listModels changed since the base.

const BASE = fileURLToPath(
  new URL('./fixtures/contracts/before-password-rules.yaml', import.meta.url),
)
const NEW = /, a method its path does not have: 405/
const OLD = /^documented request answers a documented status/
const QUOTA = /^environment 6: 403 ENVIRONMENT_QUOTA_EXCEEDED/

const QUOTA_BUG = BROKEN_SERVERS.find((server) => server.bug.startsWith('the environment quota is'))
if (!QUOTA_BUG) throw new Error('the planted quota bug is gone from broken-servers.ts')

const contract = loadContract()
const withoutUnsupportedMethods = contractCopy(contract, (document) => {
  delete document['x-unsupported-methods']
})

let stub: Awaited<ReturnType<typeof startStub>>
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'check-since-'))
  const quota = QUOTA_BUG.plant?.() ?? {}
  stub = await startStub(undefined, 'fastify', {
    contract: withoutUnsupportedMethods,
    hooks: {
      ...quota,
      onAnswer: async (request, reply) => {
        const kept = (await quota.onAnswer?.(request, reply)) ?? reply
        return request.operationId === 'listModels' && kept.status === 200
          ? { ...kept, status: 418 }
          : kept
      },
    },
  })
})

afterAll(async () => {
  await stub?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('check --since labels each failure against the base contract', () => {
  let outcome: Awaited<ReturnType<typeof runCli>>
  let report: ReturnType<typeof reportDocument.parse>
  let junit: string

  beforeAll(async () => {
    outcome = await runCli([
      'check',
      '--base-url',
      stub.baseUrl,
      '--only',
      'getHealth,listModels,environment-limits',
      '--since',
      BASE,
      '--report-dir',
      dir,
    ])
    report = reportDocument.parse(JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')))
    junit = await readFile(join(dir, 'junit.xml'), 'utf8')
  }, 120_000)

  it('fails the run, and opens with what the new version asks of servers, collapsed', () => {
    expect(outcome.code).toBe(1)
    const opening = outcome.stdout.split('\n').slice(0, 3).join('\n')
    expect(opening).toMatch(
      /^Since .*before-password-rules\.yaml, this contract asks of servers \(\d+\):/,
    )
    expect(outcome.stdout).toMatch(/unsupported-methods-added {2}the whole API/)
    expect(outcome.stdout).toMatch(/quota-added {2}POST \/environments \(createEnvironment\)/)
    // The e-mail pattern shared by the response schemas of two operations is one line.
    expect(outcome.stdout).toMatch(
      /response-constraint-tightened {2}2 operations: getProfile, updateProfile/,
    )
    expect(report.since?.asks).toContainEqual(expect.stringMatching(/^password-policy-added /))
  })

  it('labels the failure of a rule new since the base new, and the other failing under the base too, in report.json', () => {
    const labelOf = (check: RegExp) =>
      report.failures.filter((failure) => check.test(failure.check)).map((failure) => failure.since)
    expect(labelOf(NEW)).toEqual([
      {
        label: 'new',
        because: 'changed since the base: unsupported-methods-added (x-unsupported-methods)',
      },
      {
        label: 'new',
        because: 'changed since the base: unsupported-methods-added (x-unsupported-methods)',
      },
    ])
    expect(labelOf(QUOTA)).toEqual([
      { label: 'new', because: expect.stringMatching(/quota-added \(createEnvironment\)/) },
    ])
    expect(labelOf(OLD)).toEqual([
      { label: 'base-too', because: 'nothing it tests changed since the base' },
    ])
    expect(report.failures).toHaveLength(4)
    expect(report.failures.every((failure) => failure.since !== undefined)).toBe(true)
    expect(report.since).toMatchObject({ new: 3, baseToo: 1 })
  })

  it('lists the failures new first, each with its label, and counts them last', () => {
    const failures = outcome.stdout
      .split('\n')
      .filter((line) => line.startsWith('  ✗ ') && line.includes(' › '))
    expect(
      failures.map(
        (line) =>
          /\[(new in this contract version|failing under the base contract too):/.exec(line)?.[1],
      ),
    ).toEqual([
      'new in this contract version',
      'new in this contract version',
      'new in this contract version',
      'failing under the base contract too',
    ])
    expect(failures[3]).toMatch(/listModels › documented request answers a documented status/)
    const last = outcome.stdout.trimEnd().split('\n').slice(-2)
    expect(last[0]).toMatch(
      /^since .*before-password-rules\.yaml: 3 new in this version, 1 failing under the base too$/,
    )
    expect(last[1]).toMatch(/^contract: \d+ passed, 4 failed/)
  })

  it('leads each JUnit failure with its label, in a valid file', () => {
    const messages = [...junit.matchAll(/<failure message="([^"]*)"/g)].map((match) => match[1])
    expect(
      messages.filter((message) =>
        message?.startsWith(
          'new in this contract version (changed since the base: unsupported-methods-added',
        ),
      ),
    ).toHaveLength(2)
    expect(
      messages.filter((message) =>
        /^new in this contract version \(changed since the base: .*quota-added \(createEnvironment\)/.test(
          message ?? '',
        ),
      ),
    ).toHaveLength(1)
    expect(
      messages.filter((message) =>
        message?.startsWith(
          'failing under the base contract too (nothing it tests changed since the base): status 418',
        ),
      ),
    ).toHaveLength(1)
    expect(junit).toMatch(/<testsuites [^>]*failures="4"/)
    // Every element opened is closed: the label is escaped text, never markup.
    expect(junit.match(/<testcase /g)?.length).toBe(
      (junit.match(/<\/testcase>/g)?.length ?? 0) +
        (junit.match(/<testcase [^>]*\/>/g)?.length ?? 0),
    )
  })

  it('says the labels in report.html', async () => {
    const html = await readFile(join(dir, 'report.html'), 'utf8')
    expect(html).toContain('<strong>new in this contract version</strong>')
    expect(html).toContain('<strong>failing under the base contract too</strong>')
  })
})

describe('check --since given a bad base', () => {
  it.each([
    ['a missing file', () => join(dir, 'no-such-contract.yaml'), /no-such-contract\.yaml/],
    [
      'a file that is not a contract',
      async () => {
        const path = join(dir, 'not-a-contract.yaml')
        await writeFile(path, 'just: some yaml\n')
        return path
      },
      /not an OpenAPI document/,
    ],
  ])('is a one-line usage error, exit 2: %s', async (_, given, reason) => {
    const outcome = await runCli(['check', '--base-url', stub.baseUrl, '--since', await given()])
    expect(outcome.code).toBe(2)
    expect(outcome.stdout).toBe('')
    const lines = outcome.stderr.trim().split('\n')
    expect(lines[0]).toMatch(/--since/)
    expect(lines[0]).toMatch(reason)
  })
})

describe('check --since a URL that carries secrets', () => {
  const SECRETS = ['tok-39-since', 'sig-39-since']

  it('shows neither in the terminal, report.json, junit.xml or report.html', async () => {
    const text = await readFile(BASE, 'utf8')
    const server = await listening(
      createServer((_, response) => {
        response.writeHead(200, { 'content-type': 'application/yaml' })
        response.end(text)
      }),
    )
    const out = join(dir, 'since-signed')
    try {
      const outcome = await runCli([
        'check',
        '--base-url',
        stub.baseUrl,
        '--only',
        'listModels',
        '--since',
        `${server.url}/openapi.yaml?token=${SECRETS[0]}&X-Amz-Signature=${SECRETS[1]}&X-Amz-Date=20260101T000000Z`,
        '--report-dir',
        out,
      ])
      expect(outcome.code, outcome.stderr).toBe(1)
      const files = await Promise.all(
        ['report.json', 'junit.xml', 'report.html'].map((file) =>
          readFile(join(out, file), 'utf8'),
        ),
      )
      const seen = [outcome.stdout, outcome.stderr, ...files].join('\n')
      for (const secret of SECRETS) expect(seen).not.toContain(secret)
      expect(outcome.stdout).toMatch(
        /^Since http:\/\/127\.0\.0\.1:\d+\/openapi\.yaml\?token=\[redacted\]&X-Amz-Signature=\[redacted\]&X-Amz-Date=20260101T000000Z, /,
      )
      const report = reportDocument.parse(JSON.parse(files[0] ?? ''))
      expect(report.since?.base).toMatch(/\?token=\[redacted\]&X-Amz-Signature=\[redacted\]&/)
    } finally {
      await server.close()
      forgetSecrets()
    }
  }, 120_000)
})

describe('check --since a revision that is an option of git', () => {
  it('is refused in one line, before git runs, and no file is written', async () => {
    const written = join(dir, 'written-by-git')
    const outcome = await runCli([
      'check',
      '--base-url',
      stub.baseUrl,
      `--since=--output=${written}:y`,
    ])
    expect(outcome.code).toBe(2)
    expect(outcome.stdout).toBe('')
    const lines = outcome.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/--since: .*a git revision cannot start with "-"/)
    expect(existsSync(`${written}:y`)).toBe(false)
  })
})
