import { firstLineOf } from '../report/printable'
import { forgetSecrets } from '../report/secrets'
import { COMMAND_SPECS } from './command-specs'
import { programHelpOf } from './option-specs'
import type { Command, CommandContext } from './options'
import { PROGRAM, SHARED_OPTION_SPECS } from './shared-specs'
import { say, warn } from './terminal'
import { CLI_NAME, EXIT, printUsageError, UsageError } from './usage'

/** The program's help: each subcommand as its spec says it, and the options every one takes. */
const USAGE = programHelpOf(PROGRAM, COMMAND_SPECS, SHARED_OPTION_SPECS)

/**
 * Each subcommand's module, loaded when it is asked for: `diff` and `--help` must not pay for the
 * runner's imports (a pipeline diffs many files, each a process).
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  check: async () => (await import('./check')).check,
  fuzz: async () => (await import('./fuzz')).fuzzCommand,
  proxy: async () => (await import('./proxy')).proxyCommand,
  replay: async () => (await import('./replay')).replayCommand,
  merge: async () => (await import('./merge')).mergeCommand,
  diff: async () => (await import('./diff')).diffCommand,
}

async function dispatch(argv: readonly string[], context: CommandContext): Promise<number> {
  const [first, ...rest] = argv
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    say(USAGE)
    return first === undefined ? EXIT.usage : EXIT.passed
  }
  const [name, args] = first.startsWith('-') ? [PROGRAM.defaultCommand, [...argv]] : [first, rest]
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined
  if (!load)
    throw new UsageError(`unknown subcommand "${name}" (${Object.keys(COMMANDS).join(', ')})`)
  const command = await load()
  try {
    return await command(args, context)
  } catch (error) {
    if (error instanceof UsageError) return printUsageError(error, name)
    throw error
  }
}

/**
 * The whole command line: runs the subcommand and answers the exit code. Bad input is a line per
 * problem on stderr (exit 2); an error of the tool itself is one line, its stack only when
 * DEVENV_CONTRACT_DEBUG is set. The binary (cli.ts) only sets the code and exits; tests call it
 * in process, and so does `pnpm fuzz` (tools/reliability), which hands `fuzz --stub` the
 * workspace's stub in `context`.
 */
export async function runCommandLine(
  argv: readonly string[],
  context: CommandContext = {},
): Promise<number> {
  // The secrets a run learns are its own: a command run in process after another starts afresh.
  forgetSecrets()
  try {
    return await dispatch(argv, context)
  } catch (error) {
    if (error instanceof UsageError) return printUsageError(error)
    // Not the user's fault: one line, and the stack only when asked for.
    warn(`${CLI_NAME}: unexpected error: ${firstLineOf(error)}`)
    if (process.env.DEVENV_CONTRACT_DEBUG) warn(error)
    return EXIT.failed
  }
}
