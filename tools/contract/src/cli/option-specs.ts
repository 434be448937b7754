import type { ParseArgsConfig } from 'node:util'

/**
 * One option of a subcommand, as data: node:util's parse configuration, the lines of `--help` and
 * the README's tables are all made from it, so they cannot say different things.
 */
export type OptionSpec = {
  /** The flag without its dashes: also its key in the configuration file. */
  name: string
  /** What its value is called (`URL`, `N`); none for a switch (`--quiet`). */
  value?: string
  /** A one-letter form (`-h`). */
  short?: string
  /** Given again, each adds to a list (`--allow-skip a --allow-skip b`). */
  multiple?: boolean
  /**
   * What holds when it is not given: a number the code takes from here (`numberDefault`), or
   * words where a number would not say it; none when nothing does.
   */
  default?: number | string
  required?: boolean
  /**
   * What it does, for `--help` and the README alike; `code` in backticks is shown without them in
   * `--help`.
   */
  description: string
  /** More for the README (Markdown), which has the room that `--help` has not. */
  details?: string
  /** The heading it is listed under: options that go together are read together. */
  group: string
}

/** The options every subcommand takes, by name. */
export type SharedOptionName =
  | 'report-dir'
  | 'min-coverage'
  | 'contract'
  | 'allow-skip'
  | 'timeout'
  | 'quiet'
  | 'config'
  | 'help'

/** What a subcommand says differently of a shared option; `hidden` where it has no use there. */
export type SharedOverride = Partial<Pick<OptionSpec, 'default' | 'description' | 'details'>> & {
  hidden?: boolean
}

/** One subcommand, as data: its usage lines, what it does, its own options. */
export type CommandSpec = {
  name: string
  /** The usage lines after `Usage: `, the first the ordinary one. */
  usage: readonly string[]
  /** What it does and its exit codes, as `--help` opens. */
  summary: string
  options: readonly OptionSpec[]
  /** Arguments that are not options (`merge DIR...`). */
  positionals?: boolean
  /** The shared options as this subcommand takes them, where it says them differently. */
  shared?: Partial<Record<SharedOptionName, SharedOverride>>
}

type ParseOptions = NonNullable<ParseArgsConfig['options']>

/** node:util's configuration for these options. */
export function parseOptionsOf(options: readonly OptionSpec[]): ParseOptions {
  return Object.fromEntries(
    options.map((option): [string, ParseOptions[string]] => [
      option.name,
      {
        type: option.value === undefined ? 'boolean' : 'string',
        ...(option.short === undefined ? {} : { short: option.short }),
        ...(option.multiple ? { multiple: true } : {}),
      },
    ]),
  )
}

/** An option's default that the code uses as well as says: the number its spec holds. */
export function numberDefault(from: CommandSpec | readonly OptionSpec[], name: string): number {
  const own = 'options' in from ? from.options : from
  const said =
    own.find((option) => option.name === name)?.default ??
    ('options' in from ? from.shared?.[name as SharedOptionName]?.default : undefined)
  if (typeof said !== 'number') throw new Error(`the spec of --${name} holds no number default`)
  return said
}

/** A default as said: a number as code, words as written. */
const defaultText = (said: number | string) => (typeof said === 'number' ? `\`${said}\`` : said)

/** How the option is written: `-h, --help`, `--base-url URL`. */
export function flagOf(option: OptionSpec): string {
  const long = `--${option.name}${option.value === undefined ? '' : ` ${option.value}`}`
  return option.short === undefined ? long : `-${option.short}, ${long}`
}

/**
 * The options a subcommand's help and README table list, in order: its own, then the shared ones
 * it does not hide, each as it says it.
 */
export function listedOptions(
  command: CommandSpec,
  shared: readonly OptionSpec[],
): { own: OptionSpec[]; shared: OptionSpec[] } {
  const sharedListed = shared.flatMap((option) => {
    const override = command.shared?.[option.name as SharedOptionName]
    if (override?.hidden) return []
    const { hidden: _, ...said } = override ?? {}
    return [{ ...option, ...said }]
  })
  return { own: [...command.options], shared: sharedListed }
}

/** The options grouped under their headings, each group where its first option stands. */
export function byGroup(options: readonly OptionSpec[]): Array<[string, OptionSpec[]]> {
  const groups = new Map<string, OptionSpec[]>()
  for (const option of options)
    groups.set(option.group, [...(groups.get(option.group) ?? []), option])
  return [...groups]
}

/** The column where help's descriptions start, and the width it keeps to. */
const DESCRIPTION_COLUMN = 24
const HELP_WIDTH = 96

/**
 * Text as lines of at most `width` characters, each `indent` spaces in: broken between words, or
 * between the pieces given (a flag with its value stays whole).
 */
export function wrapped(
  text: string | readonly string[],
  indent: number,
  width = HELP_WIDTH,
): string[] {
  const lines: string[] = []
  let line = ''
  const words = typeof text === 'string' ? text.split(/\s+/) : text
  for (const word of words.filter((each) => each !== '')) {
    if (line !== '' && indent + line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line === '' ? word : `${line} ${word}`
  }
  if (line !== '') lines.push(line)
  return lines.map((each) => ' '.repeat(indent) + each)
}

/** Help has no Markdown: `code` is shown as code. */
const plain = (text: string) => text.replaceAll('`', '')

/** An option's lines in `--help`: the flag, then its description and default beside it. */
function helpLines(option: OptionSpec): string[] {
  const flag = `  ${flagOf(option)}`
  const said = option.required
    ? `${plain(option.description)} (required)`
    : option.default === undefined
      ? plain(option.description)
      : `${plain(option.description)} (default ${plain(defaultText(option.default))})`
  const lines = wrapped(said, DESCRIPTION_COLUMN)
  // A flag too long for its column stands on a line of its own.
  if (flag.length >= DESCRIPTION_COLUMN - 1) return [flag, ...lines]
  const [first = '', ...rest] = lines
  return [flag.padEnd(DESCRIPTION_COLUMN) + first.trimStart(), ...rest]
}

/** The whole `--help` of a subcommand: usage, what it does, its options by group, the epilogue. */
export function helpOf(
  program: string,
  command: CommandSpec,
  shared: readonly OptionSpec[],
  epilogue: string,
): string {
  const listed = listedOptions(command, shared)
  const usage = command.usage.map(
    (line, index) => `${index === 0 ? 'Usage: ' : '       '}${program} ${line}`,
  )
  const groups = byGroup([...listed.own, ...listed.shared]).flatMap(([group, options]) => [
    '',
    `${group}:`,
    ...options.flatMap(helpLines),
  ])
  return [...usage, '', command.summary, ...groups, '', epilogue, ''].join('\n')
}

/** A Markdown table cell: a `|` would end it. */
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ')

/** The README's table of these options: option, default, meaning (the description and details). */
export function optionTable(options: readonly OptionSpec[]): string {
  const rows = options.map((option) => {
    const flag =
      option.short === undefined
        ? `\`${flagOf(option)}\``
        : `\`-${option.short}\`, \`${flagOf({ ...option, short: undefined })}\``
    const fallback = option.required
      ? 'required'
      : option.default !== undefined
        ? defaultText(option.default)
        : // A switch is off unless given; a value with no default is none.
          option.value === undefined
          ? ''
          : 'none'
    const meaning =
      option.details === undefined ? option.description : `${option.description}. ${option.details}`
    return `| ${cell(flag)} | ${cell(fallback)} | ${cell(meaning)} |`
  })
  return ['| option | default | meaning |', '| --- | --- | --- |', ...rows].join('\n')
}
