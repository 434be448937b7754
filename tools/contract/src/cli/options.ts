import { mkdirSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { type ParseArgsConfig, parseArgs } from 'node:util'
import { redactSecretParams } from '@devenv/domain'
import { type Contract, loadContract } from '@devenv/openapi'
import { rulesOf } from '../contract-rules'
import type { FuzzTransport } from '../fuzz/transport'
import { partMatches, type ShardPosition } from '../report'
import { rememberUrlCredentials } from '../report/secrets'
import { MAX_SHARDS } from '../report/shard'
import { SHARED_OPTION_SPECS } from './command-specs'
import {
  COMMAND_LINE_ONLY,
  ConfigError,
  findConfigFile,
  loadConfig,
  type OptionValue,
} from './config'
import { type CommandSpec, helpOf, numberDefault, parseOptionsOf, wrapped } from './option-specs'
import { warn } from './terminal'

/**
 * Bad input: the CLI prints each problem's one-line reason and exits with 2, never a stack trace.
 * One error carries every problem found, so that fixing one never reveals the next.
 */
export class UsageError extends Error {
  override name = 'UsageError'
  /** Each problem's one-line reason, in the order of the arguments and keys they are about. */
  readonly problems: readonly string[]

  constructor(problems: string | readonly string[]) {
    const list = typeof problems === 'string' ? [problems] : [...problems]
    super(list.join('\n'))
    this.problems = list
  }
}

export const CLI_NAME = 'devenv-contract'

/**
 * What a usage error prints: a line per problem, each `devenv-contract: <subcommand>: <reason>`,
 * the first one also naming the help to read. Every subcommand prints its usage errors so,
 * whether the dispatcher runs it or a caller does directly.
 */
export function usageErrorLines(error: UsageError, subcommand?: string): string[] {
  const scope = subcommand === undefined ? '' : `${subcommand}: `
  const help = subcommand === undefined ? `${CLI_NAME} --help` : `${CLI_NAME} ${subcommand} --help`
  return error.problems.map(
    (problem, index) => `${CLI_NAME}: ${scope}${problem}${index === 0 ? ` (see ${help})` : ''}`,
  )
}

/** Prints a usage error's lines on stderr; answers the exit code for it. */
export function printUsageError(error: UsageError, subcommand?: string): number {
  for (const line of usageErrorLines(error, subcommand)) warn(line)
  return EXIT.usage
}

/** A subcommand: takes its arguments (after the subcommand's name), answers the exit code. */
/**
 * A server in this process for `fuzz --stub`: the workspace's stub, which the caller of
 * `runCommandLine` holds (pnpm fuzz: tools/reliability). The toolkit imports no server of its own.
 */
export type InProcessTarget = {
  /** Its two transports: the property-based part's, and the stateful part's (rate limits off). */
  start: () => Promise<{ fuzz: FuzzTransport; stateful: FuzzTransport }>
}

/** What the caller of the command line hands every subcommand besides its arguments. */
export type CommandContext = { inProcess?: InProcessTarget }

export type Command = (argv: string[], context?: CommandContext) => Promise<number>

export const EXIT = { passed: 0, failed: 1, usage: 2 } as const

type OptionSpecs = NonNullable<ParseArgsConfig['options']>

/** The options every subcommand takes, as node:util reads them. */
export const SHARED_OPTIONS = parseOptionsOf(SHARED_OPTION_SPECS)

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

/** A subcommand's `--help`, made from its spec and the shared options'. */
export function usageOf(command: CommandSpec): string {
  return helpOf(CLI_NAME, command, SHARED_OPTION_SPECS, CONFIG_KEYS_USAGE)
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

export type ParsedCommand = {
  help: boolean
  shared: SharedOptions
  /** The arguments that are not options, when the subcommand takes them. */
  positionals: string[]
  /** The configuration file the values came from, if one was read. */
  configFile: string | undefined
  /** A string option's value, `undefined` when not given. */
  text: (name: string) => string | undefined
  flag: (name: string) => boolean
  /** How the user set an option, for a message about its value: `--name`, or the file's key. */
  origin: (name: string) => string
  /** Whether an option's value came from the configuration file rather than the command line. */
  fromFile: (name: string) => boolean
  /** A number option within bounds, or the fallback when not given (or when it is a problem). */
  number: (
    name: string,
    fallback: number,
    bounds?: { min?: number; max?: number; integer?: boolean },
  ) => number
  /**
   * Runs one of the subcommand's checks of its options (`about`: the options it reads, or a
   * positional argument's index): a UsageError it throws is noted, and the fallback answered, so
   * that the checks after it still run. It is skipped, answering the fallback, when one of those
   * options was already refused: its value is unknown, and a "required" would be wrong.
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

/** The first line of an error's message: what the user reads after `devenv-contract: `. */
export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.split('\n')[0]?.trim() || 'unknown error'
}

/**
 * A path given on the command line, from where the user typed it: `pnpm contract` runs in
 * tools/contract, and pnpm and npm keep the caller's folder in INIT_CWD.
 */
export function userPath(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path)
}

/** The names of a comma-separated option value (`a, b,c`), blanks dropped. */
export function listOption(value: string): string[] {
  return value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
}

/**
 * The whole parts a mode may skip: a list, or one read from the run's contract (`--contract`, else
 * the bundled one), which is loaded only when `--allow-skip` names something.
 */
export type SkippableParts =
  | readonly string[]
  | ((contractPath: string | undefined) => readonly string[])

/** The `--allow-skip` names, each checked against the parts the mode has: a typo accepts nothing. */
function allowedSkips(
  values: readonly string[],
  skippable: SkippableParts,
  contractPath: string | undefined,
): string[] {
  const names = values.flatMap(listOption)
  if (names.length === 0) return []
  const parts = typeof skippable === 'function' ? skippable(contractPath) : skippable
  const unknown = names.filter((name) => !parts.some((part) => partMatches(name, part)))
  if (unknown.length > 0)
    throw new UsageError(
      `--allow-skip names no part of this mode: ${unknown.join(', ')} (parts: ${parts.join(', ')})`,
    )
  return names
}

export type ParseSettings = {
  /** The subcommand's name: its section of the configuration file. */
  subcommand?: string
  /** Whether it takes arguments that are not options (`merge DIR...`). */
  positionals?: boolean
}

/** A problem and where it stands: the argument's index, then the key's place in the file. */
type Problem = { reason: string; at: readonly [number, number] }

/** Where the options given no value stand: after every argument and key. */
const UNSET: Problem['at'] = [Number.POSITIVE_INFINITY, 0]

const before = (a: Problem['at'], b: Problem['at']) => a[0] - b[0] || a[1] - b[1]

type Arguments = {
  flags: Record<string, OptionValue>
  positionals: string[]
  /** Each positional argument's index among the arguments. */
  positionalIndexes: number[]
  /** The index of the argument that set each option (the last, which wins). */
  indexes: Record<string, number>
  /** Options given a value node:util refuses: their value is unknown. */
  refused: Set<string>
  /** The options an unknown one was near: a typo of one is not its absence. */
  meant: Set<string>
  problems: Problem[]
}

/**
 * The arguments as node:util reads them, every refused one a problem rather than the first: the
 * tokens are the same strict or not, so each is read alone, strictly, for node's own reason.
 */
function readArguments(argv: string[], options: OptionSpecs, positionals: boolean): Arguments {
  const read: Arguments = {
    flags: {},
    positionals: [],
    positionalIndexes: [],
    indexes: {},
    refused: new Set(),
    meant: new Set(),
    problems: [],
  }
  const { tokens } = parseArgs({
    args: argv,
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  })
  // An unknown option's value reads as an argument of its own: it is that option's problem.
  let unknownAt = -1
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue
    const { reason, near } = refusalOf(token, options, positionals)
    if (near !== undefined) read.meant.add(near)
    if (token.kind === 'positional') {
      if (reason !== undefined) {
        if (token.index !== unknownAt + 1) read.problems.push({ reason, at: [token.index, 0] })
      } else {
        read.positionals.push(token.value)
        read.positionalIndexes.push(token.index)
      }
      continue
    }
    const spec = Object.hasOwn(options, token.name) ? options[token.name] : undefined
    if (reason !== undefined) read.problems.push({ reason, at: [token.index, 0] })
    if (spec === undefined) {
      if (token.inlineValue === undefined) unknownAt = token.index
      continue
    }
    read.indexes[token.name] = token.index
    if (reason !== undefined) {
      read.refused.add(token.name)
      delete read.flags[token.name]
      continue
    }
    read.refused.delete(token.name)
    const value = spec.type === 'boolean' ? true : (token.value ?? '')
    const earlier = read.flags[token.name]
    read.flags[token.name] = spec.multiple
      ? [...(Array.isArray(earlier) ? earlier : []), String(value)]
      : value
  }
  return read
}

