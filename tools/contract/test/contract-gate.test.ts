import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { OPENAPI_DOCUMENT_PATH } from '@devenv/openapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'

// The test command's contract gate (scripts/contract-gate.ts), run as the pipeline runs it, in a
// repository of its own: main holds today's contract; the working tree changes it.
const script = join(import.meta.dirname, '..', 'scripts', 'contract-gate.ts')
let repo: string
// Today's contract, as version 1.0.0 of the repository's history.
const today = parse(readFileSync(OPENAPI_DOCUMENT_PATH, 'utf8'))
today.info.version = '1.0.0'

function git(...args: string[]) {
  execFileSync('git', args, { cwd: repo, stdio: 'ignore' })
}

function gate(...args: string[]) {
  return gateWith('', ...args)
}

function gateWith(base: string, ...args: string[]) {
  const run = spawnSync(
    process.execPath,
    ['--conditions=@devenv/source', '--import', 'tsx', script, ...args],
    {
      cwd: join(import.meta.dirname, '..'),
      encoding: 'utf8',
      env: { ...process.env, CONTRACT_GATE_ROOT: repo, CONTRACT_BASE: base },
    },
  )
  return { status: run.status, out: `${run.stdout}${run.stderr}`, stderr: run.stderr }
}

function writeContract(edit: (document: typeof today) => void) {
  const document = structuredClone(today)
  edit(document)
  writeFileSync(join(repo, 'openapi', 'openapi.yaml'), stringify(document))
}

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'contract-gate-'))
  mkdirSync(join(repo, 'openapi'))
  writeFileSync(join(repo, 'openapi', 'openapi.yaml'), stringify(today))
  writeFileSync(join(repo, 'openapi', 'CHANGELOG.md'), '# Changelog\n\n## 1.0.0\n\nThe first.\n')
  git('init', '-q', '-b', 'main')
  git('add', '.')
  git('-c', 'user.name=gate', '-c', 'user.email=gate@devenv.example', 'commit', '-qm', 'base')
})
afterAll(() => rmSync(repo, { recursive: true, force: true }))

describe('the contract gate of the test command', () => {
  it('passes an unchanged contract', () => {
    expect(gate()).toMatchObject({
      status: 0,
      out: expect.stringMatching(/^contract gate: 0 change\(s\) since /),
    })
  })

  it('fails a change that breaks clients under the same major version, naming it and the fix', () => {
    writeContract((document) => {
      delete document.paths['/health']
    })
    const { status, out } = gate()
    expect(status).toBe(1)
    expect(out).toContain('breaks clients: getHealth: operation removed')
    expect(out).toContain('info.version 1.0.0 has the major version of 1.0.0: make it 2.0.0')
  })

  it('passes it once the version is 2.0.0 and `--write-changelog` has written the entry', () => {
    writeContract((document) => {
      delete document.paths['/health']
      document.info.version = '2.0.0'
    })
    expect(gate().status).toBe(1)
    expect(gate('--write-changelog')).toMatchObject({ status: 0 })
    const changelog = readFileSync(join(repo, 'openapi', 'CHANGELOG.md'), 'utf8')
    expect(changelog).toMatch(
      /^# Changelog\n\n## 2\.0\.0 \(\d{4}-\d\d-\d\d\)\n\n### Breaks clients\n\n- Clients call an operation that no longer exists \(`operation-removed`\):\n {2}- `GET \/health`: operation removed\n/,
    )
    expect(gate()).toMatchObject({ status: 0 })
  })

  it('refuses a base that is not a revision, in one line', () => {
    const run = spawnSync(
      process.execPath,
      ['--conditions=@devenv/source', '--import', 'tsx', script],
      {
        cwd: join(import.meta.dirname, '..'),
        encoding: 'utf8',
        env: { ...process.env, CONTRACT_GATE_ROOT: repo, CONTRACT_BASE: 'no-such-branch' },
      },
    )
    expect(run.status).toBe(2)
    expect(run.stderr.trim()).toBe(
      'contract gate: CONTRACT_BASE no-such-branch is not a revision of this repository',
    )
  })

  it('prints and writes a forged name as text: no control character, no line of its own, no live link', () => {
    writeFileSync(join(repo, 'openapi', 'CHANGELOG.md'), '# Changelog\n\n## 1.0.0\n\nThe first.\n')
    writeContract((document) => {
      // A new operation breaks servers only: the gate passes and names it.
      document.paths[
        '/forged\u001b]0;pwned\u0007\r\n::error::forged [click](https://evil.example) @octocat'
      ] = {
        get: {
          operationId: 'forged\u001b[2K\r::warning::forged id',
          responses: { '200': { description: 'ok' } },
        },
      }
    })
    const checked = gate()
    expect(checked.status, checked.out).toBe(0)
    expect(checked.out).toContain(
      'breaks servers: forged\\x1b[2K\\x0d::warning::forged id: operation added',
    )
    const written = gate('--write-changelog')
    expect(written.status, written.out).toBe(0)
    const changelog = readFileSync(join(repo, 'openapi', 'CHANGELOG.md'), 'utf8')
    for (const text of [checked.out, written.out, changelog]) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: what must not be printed or written
      expect(text).not.toMatch(/[\u001b\u0007\r]/)
      for (const line of text.split('\n')) expect(line).not.toMatch(/^\s*::/)
    }
    // The path is in a code span, where GitHub links and notifies nothing.
    expect(changelog).toContain(
      '  - `GET /forged\\x1b]0;pwned\\x07\\x0d\\x0a::error::forged [click](https://evil.example) @octocat`: operation added',
    )
    writeContract(() => undefined)
  })

  it('refuses a CONTRACT_BASE that git would read as an option, in one line', () => {
    const file = join(repo, 'written-by-git')
    const run = gateWith(`--output=${file}`)
    expect(run.status).toBe(2)
    expect(run.stderr.trim()).toBe(
      `contract gate: CONTRACT_BASE --output=${file} cannot be read: a git revision cannot start with "-" (git would read "--output=${file}" as an option)`,
    )
    expect(existsSync(file)).toBe(false)
  })
})
