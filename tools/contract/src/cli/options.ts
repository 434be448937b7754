import { type Contract, loadContract } from '@devenv/openapi'
import { rulesOf } from '../contract-rules'
import type { Transport } from '../http'
import { partMatches } from '../report'
import { firstLineOf } from '../report/printable'
import { before, type ParseOptions, type Problem, readArguments, UNSET } from './arguments'
import { COMMAND_LINE_ONLY, type OptionValue, readConfig } from './config'
import {
  type CommandSpec,
  helpOf,
  type OptionSpec,
  type SharedOptionName,
  type ValueOf,
  wrapped,
} from './option-specs'
import { SHARED_OPTION_SPECS } from './shared-specs'
import { CLI_NAME, UsageError } from './usage'

// The command line read by the options' specs, in one step: node:util reads the arguments, the
// configuration file is merged under them, each option's value is read as its spec says, then the
// rules across options and the contract; every problem is noted, so that one run names them all.

/**
 * A server in this process for `fuzz --stub`: the workspace's stub, which the caller of
 * `runCommandLine` holds (pnpm fuzz: tools/reliability). The toolkit imports no server of its own.
 */
export type InProcessTarget = {
  /** Its two transports: the property-based part's, and the stateful part's (rate limits off). */
  start: () => Promise<{ fuzz: Transport; stateful: Transport }>
}

/** What the caller of the command line hands every subcommand besides its arguments. */
export type CommandContext = { inProcess?: InProcessTarget }

/** A subcommand: takes its arguments (after the subcommand's name), answers the exit code. */
export type Command = (argv: string[], context?: CommandContext) => Promise<number>

/** The shared options' keys in the configuration file: every one but the command line's own. */
const SHARED_KEYS = SHARED_OPTION_SPECS.map((option) => option.name).filter(
  (name) => !COMMAND_LINE_ONLY.has(name),
)

/** How the file's keys map to the options, for the end of every subcommand's help. */
const CONFIG_KEYS_USAGE = wrapped(
  `The configuration file's keys are the options' names without the dashes ("base-url":
"http://...", "allow-skip": ["fuzz.stateful"], "quiet": true): the shared options
(${SHARED_KEYS.join(', ')}) at the top level, a subcommand's own under its name ("check": {...},
"fuzz": {...}); "\${NAME}" in a value is the environment variable NAME, if it is CONTRACT_* or
named by --config-env. A mailbox exec: of the file runs only with --allow-exec. A flag given
overrides the file; a key the subcommand does not take is an error.`,
  0,
).join('\n')

/**
 * The shared options as a subcommand takes them, each as it says it (its default, its words);
 * `hidden` ones are still taken, only not listed.
 */
export function sharedAsTaken(command: CommandSpec): OptionSpec[] {
  return SHARED_OPTION_SPECS.map((option) => ({
    ...option,
    ...command.shared?.[option.name as SharedOptionName],
  }))
}

/**
 * A subcommand's `--help`, made from its spec and the shared options'. An option only a caller
 * that holds the workspace's stub can give (`fuzz --stub`) is listed in that caller's help alone
 * (`pnpm fuzz --help`), where it works: the packed CLI would answer it with a usage error.
 */
export function usageOf(command: CommandSpec, context: CommandContext = {}): string {
  return helpOf(CLI_NAME, command, sharedAsTaken(command), CONFIG_KEYS_USAGE, !!context.inProcess)
}

export type SharedOptions = {
  reportDir: string | undefined
  minCoverage: number | undefined
  timeoutMs: number
  contractPath: string | undefined
  quiet: boolean
  /** Whole parts of the run whose skip is accepted (`--allow-skip`): names, or `prefix.*`. */
  allowSkip: string[]
}

/**
 * The value of each option a subcommand takes (its own, and the shared ones) by its name, read as
 * its spec says (`ValueOf`); its default or undefined when not given, or when it is a problem.
 */
type Values<Options extends readonly OptionSpec[] = readonly OptionSpec[]> = {
  [Option in
    | Options[number]
    | (typeof SHARED_OPTION_SPECS)[number] as Option['name']]: ValueOf<Option>
}

/** What a problem is about: an option by its name, or a positional argument by its index. */
type Subject = string | number

/** What a rule across options reads: the options as given and read, and the rules before it. */
export type Given<
  Options extends readonly OptionSpec[] = readonly OptionSpec[],
  Settled = Record<string, unknown>,
> = {
  values: Values<Options>
  /**
   * How each option given was given, read or not: `--name`, or the configuration file's key
   * (`devenv-contract.config.json: check.mailbox`).
   */
  givenAs: Readonly<Record<string, string>>
  /** What the rules it `reads` answered, and `contract`, the run's contract. */
  settled: Settled
}

/**
 * A rule across a subcommand's options (both of two given, one needing another, a value against
 * the contract): a UsageError it throws is a problem told where the first option it is `about`
 * stands. Not checked when one of those was refused (its value is unknown, and a "required" would
 * be wrong), nor when a rule it `reads` failed (`contract`: the run's contract).
 */
