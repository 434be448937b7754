import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { COMMAND_SPECS, SHARED_OPTION_SPECS } from './command-specs'
import { COMMAND_LINE_ONLY } from './config'
import {
  OPTION_PAGES,
  optionBlocks,
  pageWithOptionTables,
  staleOptionTables,
} from './readme-options'

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')
const PAGES = Object.entries(OPTION_PAGES).map(([path, names]) => ({
  path,
  names,
  text: read(path),
}))
const CHECK = read('docs/check.md')
const REFERENCE = read('docs/reference.md')

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces made dashes. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replaceAll(' ', '-')

/** The anchors of a Markdown page's headings (not of `#` lines inside fenced code). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    const heading = /^#+ (.*)$/.exec(line)
    if (heading?.[1] !== undefined && !fenced) anchors.add(anchorOf(heading[1]))
  }
  return anchors
}

/** Each link of `markdown`, read from `page`, to a section of a Markdown file that is not there. */
function brokenLinks(page: string, markdown: string): string[] {
  const from = new URL(`../../${page}`, import.meta.url)
  const broken: string[] = []
  for (const [, target = '', anchor = ''] of markdown.matchAll(
    /\]\(((?:\.\.\/|\.\/)*[\w./-]*\.md)?#([\w-]+)\)/g,
  )) {
    const file = target === '' ? from : new URL(target, from)
    if (!existsSync(file) || !anchorsOf(readFileSync(file, 'utf8')).has(anchor))
      broken.push(`${page}: ${target}#${anchor}`)
  }
  return broken
}

describe("the reference's option tables (docs/)", () => {
  it('are the ones the option specs make (else: pnpm --filter @devenv/contract readme:options)', () => {
    for (const { path, names, text } of PAGES)
      expect({ path, stale: staleOptionTables(text, names) }).toEqual({ path, stale: [] })
  })

  it('are each on one page: every block made has its place, and only one', () => {
    const placed = Object.values(OPTION_PAGES).flat()
    expect([...placed].sort()).toEqual([...optionBlocks().keys()].sort())
  })

  it('are told apart from the specs when a default in them differs', () => {
    const edited = CHECK.replace('| `--wait SECONDS` | `150` |', '| `--wait SECONDS` | `120` |')
    expect(edited).not.toBe(CHECK)
    expect(staleOptionTables(edited, ['check'])).toEqual(['check'])
    expect(pageWithOptionTables(edited, ['check'])).toBe(CHECK)
  })

  it('list every option of every subcommand but the hidden ones', () => {
    const pages = PAGES.map((page) => page.text).join('\n')
    for (const command of COMMAND_SPECS)
      for (const option of command.options)
        if (option.hidden) expect(pages).not.toContain(`| \`--${option.name}`)
        else expect(pages).toContain(`| \`--${option.name}`)
  })

  it('are each required: a page without one is refused', () => {
    const proxy = read('docs/proxy.md')
    const without = proxy.replace(/<!-- options:proxy [^>]*-->[\s\S]*?<!-- \/options:proxy -->/, '')
    expect(() => pageWithOptionTables(without, ['proxy'])).toThrow(/no block <!-- options:proxy/)
  })

  it('link to sections that are there, on the page each table lands on', () => {
    const broken = PAGES.flatMap(({ path, names }) =>
      names.flatMap((name) => brokenLinks(path, optionBlocks().get(name) ?? '')),
    )
    expect(broken).toEqual([])
  })

  it("name the configuration file's top-level keys as the shared options are", () => {
    const named = /The shared options \(([^)]*)\) go at the top level/.exec(
      REFERENCE.replace(/\s+/g, ' '),
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

describe("the README's and the reference's links to their own sections", () => {
  it('each reach a heading that is there', () => {
    const pages = ['README.md', ...PAGES.map((page) => page.path), 'docs/development.md']
    expect(pages.flatMap((page) => brokenLinks(page, read(page)))).toEqual([])
  })
})
