import type { ValueReader } from './option-values'

/**
 * One option of a subcommand, as data: node:util's parse configuration, how its value is read,
 * the lines of `--help` and the README's tables are all made from it, so they cannot say
 * different things.
 */
export type OptionSpec = {
  /** The flag without its dashes: also its key in the configuration file. */
  name: string
  /** What its value is called (`URL`, `N`); none for a switch (`--quiet`). */
  value?: string
  /** A one-letter form (`-h`). */
  short?: string
  /** Given again, each adds to a list (`--allow-skip a --allow-skip b`): each read, then joined. */
  multiple?: boolean
  /**
   * How its text becomes the value the subcommand reads (`command.value(name)`): its type, bounds
   * and syntax, said once here; the text as given when none.
   */
  read?: ValueReader<unknown>
  /**
   * What holds when it is not given: a number, which is its value then, or words where a number
   * would not say it; none when nothing does.
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
  /**
   * Taken but listed neither in `--help` nor in the reference: `true` where the subcommand has no
   * use for it; `'unless-in-process'` where only a caller that holds the workspace's stub can give
   * it (`fuzz --stub`), so that caller's help alone lists it.
   */
  hidden?: boolean | 'unless-in-process'
}

/**
 * What `command.value(name)` answers for an option, from its spec as written (`as const`): what
 * its reader makes of its text (the text itself without one), whether a switch was given;
 * undefined when not given, unless it has a number default or is required (then `done()` has
 * refused the run without it).
 */
export type ValueOf<Option extends OptionSpec> = string extends Option['name']
  ? unknown
  : Option extends { value: string }
    ?
        | (Option['read'] extends ValueReader<infer Value> ? Value : string)
        | (Option extends { default: number } | { required: true } ? never : undefined)
    : boolean

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
export type SharedOverride = Partial<
  Pick<OptionSpec, 'default' | 'description' | 'details' | 'hidden'>
>

/** One subcommand, as data: its usage lines, what it does, its own options. */
export type CommandSpec<Options extends readonly OptionSpec[] = readonly OptionSpec[]> = {
  name: string
  /** The usage lines after `Usage: `, the first the ordinary one. */
  usage: readonly string[]
  /** What it does in a line, for the program's help beside its first usage line. */
  brief: string
  /** What it does and its exit codes, as `--help` opens. */
  summary: string
  options: Options
  /** Arguments that are not options (`merge DIR...`). */
  positionals?: boolean
  /** The shared options as this subcommand takes them, where it says them differently. */
  shared?: Partial<Record<SharedOptionName, SharedOverride>>
}

/** The program itself, for its help: what it is, and what its subcommands share. */
export type ProgramSpec = {
  name: string
  /** What it does, in a line. */
  summary: string
  /** The subcommand run when none is named. */
  defaultCommand: string
  /** The help's closing paragraphs: the configuration file, the exit codes. */
  epilogue: string
}

/** A default as said: a number as code, words as written. */
const defaultText = (said: number | string) => (typeof said === 'number' ? `\`${said}\`` : said)

/** How the option is written: `-h, --help`, `--base-url URL`. */
function flagOf(option: OptionSpec): string {
  const long = `--${option.name}${option.value === undefined ? '' : ` ${option.value}`}`
  return option.short === undefined ? long : `-${option.short}, ${long}`
}

/**
 * The options a subcommand's help and README table list, in order: its own, then the shared ones
 * as it takes them (`sharedAsTaken`), but those hidden (`inProcess`: for a caller that holds the
 * stub).
 */
export function listedOptions(
  command: CommandSpec,
  shared: readonly OptionSpec[],
  inProcess = false,
): { own: OptionSpec[]; shared: OptionSpec[] } {
  const listed = ({ hidden }: OptionSpec) =>
    !hidden || (hidden === 'unless-in-process' && inProcess)
  return { own: command.options.filter(listed), shared: shared.filter(listed) }
}

/** The options grouped under their headings, each group where its first option stands. */
function byGroup(options: readonly OptionSpec[]): Array<[string, OptionSpec[]]> {
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

/**
 * The whole `--help` of a subcommand: usage, what it does, its options by group, the epilogue. A
 * usage line that names an option not listed (`fuzz --stub [options]`) is left out with it.
 */
export function helpOf(
  program: string,
  command: CommandSpec,
  shared: readonly OptionSpec[],
  epilogue: string,
  inProcess = false,
): string {
  const listed = listedOptions(command, shared, inProcess)
  const flags = new Set([...listed.own, ...listed.shared].map((option) => `--${option.name}`))
  const usage = command.usage
    .filter((line) => line.split(' ').every((word) => !word.startsWith('--') || flags.has(word)))
    .map((line, index) => `${index === 0 ? 'Usage: ' : '       '}${program} ${line}`)
  const groups = byGroup([...listed.own, ...listed.shared]).flatMap(([group, options]) => [
    '',
    `${group}:`,
    ...options.flatMap(helpLines),
  ])
  return [...usage, '', command.summary, ...groups, '', epilogue, ''].join('\n')
}

/** The column where the program's help puts each subcommand's brief. */
const BRIEF_COLUMN = 28

/**
 * The program's own `--help`: each subcommand by its ordinary usage and its brief, then the
 * options every one takes (`-h, --help` goes without saying), then the epilogue.
 */
export function programHelpOf(
  program: ProgramSpec,
  commands: readonly CommandSpec[],
  shared: readonly OptionSpec[],
): string {
  const names = commands.map((command) => command.name).join('|')
  const listing = commands.map(
    ({ usage: [ordinary = ''], brief }) =>
      `  ${ordinary.replace(/ \[options\]$/, '')}`.padEnd(BRIEF_COLUMN) + brief,
  )
  const taken = shared.filter((option) => option.name !== 'help')
  const takenByEvery = wrapped(
    [
      ...'Every subcommand takes'.split(' '),
      ...taken.map((option, index) => `${flagOf(option)}${index === taken.length - 1 ? ';' : ','}`),
      ...`'${program.name} <subcommand> --help' lists its options.`.split(' '),
    ],
    0,
  )
  return [
    `Usage: ${program.name} <${names}> [options]      (no subcommand: ${program.defaultCommand})`,
    '',
    program.summary,
    '',
    ...listing,
    '',
    ...takenByEvery,
    program.epilogue,
    '',
  ].join('\n')
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
