import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { deployedJwtSecretProblem, JWT_SECRET_MIN_BYTES } from './config'

// Bounded: the repository's own text files, not what is installed, built or reported.
const ROOT = new URL('../../../', import.meta.url).pathname
const SKIPPED_DIRS = new Set([
  '.git',
  'node_modules',
  'dist',
  'dist-demo',
  '.ssr',
  '.demo-build',
  '.turbo',
  'coverage',
  'reports',
  '.reports',
  'test-results',
  'playwright-report',
  'blob-report',
  '.stryker-tmp',
])
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|sh|ya?ml|json|md|env|conf|template)$|^Dockerfile/
const MAX_FILES = 20_000
const MAX_FILE_BYTES = 1_000_000

function repositoryFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (found.length >= MAX_FILES) break
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) repositoryFiles(path, found)
    } else if (entry.isFile() && TEXT_FILE.test(entry.name)) {
      if (statSync(path).size <= MAX_FILE_BYTES) found.push(path)
    }
  }
  return found
}

// A literal given to a name that holds a signing secret: `jwtSecret: '...'`, `FUZZ_JWT_SECRET = '...'`,
// `"JWT_SECRET": "..."`, `const secret = '...'`, and the shell's `JWT_SECRET=...`.
const ASSIGNED = /\b\w*(?:secret|signingkey)['"]?\s*[:=]\s*(['"`])([^'"`\\\n]+)\1/gi
const SHELL = /\bJWT_SECRET=([^\s'"`$()]+)/g

function literalSecrets(text: string): string[] {
  const literals = [
    ...Array.from(text.matchAll(ASSIGNED), (match) => match[2] ?? ''),
    ...Array.from(text.matchAll(SHELL), (match) => match[1] ?? ''),
  ]
  // Shorter ones are refused in every mode anyway; `${...}` is not a literal.
  return literals.filter(
    (literal) =>
      new TextEncoder().encode(literal).length >= JWT_SECRET_MIN_BYTES && !literal.includes('${'),
  )
}

describe('secrets written in this repository', () => {
  const files = repositoryFiles(ROOT)
  const found = new Map<string, string>()
  for (const file of files) {
    for (const literal of literalSecrets(readFileSync(file, 'utf8'))) {
      if (!found.has(literal)) found.set(literal, relative(ROOT, file))
    }
  }

  it('finds the repository and its known secrets (the scan works)', () => {
    expect(files.length).toBeGreaterThan(100)
    expect(files.length).toBeLessThan(MAX_FILES)
    for (const known of [
      'reliability-fuzz-secret-known-to-the-fuzzer-only',
      'broken-servers-signing-key-of-at-least-32-chars',
      'crash-test-secret-of-at-least-32-characters',
    ]) {
      expect(found.has(known), known).toBe(true)
    }
  })

  it('are each refused by a production start (a new one goes into REPOSITORY_JWT_SECRETS, config.ts)', () => {
    const accepted = [...found].filter(
      ([literal]) => deployedJwtSecretProblem(literal, 'production') === null,
    )
    expect(accepted.map(([literal, file]) => `${file}: ${literal}`)).toEqual([])
  })
})
