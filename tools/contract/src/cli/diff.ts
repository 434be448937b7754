import { join } from 'node:path'
import { ContractDiffError, diffContracts, SIDES, type Side } from '../diff'
import {
  DIFF_FORMATS,
  type DiffContext,
  type DiffFormat,
  diffJson,
  diffJUnit,
  diffMarkdown,
  diffSummaryLine,
  diffTerminalLines,
  failsOn,
} from '../diff/output'
import { ContractSourceError, parseContract, readContractSource } from '../diff/sources'
import { MIB } from '../http'
import { rememberUrlCredentials } from '../report/secrets'
import { writeTextFile } from '../report/write'
import { DIFF_COMMAND, MAX_CONTRACT_MIB } from './command-specs'
import { numberDefault } from './option-specs'
import {
  type Command,
  EXIT,
  listOption,
  type ParsedCommand,
  readSubcommand,
  shownUrl,
  UsageError,
  usageOf,
  userPath,
} from './options'
import { say, sayLines } from './terminal'

/** The files `--report-dir` receives, each in its format. */
export const DIFF_REPORT_FILES: ReadonlyArray<[string, DiffFormat]> = [
  ['diff.json', 'json'],
  ['diff.md', 'markdown'],
  ['junit.xml', 'junit'],
]

const FORMATTERS: Record<Exclude<DiffFormat, 'terminal'>, typeof diffJson> = {
  json: diffJson,
  markdown: diffMarkdown,
  junit: diffJUnit,
}

/** `--fail-on`: the sides named, `any` for both, `none` for neither. */
function failOnOption(command: ParsedCommand, values: readonly string[]): Side[] {
  const names = values.flatMap(listOption)
  if (names.length === 0) return ['clients']
  const known = [...SIDES, 'any', 'none']
  const unknown = names.filter((name) => !known.includes(name))
  if (unknown.length > 0)
    throw new UsageError(
      `${command.origin('fail-on')} names no side: ${unknown.join(', ')} (sides: ${known.join(', ')})`,
    )
  if (names.includes('none')) {
    if (names.length > 1)
      throw new UsageError(`${command.origin('fail-on')} none cannot go with a side`)
    return []
  }
  return names.includes('any') ? [...SIDES] : SIDES.filter((side) => names.includes(side))
}

/** `--format`: one of the formats. */
function formatOption(command: ParsedCommand): DiffFormat {
  const given = command.text('format') ?? 'terminal'
  const format = DIFF_FORMATS.find((each) => each === given)
  if (!format)
    throw new UsageError(
      `${command.origin('format')} must be one of ${DIFF_FORMATS.join(', ')}, got "${given}"`,
    )
  return format
}

/**
 * One version of the contract as `diff` and `check --since` take it (a file, an http(s) URL, a git
 * revision `REV:PATH`), read within the bounds and parsed; a source that cannot be read or parsed
 * is a usage error of one line.
 */
export async function readContractVersion(given: string, timeoutMs: number): Promise<unknown> {
  if (/^https?:\/\//i.test(given)) rememberUrlCredentials(given)
  const bounds = {
    timeoutMs,
    maxBytes: MAX_CONTRACT_MIB * MIB,
    cwd: userPath('.'),
    shown: shownUrl,
  }
  try {
    const source = await readContractSource(given, userPath, bounds)
    return parseContract(source.text, shownUrl(given))
  } catch (error) {
    if (error instanceof ContractSourceError) throw new UsageError(error.message)
    throw error
  }
}

/** `devenv-contract diff BASE HEAD`: every change between two versions, judged. */
export const diffCommand: Command = async (argv) => {
  const command = readSubcommand(argv, DIFF_COMMAND)
  if (command.help) {
    say(usageOf(DIFF_COMMAND))
    return EXIT.passed
  }
  const format = command.check('format', () => formatOption(command), 'terminal')
  const failOn = command.check<Side[]>(
    'fail-on',
    () => failOnOption(command, [command.text('fail-on') ?? 'clients']),
    ['clients'],
  )
  // The deprecation policy's notice, in days (ten years at most: a bound against a typo).
  const policy = {
    deprecationDays: command.number(
      'deprecation-days',
      numberDefault(DIFF_COMMAND, 'deprecation-days'),
      { min: 0, max: 3650, integer: true },
    ),
    betaDeprecationDays: command.number(
      'beta-deprecation-days',
      numberDefault(DIFF_COMMAND, 'beta-deprecation-days'),
      { min: 0, max: 3650, integer: true },
    ),
  }
  command.check(
    [],
    () => {
      const count = command.positionals.length
      if (count !== 2)
        throw new UsageError(
          `give two versions of the contract, BASE and HEAD (${count === 0 ? 'none' : count === 1 ? 'only one' : `${count}`} given): diff main:openapi/openapi.yaml openapi/openapi.yaml`,
        )
    },
    undefined,
  )
  command.done()
  const { shared } = command
  const [baseGiven = '', headGiven = ''] = command.positionals
  const timeoutMs =
    command.text('timeout') === undefined
      ? numberDefault(DIFF_COMMAND, 'timeout')
      : shared.timeoutMs
  let diff: ReturnType<typeof diffContracts>
  try {
    const [base, head] = await Promise.all(
      [baseGiven, headGiven].map((given) => readContractVersion(given, timeoutMs)),
    )
    diff = diffContracts(base, head, { policy })
  } catch (error) {
    if (error instanceof ContractDiffError)
      throw new UsageError(
        error.message.replace(/^the (base|head)\b/, (_, which: string) =>
          which === 'base' ? shownUrl(baseGiven) : shownUrl(headGiven),
        ),
      )
    throw error
  }
  const context: DiffContext = { base: shownUrl(baseGiven), head: shownUrl(headGiven), failOn }
  if (shared.reportDir !== undefined) {
    const dir = shared.reportDir
    await Promise.all(
      DIFF_REPORT_FILES.map(([file, written]) =>
        writeTextFile(
          join(dir, file),
          FORMATTERS[written as Exclude<DiffFormat, 'terminal'>](diff, context),
        ),
      ),
    )
  }
  if (format === 'terminal') {
    sayLines(shared.quiet ? [diffSummaryLine(diff, context)] : diffTerminalLines(diff, context))
  } else {
    say(FORMATTERS[format](diff, context).replace(/\n$/, ''))
  }
  return diff.changes.some((change) => failsOn(change, failOn)) ? EXIT.failed : EXIT.passed
}