type Token = ReturnType<typeof parseArgs<{ tokens: true; strict: false }>>['tokens'][number]

/** Why node:util refuses one argument, if it does, and the option an unknown one was near. */
function refusalOf(
  token: Token,
  options: OptionSpecs,
  positionals: boolean,
): { reason?: string; near?: string } {
  if (token.kind === 'option-terminator') return {}
  const args =
    token.kind === 'positional'
      ? ['--', token.value]
      : token.inlineValue === undefined
        ? [token.rawName]
        : token.inlineValue
          ? [`${token.rawName}${token.rawName.startsWith('--') ? '=' : ''}${token.value}`]
          : [token.rawName, token.value ?? '']
  try {
    parseArgs({ args, options, strict: true, allowPositionals: positionals })
    return {}
  } catch (error) {
    // node:util names the problem ("Unknown option '--x'"); its advice about '--' does not apply.
    const reason = reasonOf(error).replace(/\. To specify a positional argument.*$/, '')
    const unknown = /^Unknown option '--([^'=]+)'/.exec(reason)?.[1]
    const near = unknown === undefined ? undefined : nearestName(unknown, Object.keys(options))
    return near === undefined ? { reason } : { reason: `${reason}; did you mean --${near}?`, near }
  }
}

type ConfigRead = {
  file: string | undefined
  /** The file as messages name it: `--config FILE` when given so, else its name. */
  label: string | undefined
  values: Record<string, OptionValue>
  keys: Record<string, string>
  places: Record<string, number>
  refused: ReadonlySet<string> | 'all'
  problems: Array<{ reason: string; place: number }>
}

