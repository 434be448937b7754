import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// tsc cannot keep Node's types out of this package (the test runner brings them), so the rule
// "no clock, no randomness, no I/O, no Node, no DOM inside the domain" is checked on the source.
const sourceDir = new URL('.', import.meta.url).pathname
const forbidden: [RegExp, string][] = [
  [/\bDate\.now\s*\(/, 'Date.now(): take `now` as a parameter'],
  [/\bnew Date\s*\(\s*\)/, 'new Date(): take `now` as a parameter'],
  [/\bMath\.random\s*\(/, 'Math.random(): take `random` as a parameter'],
  [/\bprocess\.|\bBuffer\b|\brequire\s*\(/, 'Node APIs'],
  [/from ['"](node:|fs|path|react|react-dom)/, 'I/O, Node or React imports'],
  [/\b(window|document|localStorage|sessionStorage|navigator)\./, 'DOM globals'],
  [/\bfetch\s*\(|\bsetTimeout\s*\(|\bsetInterval\s*\(/, 'I/O or timers'],
]

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

describe('the domain is pure', () => {
  const files = sourceFiles(sourceDir)

  it('has source files to check', () => {
    expect(files.length).toBeGreaterThan(10)
  })

  it.each(forbidden)('no module uses %s', (pattern, why) => {
    const offenders = files.filter((file) => pattern.test(readFileSync(file, 'utf8')))
    expect(offenders, why).toEqual([])
  })
})
