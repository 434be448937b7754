import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { COMMAND_SPECS, SHARED_OPTION_SPECS } from './command-specs'
import { COMMAND_LINE_ONLY } from './config'
import { readmeWithOptionTables, staleOptionTables } from './readme-options'

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')

describe("the README's option tables", () => {
  it('are the ones the option specs make (else: pnpm --filter @devenv/contract readme:options)', () => {
    expect(staleOptionTables(README)).toEqual([])
  })

  it('are told apart from the specs when a default in them differs', () => {
    const edited = README.replace('| `--wait SECONDS` | `150` |', '| `--wait SECONDS` | `120` |')
    expect(edited).not.toBe(README)
    expect(staleOptionTables(edited)).toEqual(['check'])
    expect(readmeWithOptionTables(edited)).toBe(README)
  })

  it('list every option of every subcommand', () => {
    for (const command of COMMAND_SPECS)
      for (const option of command.options) expect(README).toContain(`| \`--${option.name}`)
  })

  it('are each required: a README without one is refused', () => {
    const without = README.replace(
      /<!-- options:proxy [^>]*-->[\s\S]*?<!-- \/options:proxy -->/,
      '',
    )
    expect(() => readmeWithOptionTables(without)).toThrow(/no block <!-- options:proxy/)
  })

  it("name the configuration file's top-level keys as the shared options are", () => {
    const named = /The shared options \(([^)]*)\) go at the top level/.exec(
      README.replace(/\s+/g, ' '),
    )
    const keys = SHARED_OPTION_SPECS.map((option) => option.name).filter(
      (name) => !COMMAND_LINE_ONLY.has(name),
    )
    expect(
      named?.[1]
        ?.split(', ')
        .map((key) => key.replaceAll('`', ''))
        .sort(),
    ).toEqual(keys.sort())
  })
})
