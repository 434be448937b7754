import { mkdirSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { type ParseArgsConfig, parseArgs } from 'node:util'
import { type Contract, loadContract } from '@devenv/openapi'
import {
  acceptSkips,
  coverageShortfall,
  formatSummary,
  partMatches,
  type RunReport,
  type ShardPosition,
  untestedParts,
  writeReports,
} from '../report'
import {
  CONFIG_FILE_NAMES,
  ConfigError,
  findConfigFile,
  loadConfig,
  type OptionValue,
} from './config'

/** Bad input: the CLI prints its one-line reason and exits with 2, never a stack trace. */
export class UsageError extends Error {
  override name = 'UsageError'
}

/** A subcommand: takes its arguments (after the subcommand's name), answers the exit code. */
export type Command = (argv: string[]) => Promise<number>

export const EXIT = { passed: 0, failed: 1, usage: 2 } as const

type OptionSpecs = NonNullable<ParseArgsConfig['options']>

/** The options every subcommand takes. */
export const SHARED_OPTIONS = {
  'report-dir': { type: 'string' },
  'min-coverage': { type: 'string' },
  timeout: { type: 'string' },
  contract: { type: 'string' },
  quiet: { type: 'boolean' },
  'allow-skip': { type: 'string', multiple: true },
  config: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionSpecs

/** The shared options about the contract and the reports. */
export const REPORT_USAGE = `  --report-dir DIR      write report.json, junit.xml and report.html there
  --min-coverage PCT    fail (exit 1) when operations, statuses or examples covered are below PCT %
  --contract FILE       the OpenAPI document to hold the server to    (default the bundled one)
  --allow-skip PARTS    accept these whole parts being skipped (comma-separated; part.* for all
                        under part); a part skipped and not accepted fails the run (exit 1)`

/** `--config`, for every subcommand's help. */
export const CONFIG_USAGE = `  --config FILE         options from a file          (default ${CONFIG_FILE_NAMES[0]}
                        or .yaml/.yml in the folder the command is typed in, if there)`

/** How the file's keys map to the options, for the end of every subcommand's help. */
export const CONFIG_KEYS_USAGE = `The configuration file's keys are the options' names without the dashes ("base-url":
"http://...", "allow-skip": ["fuzz.stateful"], "quiet": true): the shared options (report-dir,
min-coverage, timeout, contract, allow-skip, quiet) at the top level, a subcommand's own under its
name ("check": {...}, "fuzz": {...}); "\${NAME}" in a value is the environment variable NAME.
A flag given overrides the file; a key the subcommand does not take is an error.`

export const SHARED_USAGE = `${REPORT_USAGE}
  --timeout MS          per request                                            (default 15000)
  --quiet               no progress lines
${CONFIG_USAGE}
  -h, --help            this help

${CONFIG_KEYS_USAGE}`

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
  /** A number option within bounds, or the fallback when not given. */
  number: (
    name: string,
    fallback: number,
    bounds?: { min?: number; max?: number; integer?: boolean },
  ) => number
}

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

/** The `--allow-skip` names, each checked against the parts the mode has: a typo accepts nothing. */
function allowedSkips(values: readonly string[], parts: readonly string[]): string[] {
  const names = values.flatMap(listOption)
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

/**
 * The options the configuration file sets for this subcommand (none when there is no file, or
 * when only help is asked for: a broken file must not hide how to fix it).
 */
function configValues(
  flags: Record<string, OptionValue | undefined>,
  subcommand: string | undefined,
  options: OptionSpecs,
): { file: string | undefined; values: Record<string, OptionValue>; keys: Record<string, string> } {
  const none = { file: undefined, values: {}, keys: {} }
  if (subcommand === undefined || flags.help === true) return none
  const given = typeof flags.config === 'string' ? flags.config : undefined
  const folder = process.env.INIT_CWD ?? process.cwd()
  try {
    const path = findConfigFile(given === undefined ? undefined : userPath(given), folder)
    if (path === undefined) return none
    const name = given ?? (relative(folder, path) || path)
    const config = loadConfig(path, name, subcommand, SHARED_OPTIONS, options)
    return { file: config.name, values: config.values, keys: config.keys }
  } catch (error) {
    if (error instanceof ConfigError)
      throw new UsageError(given === undefined ? error.message : `--config ${error.message}`)
    throw error
  }
}

/**
 * Parses a subcommand's arguments (its own options and the shared ones) over what the
 * configuration file sets (a flag given wins); throws UsageError. `parts` are the whole parts the
 * mode may skip, which `--allow-skip` may name. Without `settings.subcommand` no file is read.
 */
export function parseCommand(
  argv: string[],
  options: OptionSpecs,
  parts: readonly string[] = [],
  settings: ParseSettings = {},
): ParsedCommand {
  let flags: Record<string, OptionValue | undefined>
  let positionals: string[]
  try {
    const parsed = parseArgs({
      args: argv,
      options: { ...SHARED_OPTIONS, ...options },
      strict: true,
      allowPositionals: settings.positionals === true,
    })
    flags = parsed.values as Record<string, OptionValue | undefined>
    positionals = parsed.positionals
  } catch (error) {
    // node:util names the problem ("Unknown option '--x'"); its advice about '--' does not apply.
    const reason = reasonOf(error).replace(/\. To specify a positional argument.*$/, '')
    const unknown = /^Unknown option '--([^'=]+)'/.exec(reason)?.[1]
    const near =
      unknown === undefined
        ? undefined
        : nearestName(unknown, Object.keys({ ...SHARED_OPTIONS, ...options }))
    throw new UsageError(near === undefined ? reason : `${reason}; did you mean --${near}?`)
  }
  const config = configValues(flags, settings.subcommand, options)
  const values: Record<string, OptionValue | undefined> = { ...config.values }
  for (const [name, value] of Object.entries(flags)) if (value !== undefined) values[name] = value
  /** How the user set an option, for messages about its value: the flag, or the file's key. */
  const origin = (name: string) =>
    flags[name] === undefined && config.keys[name] !== undefined
      ? `${config.file}: ${config.keys[name]}`
      : `--${name}`
  const text = (name: string) => {
    const value = values[name]
    return typeof value === 'string' ? value : undefined
  }
  const number: ParsedCommand['number'] = (name, fallback, bounds = {}) => {
    const raw = text(name)
    if (raw === undefined) return fallback
    const value = Number(raw)
    const { min = Number.MIN_VALUE, max = Number.MAX_SAFE_INTEGER, integer = false } = bounds
    if (raw.trim() === '' || !Number.isFinite(value) || value < min || value > max)
      throw new UsageError(`${origin(name)} must be a number from ${min} to ${max}, got "${raw}"`)
    if (integer && !Number.isInteger(value))
      throw new UsageError(`${origin(name)} must be a whole number, got "${raw}"`)
    return value
  }
  const minCoverage =
    text('min-coverage') === undefined ? undefined : number('min-coverage', 0, { min: 0, max: 100 })
  const contract = text('contract')
  const givenReportDir = text('report-dir')
  const reportDir = givenReportDir === undefined ? undefined : userPath(givenReportDir)
  // Before the run, so that a run is never lost to a folder that cannot be written.
  if (reportDir !== undefined) {
    try {
      mkdirSync(reportDir, { recursive: true })
    } catch (error) {
      throw new UsageError(
        `${origin('report-dir')} ${givenReportDir} cannot be created: ${reasonOf(error)}`,
      )
    }
  }
  return {
    help: values.help === true,
    positionals,
    configFile: config.file,
    text,
    origin,
    flag: (name) => values[name] === true,
    number,
    shared: {
      reportDir,
      minCoverage,
      timeoutMs: number('timeout', 15_000, { min: 1, max: 3_600_000 }),
      contractPath: contract === undefined ? undefined : userPath(contract),
      quiet: values.quiet === true,
      allowSkip: allowedSkips(
        Array.isArray(values['allow-skip']) ? values['allow-skip'].map(String) : [],
        parts,
      ),
    },
  }
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
  return value
}

