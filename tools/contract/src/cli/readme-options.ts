import { CHANGE_RULE_IDS, CHANGE_RULES } from '../diff/change-rules'
import { COMMAND_SPECS, SHARED_OPTION_SPECS } from './command-specs'
import { type CommandSpec, listedOptions, type OptionSpec, optionTable } from './option-specs'

// The README's option tables are made from the specs, as --help is, so the two cannot drift:
// `pnpm readme:options` writes them, and readme-options.test.ts fails while they differ. The
// table of `diff`'s rules is made the same way, from its own data.

/**
 * A subcommand's table: its own options, then the shared ones it says differently (the shared
 * table says the rest once).
 */
function tableOptions(command: CommandSpec): OptionSpec[] {
  const { own, shared } = listedOptions(command, SHARED_OPTION_SPECS)
  return [...own, ...shared.filter((option) => Object.hasOwn(command.shared ?? {}, option.name))]
}

/**
 * The rules by which `diff` judges a change (src/diff/change-rules.ts), as a table: made here with
 * the option tables, so that the README cannot say another rule than the code applies.
 */
export function changeRuleTable(): string {
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
 * The README with every block between its markers made afresh from the specs. A block whose
 * markers are missing is an error: the README must show every subcommand's options.
 */
export function readmeWithOptionTables(readme: string): string {
  let text = readme
  for (const [name, table] of optionBlocks()) {
    const start = text.indexOf(START(name))
    const end = text.indexOf(END(name))
    if (start < 0 || end < start)
      throw new Error(`the README has no block ${START(name)} ... ${END(name)}`)
    text = `${text.slice(0, start + START(name).length)}\n${table}\n${text.slice(end)}`
  }
  return text
}

/** The blocks the README shows otherwise than the specs make them. */
export function staleOptionTables(readme: string): string[] {
  const fresh = readmeWithOptionTables(readme)
  return [...optionBlocks().keys()].filter((name) => blockOf(readme, name) !== blockOf(fresh, name))
}

const blockOf = (text: string, name: string) =>
  text.slice(text.indexOf(START(name)), text.indexOf(END(name)))