/**
 * The options the configuration file sets for this subcommand (none when there is no file, or
 * when only help is asked for: a broken file must not hide how to fix it), and what is wrong with
 * it. A file that does not read at all leaves every option's value unknown.
 */
function readConfig(
  line: Arguments,
  subcommand: string | undefined,
  options: OptionSpecs,
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
  if (subcommand === undefined || line.flags.help === true) return none
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
    const config = loadConfig(path, name, subcommand, SHARED_OPTIONS, options, {
      values: process.env,
      named: (Array.isArray(configEnv) ? configEnv : []).flatMap(listOption),
    })
    return {
      file: config.name,
      label: named(config.name),
      values: config.values,
      keys: config.keys,
      places: config.places,
      refused: config.refused,
      problems: config.problems.map(({ reason, place }) => ({ reason: named(reason), place })),
    }
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    return { ...none, refused: 'all', problems: [{ reason: named(error.message), place: 0 }] }
  }
}

/**
 * Reads a subcommand's arguments (its own options and the shared ones) over what the
 * configuration file sets (a flag given wins), noting every problem rather than stopping at the
 * first: the subcommand adds its own checks (`command.check`), then `command.done()` throws them
 * all as one UsageError. `parts` are the whole parts the mode may skip, which `--allow-skip` may
 * name. Without `settings.subcommand` no file is read. With `--help` nothing more is to be
 * checked: the problems found so far are thrown at once.
 */
