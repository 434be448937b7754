import { relative } from 'node:path'
import { type Contract, loadContract } from '@devenv/openapi'
import { rulesOf } from '../contract-rules'
import type { Transport } from '../http'
import { partMatches } from '../report'
import {
  type Arguments,
  before,
  type ParseOptions,
  type Problem,
  readArguments,
  UNSET,
} from './arguments'
import {
  COMMAND_LINE_ONLY,
  ConfigError,
  type ConfigFile,
  findConfigFile,
  loadConfig,
  type OptionValue,
} from './config'
import {
  type CommandSpec,
  helpOf,
  type OptionSpec,
  parseOptionsOf,
  sharedAsTaken,
  type ValueOf,
  wrapped,
} from './option-specs'
import { listOption, userPath } from './option-values'
import { SHARED_OPTION_SPECS } from './shared-specs'
import { CLI_NAME, firstLineOf, UsageError } from './usage'

// The command line read by the options' specs: node:util reads the arguments, the configuration
// file is merged under them, each option's value is read as its spec says, and every problem is
// noted, so that one run names them all.

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
 * A subcommand's `--help`, made from its spec and the shared options'. An option only a caller
 * that holds the workspace's stub can give (`fuzz --stub`) is listed in that caller's help alone
 * (`pnpm fuzz --help`), where it works: the packed CLI would answer it with a usage error.
 */
