import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadOpenApiDocument } from '../src/document-file'
import { devPathName } from './facts'
import {
  type GeneratedModules,
  generatedModules,
  staleModules,
  writeStaleModules,
} from './generation'

const packageDir = new URL('..', import.meta.url)

let modules: GeneratedModules
let dir = ''

beforeAll(async () => {
  modules = await generatedModules(loadOpenApiDocument())
})

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

function freshCopy(): string {
  dir = mkdtempSync(join(tmpdir(), 'openapi-generated-'))
  writeStaleModules(modules, dir)
  return dir
}

describe('the one generation step from openapi.yaml', () => {
  it('makes the types, the facts, the document, the precompiled checks and the dev protocol types', () => {
    expect([...modules.keys()].sort()).toEqual([
      'dev-protocol-types.ts',
      'document.ts',
      'facts.ts',
      'types.ts',
      'validators.ts',
    ])
    expect(modules.get('types.ts')).toContain('export interface paths {')
    expect(modules.get('facts.ts')).toContain('export const BEARER_OPERATIONS')
    expect(modules.get('dev-protocol-types.ts')).toContain('"/__dev/mailbox": {')
  })

  it("names each development control after its path, a page's and its data's after the control", () => {
    expect(
      [
        '/__dev',
        '/__dev/clock',
        '/__dev/demo-requests',
        '/__dev/mailbox.html',
        '/__dev/sso.json',
      ].map(devPathName),
    ).toEqual(['index', 'clock', 'demoRequests', 'mailboxPage', 'ssoData'])
    expect(() => devPathName('/api/v1/health')).toThrow('/api/v1/health is not a /__dev path')
  })

  it('finds nothing stale in a folder it has just written', () => {
    expect(staleModules(modules, freshCopy())).toEqual([])
  })

  it('names every module that was edited by hand or is missing', () => {
    freshCopy()
    writeFileSync(join(dir, 'types.ts'), `${modules.get('types.ts')}// edited\n`)
    rmSync(join(dir, 'facts.ts'))
    expect(staleModules(modules, dir).sort()).toEqual(['facts.ts', 'types.ts'])
  })

  it('rewrites only the stale modules, leaving the fresh ones untouched', () => {
    freshCopy()
    writeFileSync(join(dir, 'document.ts'), '// out of date\n')
    const before = statSync(join(dir, 'validators.ts')).mtimeMs
    expect(writeStaleModules(modules, dir)).toEqual(['document.ts'])
    expect(readFileSync(join(dir, 'document.ts'), 'utf8')).toBe(modules.get('document.ts'))
    expect(statSync(join(dir, 'validators.ts')).mtimeMs).toBe(before)
  })

  // A process of its own (pnpm, tsx and the whole generation): 2 to 5 s; the bound ends a hang.
  it('fails the freshness check (exit code 1) on a stale module, and writes nothing', {
    timeout: 300_000,
  }, async () => {
    freshCopy()
    writeFileSync(join(dir, 'validators.ts'), '// out of date\n')
    const run = promisify(execFile)(
      'pnpm',
      ['exec', 'tsx', 'scripts/generate.ts', '--check', '--out', dir],
      {
        cwd: packageDir,
      },
    )
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('validators.ts stale'),
    })
    expect(readFileSync(join(dir, 'validators.ts'), 'utf8')).toBe('// out of date\n')
  })
})
