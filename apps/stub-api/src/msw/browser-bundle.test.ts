import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, type Options } from 'tsup'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import configs from '../../tsup.config'

// The browser stub's bundle, built with the package's own tsup settings, read for what must never
// reach a browser: Node built-ins, Fastify and its plugins, the file state, Ajv's compiler.
type Metafile = {
  inputs: Record<string, unknown>
  outputs: Record<string, { imports: Array<{ path: string; external?: boolean }> }>
}

const outDir = mkdtempSync(join(tmpdir(), 'stub-msw-bundle-'))
let inputs: string[]
let externals: string[]
let code: string

beforeAll(async () => {
  const browser = (Array.isArray(configs) ? configs : []).find(
    (config: Options) => config.platform === 'browser',
  )
  if (!browser) throw new Error('tsup.config.ts has no browser build')
  await build({ ...browser, outDir, dts: false, metafile: true, silent: true, config: false })
  const metafile = JSON.parse(readFileSync(join(outDir, 'metafile-esm.json'), 'utf8')) as Metafile
  inputs = Object.keys(metafile.inputs)
  externals = Object.values(metafile.outputs).flatMap((output) =>
    output.imports.filter((each) => each.external).map((each) => each.path),
  )
  code = readFileSync(join(outDir, 'msw', 'index.js'), 'utf8')
}, 60_000)

afterAll(() => rmSync(outDir, { recursive: true, force: true }))

describe('the browser stub bundle (@devenv/stub-api/msw)', () => {
  it('is one file that imports nothing: no Node built-in, no package left outside', () => {
    expect(externals).toEqual([])
    expect(code).not.toMatch(/\b(?:from|import|require)\s*\(?\s*["']node:/)
  })

  it('holds the core, MSW and the portable contract', () => {
    expect(inputs.some((path) => path.endsWith('src/core/create.ts'))).toBe(true)
    expect(inputs.some((path) => path.includes('/msw@'))).toBe(true)
    expect(inputs.some((path) => path.endsWith('openapi/src/generated/validators.ts'))).toBe(true)
  })

  it('holds nothing of Fastify, the Node adapter, YAML parsing or Ajv compiling', () => {
    const forbidden = [
      /\/fastify@/,
      /\/@fastify\+/,
      /\/pino/,
      /\/write-file-atomic@/,
      /\/yaml@/,
      /\/ajv@[^/]+\/node_modules\/ajv\/dist\/(?:compile|core|2020)/,
      /apps\/stub-api\/src\/(?:node|server|cli)/,
      /openapi\/src\/(?:document-file|contract-file|ajv)\.ts$/,
    ]
    expect(inputs.filter((path) => forbidden.some((pattern) => pattern.test(path)))).toEqual([])
  })

  it('needs no eval: it runs under a Content-Security-Policy without unsafe-eval', () => {
    expect(code).not.toContain('new Function')
    // A bare eval( call; a method named eval (`client.eval(`) is no use of it.
    expect(code).not.toMatch(/(?<![.\w$])eval\(/)
  })
})