/**
 * A URL as typed, fit to print: the credentials of `scheme://user:password@host` are starred,
 * whether or not the rest parses (a mail catcher's URL may carry its web password).
 */
export function shownUrl(value: string): string {
  return value.replace(/^([a-z][a-z\d+.-]*:\/\/)[^/?#\s]*@/i, '$1***@')
}

/** The contract to hold the server to; a document that does not load is a usage error. */
export function contractFor(shared: SharedOptions): Contract {
  // Without --contract: openapi/openapi.yaml in the workspace, the copy beside dist/ when packed.
  const path = shared.contractPath
  try {
    return loadContract(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : reasonOf(error)
    throw new UsageError(`the contract ${path ?? '(bundled)'} does not load: ${reason}`)
  }
}

/**
 * The end of every run: the summary with its coverage matrix on stdout, the three reports when
 * asked, and the exit code (1 on a failure, on coverage under `--min-coverage`, or on a whole
 * part skipped that `--allow-skip` does not accept).
 */
export async function finishRun(
  run: RunReport,
  shared: SharedOptions,
  /** Lines the mode prints just above the closing line (`fuzz`: what its time bound cut). */
  closing: readonly string[] = [],
): Promise<number> {
  const report = acceptSkips(run, shared.allowSkip)
  if (shared.reportDir !== undefined) {
    const paths = await writeReports(shared.reportDir, report)
    console.log(`reports: ${paths.join(', ')}\n`)
  }
  const shortfall =
    shared.minCoverage === undefined ? [] : coverageShortfall(report.coverage, shared.minCoverage)
  const lines = formatSummary(report).split('\n')
  // The closing line stays last, where CI logs look for it.
  lines.splice(
    -1,
    0,
    ...closing,
    ...(shortfall.length > 0
      ? [`coverage below --min-coverage ${shared.minCoverage}%: ${shortfall.join(', ')}`]
      : []),
  )
  console.log(lines.join('\n'))
  return report.summary.failed > 0 || shortfall.length > 0 || untestedParts(report).length > 0
    ? EXIT.failed
    : EXIT.passed
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

/** More shards than this would be more machines than checks. */
const MAX_SHARDS = 1000

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