export function readCommand(
  argv: string[],
  options: OptionSpecs,
  parts: SkippableParts = [],
  settings: ParseSettings = {},
): ParsedCommand {
  const specs = { ...SHARED_OPTIONS, ...options }
  const line = readArguments(argv, specs, settings.positionals === true)
  const config = readConfig(line, settings.subcommand, options)
  const flags = line.flags
  const values: Record<string, OptionValue | undefined> = { ...config.values, ...flags }
  // The file stands where --config is among the arguments, else after them all.
  const fileIndex = line.indexes.config ?? argv.length
  const problems: Problem[] = [
    ...line.problems,
    ...config.problems.map(({ reason, place }): Problem => ({ reason, at: [fileIndex, place] })),
  ]
  const fromFile = (name: string) => flags[name] === undefined && !line.refused.has(name)
  const refused = (subject: Subject) =>
    typeof subject === 'string' &&
    (line.refused.has(subject) ||
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
  const text = (name: string) => {
    const value = values[name]
    return typeof value === 'string' ? value : undefined
  }
  const number: ParsedCommand['number'] = (name, fallback, bounds = {}) =>
    check(
      name,
      () => {
        const raw = text(name)
        if (raw === undefined) return fallback
        const value = Number(raw)
        const { min = Number.MIN_VALUE, max = Number.MAX_SAFE_INTEGER, integer = false } = bounds
        if (raw.trim() === '' || !Number.isFinite(value) || value < min || value > max)
          throw new UsageError(
            `${origin(name)} must be a number from ${min} to ${max}, got "${raw}"`,
          )
        if (integer && !Number.isInteger(value))
          throw new UsageError(`${origin(name)} must be a whole number, got "${raw}"`)
        return value
      },
      fallback,
    )
  const minCoverage =
    text('min-coverage') === undefined ? undefined : number('min-coverage', 0, { min: 0, max: 100 })
  const contract = text('contract')
  const contractPath = contract === undefined ? undefined : userPath(contract)
  const givenReportDir = text('report-dir')
  // Before the run, so that a run is never lost to a folder that cannot be written.
  const reportDir = check(
    'report-dir',
    () => {
      if (givenReportDir === undefined) return undefined
      const path = userPath(givenReportDir)
      try {
        mkdirSync(path, { recursive: true })
      } catch (error) {
        throw new UsageError(
          `${origin('report-dir')} ${givenReportDir} cannot be created: ${reasonOf(error)}`,
        )
      }
      return path
    },
    undefined,
  )
  const command: ParsedCommand = {
    help: values.help === true,
    positionals: line.positionals,
    configFile: config.file,
    text,
    origin,
    fromFile: (name) => fromFile(name) && config.values[name] !== undefined,
    flag: (name) => values[name] === true,
    number,
    check,
    done,
    shared: {
      reportDir,
      minCoverage,
      timeoutMs: number('timeout', numberDefault(SHARED_OPTION_SPECS, 'timeout'), {
        min: 1,
        max: 3_600_000,
      }),
      contractPath,
      quiet: values.quiet === true,
      allowSkip: check(
        'allow-skip',
        () =>
          allowedSkips(
            Array.isArray(values['allow-skip']) ? values['allow-skip'].map(String) : [],
            parts,
            contractPath,
          ),
        [],
      ),
    },
  }
  if (command.help) done()
  return command
}

/** readCommand, its problems thrown at once: for a caller with nothing of its own to check. */
export function parseCommand(
  argv: string[],
  options: OptionSpecs,
  parts: SkippableParts = [],
  settings: ParseSettings = {},
): ParsedCommand {
  const command = readCommand(argv, options, parts, settings)
  command.done()
  return command
}

/**
 * readCommand for a subcommand as its spec declares it: its own options, its section of the
 * configuration file, its positional arguments if it takes any.
 */
export function readSubcommand(
  argv: string[],
  command: CommandSpec,
  parts: SkippableParts = [],
): ParsedCommand {
  return readCommand(argv, parseOptionsOf(command.options), parts, {
    subcommand: command.name,
    positionals: command.positionals === true,
  })
}

/** An `http(s)://` URL given to a flag, or a UsageError naming the flag. */
export function urlOption(name: string, value: string | undefined): string {
  if (value === undefined) throw new UsageError(`--${name} is required`)
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new UsageError(`--${name} ${shownUrl(value)} is not a URL (expected http://host:port)`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--${name} ${shownUrl(value)} must be an http:// or https:// URL`)
  rememberUrlCredentials(value)
  return value
}

/**
 * A URL as typed, fit to print: the credentials of `scheme://user:password@host` are starred,
 * whether or not the rest parses (a mail catcher's URL may carry its web password), and the
 * values of its secret query parameters are `[redacted]`.
 */
export function shownUrl(value: string): string {
  const starred = value.replace(/^([a-z][a-z\d+.-]*:\/\/)[^/?#\s]*@/i, '$1***@')
  // A URL's secret query parameters (`?token=`, `X-Amz-Signature=`) by the domain's one list; a
  // file or a git revision is shown as given.
  return /^[a-z][a-z\d+.-]*:\/\//i.test(starred) ? redactSecretParams(starred) : starred
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
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : reasonOf(error)
    throw new UsageError(`the contract ${path ?? '(bundled)'} does not load: ${reason}`)
  }
}

/**
 * `--shard i/n`: this process runs the i-th of n parts of the run (`merge` joins their reports);
 * undefined when not given. Anything but whole numbers with 1 <= i <= n is a usage error.
 */
export function shardOption(command: ParsedCommand): ShardPosition | undefined {
  const raw = command.text('shard')
  if (raw === undefined) return undefined
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(raw)
  const index = Number(match?.[1])
  const total = Number(match?.[2])
  if (!match || total < 1 || total > MAX_SHARDS || index < 1 || index > total)
    throw new UsageError(
      `${command.origin('shard')} must be i/n, the i-th of n shards with 1 <= i <= n <= ${MAX_SHARDS} (like 2/3), got "${raw}"`,
    )
  return { index, total }
}

/**
 * The known name nearest a mistyped one, when it is near enough to be what was meant: at most two
 * edits (Levenshtein), and fewer than half the typed name's length.
 */
export function nearestName(typed: string, names: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined
  for (const name of names) {
    const distance = editDistance(typed.toLowerCase(), name)
    if (best === undefined || distance < best.distance) best = { name, distance }
  }
  return best !== undefined && best.distance <= 2 && best.distance < typed.length / 2
    ? best.name
    : undefined
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i]
    for (let j = 1; j <= b.length; j += 1)
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
    previous = current
  }
  return previous[b.length] ?? 0
}
