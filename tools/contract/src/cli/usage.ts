import { warn } from './terminal'

// What every part of the command line says bad input with. A module of its own, importing nothing
// of the CLI's: the option specs, their readers and the parser all throw a UsageError.

export const CLI_NAME = 'devenv-contract'

export const EXIT = { passed: 0, failed: 1, usage: 2 } as const

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

/**
 * Prints a usage error on stderr, a line per problem, each `devenv-contract: <subcommand>:
 * <reason>`, the first one also naming the help to read; answers the exit code for it. Every
 * subcommand prints its usage errors so, whether the dispatcher runs it or a caller does directly.
 */
export function printUsageError(error: UsageError, subcommand?: string): number {
  const scope = subcommand === undefined ? '' : `${subcommand}: `
  const help = subcommand === undefined ? `${CLI_NAME} --help` : `${CLI_NAME} ${subcommand} --help`
  error.problems.forEach((problem, index) => {
    warn(`${CLI_NAME}: ${scope}${problem}${index === 0 ? ` (see ${help})` : ''}`)
  })
  return EXIT.usage
}
