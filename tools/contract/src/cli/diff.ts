import { join } from 'node:path'
import { ContractDiffError, diffContracts } from '../diff'
import type { DiffFormat } from '../diff/formats'
import {
  type DiffContext,
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
import { shownUrl, userPath } from './option-values'
import { type Command, readCommand, usageOf } from './options'
import { say, sayLines } from './terminal'
import { EXIT, UsageError } from './usage'

const FORMATTERS: Record<Exclude<DiffFormat, 'terminal'>, typeof diffJson> = {
  json: diffJson,
  markdown: diffMarkdown,
  junit: diffJUnit,
}

/** The files `--report-dir` receives, each in its format. */
const REPORT_FILES = [
  ['diff.json', 'json'],
  ['diff.md', 'markdown'],
  ['junit.xml', 'junit'],
] as const

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
  const command = readCommand(argv, DIFF_COMMAND)
  if (command.help) {
    say(usageOf(DIFF_COMMAND))
    return EXIT.passed
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
  const { shared, value } = command
  const format = value('format') ?? 'terminal'
  const failOn = value('fail-on') ?? ['clients']
  const policy = {
    deprecationDays: value('deprecation-days'),
    betaDeprecationDays: value('beta-deprecation-days'),
  }
  const [baseGiven = '', headGiven = ''] = command.positionals
  let diff: ReturnType<typeof diffContracts>
  try {
    const [base, head] = await Promise.all(
      [baseGiven, headGiven].map((given) => readContractVersion(given, shared.timeoutMs)),
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
  const dir = shared.reportDir
  if (dir !== undefined)
    await Promise.all(
      REPORT_FILES.map(([file, written]) =>
        writeTextFile(join(dir, file), FORMATTERS[written](diff, context)),
      ),
    )
  if (format === 'terminal')
    sayLines(shared.quiet ? [diffSummaryLine(diff, context)] : diffTerminalLines(diff, context))
  else say(FORMATTERS[format](diff, context).replace(/\n$/, ''))
  return diff.changes.some((change) => failsOn(change, failOn)) ? EXIT.failed : EXIT.passed
}