type OptionRule = {
  about: Subject | readonly Subject[]
  reads?: readonly string[]
  check(given: Given): unknown
}

/** A subcommand's rules, checked in their order; each one's answer is a setting of its name. */
export type OptionRules = Readonly<Record<string, OptionRule>>

type ParsedCommand<Options extends readonly OptionSpec[] = readonly OptionSpec[]> = Omit<
  Given<Options>,
  'settled'
> & {
  help: boolean
  shared: SharedOptions
  /** The arguments that are not options, when the subcommand takes them. */
  positionals: string[]
  /** The configuration file the values came from, if one was read. */
  configFile: string | undefined
  value: <Name extends keyof Values<Options>>(name: Name) => Values<Options>[Name]
  /**
   * Runs one check of the options (`about`: the options it reads, or a positional argument's
   * index): a UsageError it throws is noted, and the fallback answered, so that the checks after
   * it still run. Skipped, answering the fallback, when one of those options was refused.
   */
  check: <T>(about: Subject | readonly Subject[], read: () => T, fallback: T) => T
  /**
   * Throws one UsageError with every problem noted, in the order of the arguments (the file's
   * keys where the file stands: at --config, else after the arguments; an option not given last),
   * each once. A check after it throws its problem at once.
   */
  done: () => void
}

/**
 * The whole parts a mode may skip: a list, or one read from the run's contract (`--contract`, else
 * the bundled one), which is loaded only when `--allow-skip` names something.
 */
type SkippableParts = readonly string[] | ((contract: Contract) => readonly string[])

/** The `--allow-skip` names, each checked against the parts the mode has: a typo accepts nothing. */
function allowedSkips(
  names: readonly string[],
  skippable: SkippableParts,
  contractPath: string | undefined,
): string[] {
  if (names.length === 0) return []
  const parts = typeof skippable === 'function' ? skippable(contractFor(contractPath)) : skippable
  const unknown = names.filter((name) => !parts.some((part) => partMatches(name, part)))
  if (unknown.length > 0)
    throw new UsageError(
      `--allow-skip names no part of this mode: ${unknown.join(', ')} (parts: ${parts.join(', ')})`,
    )
  return [...names]
}

