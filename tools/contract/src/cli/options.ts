import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { type ParseArgsConfig, parseArgs } from 'node:util'
import { type Contract, loadContract } from '@devenv/openapi'
import {
  acceptSkips,
  coverageShortfall,
  formatSummary,
  partMatches,
  type RunReport,
  untestedParts,
  writeReports,
} from '../report'

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
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionSpecs

/** The shared options about the contract and the reports. */
export const REPORT_USAGE = `  --report-dir DIR      write report.json, junit.xml and report.html there
  --min-coverage PCT    fail (exit 1) when operations, statuses or examples covered are below PCT %
  --contract FILE       the OpenAPI document to hold the server to    (default the bundled one)
  --allow-skip PARTS    accept these whole parts being skipped (comma-separated; part.* for all
                        under part); a part skipped and not accepted fails the run (exit 1)`

export const SHARED_USAGE = `${REPORT_USAGE}
  --timeout MS          per request                                            (default 15000)
  --quiet               no progress lines
  -h, --help            this help`

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
  /** A string option's value, `undefined` when not given. */
  text: (name: string) => string | undefined
  flag: (name: string) => boolean
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

/** The `--allow-skip` names, each checked against the parts the mode has: a typo accepts nothing. */
function allowedSkips(values: readonly string[], parts: readonly string[]): string[] {
  const names = values
    .flatMap((value) => value.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '')
  const unknown = names.filter((name) => !parts.some((part) => partMatches(name, part)))
  if (unknown.length > 0)
    throw new UsageError(
      `--allow-skip names no part of this mode: ${unknown.join(', ')} (parts: ${parts.join(', ')})`,
    )
  return names
}

/**
 * Parses a subcommand's arguments (its own options and the shared ones); throws UsageError.
 * `parts` are the whole parts the mode may skip, which `--allow-skip` may name.
 */
export function parseCommand(
  argv: string[],
  options: OptionSpecs,
  parts: readonly string[] = [],
): ParsedCommand {
  let values: Record<string, string | boolean | string[] | undefined>
  try {
    const parsed = parseArgs({
      args: argv,
      options: { ...SHARED_OPTIONS, ...options },
      strict: true,
      allowPositionals: false,
    })
    values = parsed.values as Record<string, string | boolean | string[] | undefined>
  } catch (error) {
    // node:util names the problem ("Unknown option '--x'"); its advice about '--' does not apply.
    throw new UsageError(reasonOf(error).replace(/\. To specify a positional argument.*$/, ''))
  }
  const text = (name: string) => (typeof values[name] === 'string' ? values[name] : undefined)
  const number: ParsedCommand['number'] = (name, fallback, bounds = {}) => {
    const raw = text(name)
    if (raw === undefined) return fallback
    const value = Number(raw)
    const { min = Number.MIN_VALUE, max = Number.MAX_SAFE_INTEGER, integer = false } = bounds
    if (raw.trim() === '' || !Number.isFinite(value) || value < min || value > max)
      throw new UsageError(`--${name} must be a number from ${min} to ${max}, got "${raw}"`)
    if (integer && !Number.isInteger(value))
      throw new UsageError(`--${name} must be a whole number, got "${raw}"`)
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
      throw new UsageError(`--report-dir ${givenReportDir} cannot be created: ${reasonOf(error)}`)
    }
  }
  return {
    help: values.help === true,
    text,
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
export async function finishRun(run: RunReport, shared: SharedOptions): Promise<number> {
  const report = acceptSkips(run, shared.allowSkip)
  if (shared.reportDir !== undefined) {
    const paths = await writeReports(shared.reportDir, report)
    console.log(`reports: ${paths.join(', ')}\n`)
  }
  const shortfall =
    shared.minCoverage === undefined ? [] : coverageShortfall(report.coverage, shared.minCoverage)
  const lines = formatSummary(report).split('\n')
  // The closing line stays last, where CI logs look for it.
  if (shortfall.length > 0)
    lines.splice(
      -1,
      0,
      `coverage below --min-coverage ${shared.minCoverage}%: ${shortfall.join(', ')}`,
    )
  console.log(lines.join('\n'))
  return report.summary.failed > 0 || shortfall.length > 0 || untestedParts(report).length > 0
    ? EXIT.failed
    : EXIT.passed
}