export function usageOf(command: CommandSpec, context: CommandContext = {}): string {
  return helpOf(CLI_NAME, command, SHARED_OPTION_SPECS, CONFIG_KEYS_USAGE, !!context.inProcess)
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

/** Every option a subcommand takes: its own, and the shared ones. */
type Taken<Options extends readonly OptionSpec[]> =
  | Options[number]
  | (typeof SHARED_OPTION_SPECS)[number]

export type ParsedCommand<Options extends readonly OptionSpec[] = readonly OptionSpec[]> = {
  help: boolean
  shared: SharedOptions
  /** The arguments that are not options, when the subcommand takes them. */
  positionals: string[]
  /** The configuration file the values came from, if one was read. */
  configFile: string | undefined
  /**
   * An option's value, read as its spec says (`ValueOf`); its default or undefined when it was not
   * given, or when it is a problem.
   */
  value: <Name extends Taken<Options>['name']>(
    name: Name,
  ) => ValueOf<Extract<Taken<Options>, { name: Name }>>
  /** An option's text as given, `undefined` when not given. */
  text: (name: string) => string | undefined
  /** How the user set an option, for a message about its value: `--name`, or the file's key. */
  origin: (name: string) => string
  /** Whether an option's value came from the configuration file rather than the command line. */
  fromFile: (name: string) => boolean
  /**
   * Runs one of the subcommand's checks of its options (`about`: the options it reads, or a
   * positional argument's index): a UsageError it throws is noted, and the fallback answered, so
   * that the checks after it still run. It is skipped, answering the fallback, when one of those
   * options was already refused or its value could not be read: its value is unknown, and a
   * "required" would be wrong.
   */
  check: <T>(about: Subject | readonly Subject[], read: () => T, fallback: T) => T
  /**
   * Throws one UsageError with every problem noted, in the order of the arguments (the file's
   * keys where the file stands: at --config, else after the arguments; an option not given last),
   * each once. A check after it throws its problem at once.
   */
  done: () => void
}

/** What a problem is about: an option by its name, or a positional argument by its index. */
export type Subject = string | number

/**
 * The whole parts a mode may skip: a list, or one read from the run's contract (`--contract`, else
 * the bundled one), which is loaded only when `--allow-skip` names something.
 */
export type SkippableParts =
  | readonly string[]
  | ((contractPath: string | undefined) => readonly string[])

/** The `--allow-skip` names, each checked against the parts the mode has: a typo accepts nothing. */
function allowedSkips(
  names: readonly string[],
  skippable: SkippableParts,
  contractPath: string | undefined,
): string[] {
  if (names.length === 0) return []
  const parts = typeof skippable === 'function' ? skippable(contractPath) : skippable
  const unknown = names.filter((name) => !parts.some((part) => partMatches(name, part)))
  if (unknown.length > 0)
    throw new UsageError(
      `--allow-skip names no part of this mode: ${unknown.join(', ')} (parts: ${parts.join(', ')})`,
    )
  return [...names]
}

type ConfigRead = Omit<ConfigFile, 'name'> & {
  file: string | undefined
  /** The file as messages name it: `--config FILE` when given so, else its name. */
  label: string | undefined
}

/**
 * The options the configuration file sets for this subcommand (none when there is no file, or
 * when only help is asked for: a broken file must not hide how to fix it), and what is wrong with
 * it. A file that does not read at all leaves every option's value unknown.
 */
function readConfig(
  line: Arguments,
  subcommand: string,
  shared: ParseOptions,
  own: ParseOptions,
): ConfigRead {
  const none: ConfigRead = {
    file: undefined,
    label: undefined,
    values: {},
    keys: {},
    places: {},
    refused: new Set(),
    problems: [],
  }
  if (line.flags.help === true) return none
  // `--config` without its file: which file was meant is unknown, so none is read.
  if (line.refused.has('config')) return { ...none, refused: 'all' }
  const given = typeof line.flags.config === 'string' ? line.flags.config : undefined
  const named = (reason: string) => (given === undefined ? reason : `--config ${reason}`)
  const folder = process.env.INIT_CWD ?? process.cwd()
  try {
    const path = findConfigFile(given === undefined ? undefined : userPath(given), folder)
    if (path === undefined) return none
    const name = given ?? (relative(folder, path) || path)
    // Which variables the file may read is the command line's to say, never the file's.
    const configEnv = line.flags['config-env']
    const config = loadConfig(path, name, subcommand, shared, own, {
      values: process.env,
      named: (Array.isArray(configEnv) ? configEnv : []).flatMap(listOption),
    })
    return {
      ...config,
      file: config.name,
      label: named(config.name),
      problems: config.problems.map(({ reason, place }) => ({ reason: named(reason), place })),
    }
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    return { ...none, refused: 'all', problems: [{ reason: named(error.message), place: 0 }] }
  }
}

/**
 * Reads a subcommand's arguments (its own options and the shared ones, as its spec says it takes
 * them) over what the configuration file sets (a flag given wins), and each option's value as its
 * spec says, noting every problem rather than stopping at the first: the subcommand adds its own
 * checks (`command.check`), then `command.done()` throws them all as one UsageError. `parts` are
 * the whole parts the mode may skip, which `--allow-skip` may name. With `--help` only the shared
 * options are read, and the problems found so far are thrown at once.
 */
export function readCommand<const Options extends readonly OptionSpec[]>(
  argv: string[],
  command: CommandSpec<Options>,
  parts: SkippableParts = [],
): ParsedCommand<Options> {
  const shared = sharedAsTaken(command, SHARED_OPTION_SPECS)
  const sharedParsed = parseOptionsOf(shared)
  const ownParsed = parseOptionsOf(command.options)
  const line = readArguments(argv, { ...sharedParsed, ...ownParsed }, command.positionals === true)
  const config = readConfig(line, command.name, sharedParsed, ownParsed)
  const flags = line.flags
  const values: Record<string, OptionValue | undefined> = { ...config.values, ...flags }
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
      (values[subject] === undefined && line.meant.has(subject)) ||
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
  /** How the user set an option, for messages about its value: the flag, or the file's key. */
  const origin = (name: string) =>
    fromFile(name) && config.keys[name] !== undefined
      ? `${config.label}: ${config.keys[name]}`
      : `--${name}`
  const read = new Map<string, unknown>()
  /** An option's value as its spec reads it; a switch is whether it was given. */
  const readOption = (option: OptionSpec) => {
    const given = values[option.name]
    if (option.value === undefined) return void read.set(option.name, given === true)
    const fallback = typeof option.default === 'number' ? option.default : undefined
    const readText = option.read ?? ((text: string) => text)
    const said = { name: option.name, origin: origin(option.name) }
    const value = check(
      option.name,
      () => {
        if (given === undefined) {
          if (option.required) throw new UsageError(`--${option.name} is required`)
          return fallback
        }
        try {
          return Array.isArray(given)
            ? given.flatMap((text) => readText(text, said))
            : readText(String(given), said)
        } catch (error) {
          unread.add(option.name)
          throw error
        }
      },
      fallback,
    )
    read.set(option.name, value)
  }
  const value = (name: string) => read.get(name)
  // Typed by the shared options' specs alone: the subcommand's own are not known here.
  const sharedValue = value as ParsedCommand<readonly []>['value']
  for (const option of shared) readOption(option)
  const contractPath = sharedValue('contract')
  const parsed: ParsedCommand<Options> = {
    help: sharedValue('help'),
    value: value as ParsedCommand<Options>['value'],
    positionals: line.positionals,
    configFile: config.file,
    text: (name) => {
      const given = values[name]
      return typeof given === 'string' ? given : undefined
    },
    origin,
    fromFile: (name) => fromFile(name) && config.values[name] !== undefined,
    check,
    done,
    shared: {
      reportDir: sharedValue('report-dir'),
      minCoverage: sharedValue('min-coverage'),
      timeoutMs: sharedValue('timeout'),
      contractPath,
      quiet: sharedValue('quiet'),
      allowSkip: check(
        'allow-skip',
        () => allowedSkips(sharedValue('allow-skip') ?? [], parts, contractPath),
        [],
      ),
    },
  }
  // Help is the shared options' business only: the subcommand's own are read for a run.
  if (parsed.help) done()
  else for (const option of command.options) readOption(option)
  return parsed
}

/** The contract to hold the server to; a document that does not load is a usage error. */
export function contractFor(shared: Pick<SharedOptions, 'contractPath'>): Contract {
  // Without --contract: openapi/openapi.yaml in the workspace, the copy beside dist/ when packed.
  const path = shared.contractPath
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