/** node:util's configuration for these options. */
function parseOptionsOf(options: readonly OptionSpec[]): ParseOptions {
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

/**
 * Reads a subcommand's arguments (its own options and the shared ones, as its spec says it takes
 * them) over what the configuration file sets (a flag given wins), and each option's value as its
 * spec says, noting every problem rather than stopping at the first: `check` adds more, then
 * `done()` throws them all as one UsageError. `parts` are the whole parts the mode may skip, which
 * `--allow-skip` may name. With `--help` only the shared options are read, and the problems found
 * so far are thrown at once. A run reads its settings with `readSettings`, which does all of this.
 */
export function readCommand<const Options extends readonly OptionSpec[]>(
  argv: string[],
  command: CommandSpec<Options>,
  parts: SkippableParts = [],
): ParsedCommand<Options> {
  const shared = sharedAsTaken(command)
  const sharedParsed = parseOptionsOf(shared)
  const ownParsed = parseOptionsOf(command.options)
  const line = readArguments(argv, { ...sharedParsed, ...ownParsed }, command.positionals === true)
  const flags = line.flags
  const config = readConfig(flags, line.refused, command.name, sharedParsed, ownParsed)
  const given: Record<string, OptionValue | undefined> = { ...config.values, ...flags }
  // The file stands where --config is among the arguments, else after them all.
  const fileIndex = line.indexes.config ?? argv.length
  const problems: Problem[] = [
    ...line.problems,
    ...config.problems.map(({ reason, place }): Problem => ({ reason, at: [fileIndex, place] })),
  ]
  /** Options given a value their reader refused: their value is unknown too. */
  const unread = new Set<string>()
  const fromFile = (name: string) => flags[name] === undefined && !line.refused.has(name)
  const refused = (subject: Subject) =>
    typeof subject === 'string' &&
    (line.refused.has(subject) ||
      unread.has(subject) ||
      (given[subject] === undefined && line.meant.has(subject)) ||
      (fromFile(subject) && (config.refused === 'all' || config.refused.has(subject))))
  const positionOf = (subject: Subject): Problem['at'] => {
    if (typeof subject === 'number') return [line.positionalIndexes[subject] ?? argv.length, 0]
    const index = line.indexes[subject]
    if (index !== undefined && !fromFile(subject)) return [index, 0]
    const place = config.places[subject]
    return place === undefined ? UNSET : [fileIndex, place]
  }
  let finished = false
  const check: ParsedCommand['check'] = (about, read, fallback) => {
    const subjects: readonly Subject[] = typeof about === 'object' ? about : [about]
    if (subjects.some(refused)) return fallback
    try {
      return read()
    } catch (error) {
      if (!(error instanceof UsageError) || finished) throw error
      const at = subjects.map(positionOf).sort(before)[0] ?? UNSET
      for (const reason of error.problems) problems.push({ reason, at })
      return fallback
    }
  }
  const done = () => {
    finished = true
    // A stable sort: problems at one place keep the order they were found in.
    const reasons = new Set(problems.sort((a, b) => before(a.at, b.at)).map((each) => each.reason))
    if (reasons.size > 0) throw new UsageError([...reasons])
  }
  const givenAs = Object.fromEntries(
    Object.keys(given).map((name) => [
      name,
      fromFile(name) ? `${config.name}: ${config.keys[name]}` : `--${name}`,
    ]),
  )
  const values: Record<string, unknown> = {}
  /** An option's value as its spec reads it; a switch is whether it was given. */
  const readOption = (option: OptionSpec): unknown => {
    const text = given[option.name]
    if (option.value === undefined) return text === true
    const fallback = typeof option.default === 'number' ? option.default : undefined
    const readText = option.read ?? ((text: string) => text)
    const said = { name: option.name, origin: givenAs[option.name] ?? `--${option.name}` }
    return check(
      option.name,
      () => {
        if (text === undefined) {
          if (option.required) throw new UsageError(`--${option.name} is required`)
          return fallback
        }
        try {
          return Array.isArray(text)
            ? text.flatMap((each) => readText(each, said))
            : readText(String(text), said)
        } catch (error) {
          unread.add(option.name)
          throw error
        }
      },
      fallback,
    )
  }
  // Typed by the shared options' specs alone: the subcommand's own are not known here.
  const sharedValues = values as Values<readonly []>
  for (const option of shared) values[option.name] = readOption(option)
  const contractPath = sharedValues.contract
  const parsed: ParsedCommand<Options> = {
    help: sharedValues.help,
    values: values as Values<Options>,
    value: (name) => (values as Values<Options>)[name],
    givenAs,
    positionals: line.positionals,
    configFile: config.file,
    check,
    done,
    shared: {
      reportDir: sharedValues['report-dir'],
      minCoverage: sharedValues['min-coverage'],
      timeoutMs: sharedValues.timeout,
      contractPath,
      quiet: sharedValues.quiet,
      allowSkip: check(
        'allow-skip',
        () => allowedSkips(sharedValues['allow-skip'] ?? [], parts, contractPath),
        [],
      ),
    },
  }
  // Help is the shared options' business only: the subcommand's own are read for a run.
  if (parsed.help) done()
  else for (const option of command.options) values[option.name] = readOption(option)
  return parsed
}

/** A run's settings: its options' values, the shared options, its contract, its rules' answers. */
type Settings<Options extends readonly OptionSpec[], Rules extends OptionRules> = {
  options: Values<Options>
  shared: SharedOptions
  contract: Contract
  /** The arguments that are not options, when the subcommand takes them. */
  positionals: string[]
} & { [Name in keyof Rules]: ReturnType<Rules[Name]['check']> }

/** What a rule answers when it failed: nothing is settled under its name. */
const FAILED = Symbol('failed')

/**
 * A run's settings in one step, settled and typed: its options read as `readCommand` reads them,
 * its rules checked in their order with the contract loaded before the first that reads it (else
 * after them all), every problem thrown as one UsageError; `help` for `--help`.
 */
export function readSettings<
  const Options extends readonly OptionSpec[],
  Rules extends OptionRules = Record<never, OptionRule>,
>(
  argv: string[],
  command: CommandSpec<Options>,
  parts: SkippableParts,
  rules?: Rules,
): Settings<Options, Rules> | 'help' {
  const parsed = readCommand(argv, command, parts)
  if (parsed.help) return 'help'
  const steps: Array<[string, OptionRule]> = Object.entries(rules ?? {})
  const first = steps.findIndex(([, rule]) => rule.reads?.includes('contract'))
  steps.splice(first < 0 ? steps.length : first, 0, [
    'contract',
    { about: 'contract', check: () => contractFor(parsed.shared.contractPath) },
  ])
  const settled: Record<string, unknown> = {}
  const given: Given = { ...(parsed as ParsedCommand), settled }
  for (const [name, rule] of steps) {
    // What a rule reads is unknown when the rule that answers it failed: it says nothing then.
    if (!(rule.reads?.every((read) => Object.hasOwn(settled, read)) ?? true)) continue
    const value = parsed.check(rule.about, () => rule.check(given), FAILED)
    if (value !== FAILED) settled[name] = value
  }
  parsed.done()
  return {
    ...settled,
    options: parsed.values,
    shared: parsed.shared,
    positionals: parsed.positionals,
  } as Settings<Options, Rules>
}

/** The contract to hold the server to; a document that does not load is a usage error. */
function contractFor(path: string | undefined): Contract {
  // Without --contract: openapi/openapi.yaml in the workspace, the copy beside dist/ when packed.
  try {
    const contract = loadContract(path)
    // Its rules are read now: a malformed x- rule (ContractRuleError) is bad input, not a crash.
    rulesOf(contract)
    return contract
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : firstLineOf(error)
    throw new UsageError(`the contract ${path ?? '(bundled)'} does not load: ${reason}`)
  }
}
