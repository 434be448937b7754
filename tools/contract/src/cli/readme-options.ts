import { CHANGE_RULE_IDS, CHANGE_RULES } from '../diff/change-rules'
import { COMMAND_SPECS, SHARED_OPTION_SPECS } from './command-specs'
import { type CommandSpec, listedOptions, type OptionSpec, optionTable } from './option-specs'
import { sharedAsTaken } from './options'

// The reference's option tables (docs/*.md) are made from the specs, as --help is, so the two
// cannot drift: `pnpm readme:options` writes them, and readme-options.test.ts fails while they
// differ. The table of `diff`'s rules is made the same way, from its own data.

/**
 * The page of docs/ that holds each generated block. An option's `details` may link to a section
 * of any of these pages as `page.md#anchor`, since every table lands in the same folder.
 */
export const OPTION_PAGES: Readonly<Record<string, readonly string[]>> = {
  'docs/reference.md': ['shared', 'merge'],
  'docs/check.md': ['check'],
  'docs/fuzz.md': ['fuzz'],
  'docs/proxy.md': ['proxy'],
  'docs/replay.md': ['replay'],
  'docs/diff.md': ['diff', 'change-rules'],
}

/**
 * A subcommand's table: its own options, then the shared ones it says differently (the shared
 * table says the rest once).
 */
function tableOptions(command: CommandSpec): OptionSpec[] {
  const { own, shared } = listedOptions(command, sharedAsTaken(command))
  return [...own, ...shared.filter((option) => Object.hasOwn(command.shared ?? {}, option.name))]
}

/**
 * The rules by which `diff` judges a change (src/diff/change-rules.ts), as a table: made here with
 * the option tables, so that the reference cannot say another rule than the code applies.
 */
function changeRuleTable(): string {
  const rows = CHANGE_RULE_IDS.map((id) => {
    const { breaks, reason } = CHANGE_RULES[id]
    return `| \`${id}\` | ${breaks.length === 0 ? 'neither' : breaks.join(', ')} | ${reason.replaceAll('|', '\\|')} |`
  })
  return ['| rule | breaks | why |', '| --- | --- | --- |', ...rows].join('\n')
}

/** Each generated block by name: `shared`, then one per subcommand, then diff's rules. */
export function optionBlocks(): ReadonlyMap<string, string> {
  return new Map([
    ['shared', optionTable(SHARED_OPTION_SPECS)],
    ...COMMAND_SPECS.map((command): [string, string] => [
      command.name,
      optionTable(tableOptions(command)),
    ]),
    ['change-rules', changeRuleTable()],
  ])
}

const START = (name: string) => `<!-- options:${name} (made by pnpm readme:options) -->`
const END = (name: string) => `<!-- /options:${name} -->`

/**
 * The page with each of the named blocks between its markers made afresh from the specs. A block
 * whose markers are missing is an error: the reference must show every subcommand's options.
 */
export function pageWithOptionTables(page: string, names: readonly string[]): string {
  const blocks = optionBlocks()
  let text = page
  for (const name of names) {
    const table = blocks.get(name)
    if (table === undefined) throw new Error(`no generated block is named ${name}`)
    const start = text.indexOf(START(name))
    const end = text.indexOf(END(name))
    if (start < 0 || end < start)
      throw new Error(`the page has no block ${START(name)} ... ${END(name)}`)
    text = `${text.slice(0, start + START(name).length)}\n${table}\n${text.slice(end)}`
  }
  return text
}

/** The named blocks the page shows otherwise than the specs make them. */
export function staleOptionTables(page: string, names: readonly string[]): string[] {
  const fresh = pageWithOptionTables(page, names)
  return names.filter((name) => blockOf(page, name) !== blockOf(fresh, name))
}

const blockOf = (text: string, name: string) =>
  text.slice(text.indexOf(START(name)), text.indexOf(END(name)))
