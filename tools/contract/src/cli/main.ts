import { forgetSecrets } from '../report/secrets'
import { SHARED_OPTION_SPECS } from './command-specs'
import { CONFIG_FILE_NAMES } from './config'
import { flagOf, wrapped } from './option-specs'
import {
  type Command,
  type CommandContext,
  EXIT,
  CLI_NAME as NAME,
  printUsageError,
  reasonOf,
  UsageError,
} from './options'
import { say, warn } from './terminal'

/** The shared options as the main help names them (`-h, --help` goes without saying). */
const EVERY_SUBCOMMAND_TAKES = [
  ...'Every subcommand takes'.split(' '),
  ...SHARED_OPTION_SPECS.filter((option) => option.name !== 'help').map(
    (option, index, all) => `${flagOf(option)}${index === all.length - 1 ? ';' : ','}`,
  ),
  ...`'${NAME} <subcommand> --help' lists its options.`.split(' '),
]

const USAGE = `Usage: ${NAME} <check|fuzz|proxy|merge|diff> [options]      (no subcommand: check)

Holds any server to the API contract (openapi.yaml) and reports how much of it was exercised.

  check --base-url URL      examples, generated invalid requests, stateful flows
  fuzz --base-url URL       property-based and model-based requests
  proxy --upstream URL      a validation proxy in front of a server
  merge DIR...              one report from the reports of a run's shards (--shard i/n)
  diff BASE HEAD            the changes between two versions of the contract, by whom they break

${wrapped(EVERY_SUBCOMMAND_TAKES, 0).join('\n')}
Options can be kept in ${CONFIG_FILE_NAMES[0]} (or .yaml) in the folder the command is typed
in: each key is an option's name without the dashes, the shared ones at the top level, each
subcommand's own under its name; flags override the file:
  { "timeout": 5000, "check": { "base-url": "http://localhost:4010",
    "email": "ci@example.com", "password": "\${CONTRACT_PASSWORD}" } }
Exit codes: 0 all passed; 1 a failure, coverage under --min-coverage, or a whole part of the run
skipped that --allow-skip does not accept (named with its reason on the last line); 2 bad input,
or a target that is not the API at all (unreachable, hanging, a redirect, an HTML page).
`

/**
 * Each subcommand's module, loaded when it is asked for: `diff` and `--help` must not pay for the
 * runner's imports (a pipeline diffs many files, each a process).
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  check: async () => (await import('./check')).check,
  fuzz: async () => (await import('./fuzz')).fuzzCommand,
  proxy: async () => (await import('./proxy')).proxyCommand,
  merge: async () => (await import('./merge')).mergeCommand,
  diff: async () => (await import('./diff')).diffCommand,
}

async function dispatch(argv: readonly string[], context: CommandContext): Promise<number> {
  const [first, ...rest] = argv
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    say(USAGE)
    return first === undefined ? EXIT.usage : EXIT.passed
  }
  // `devenv-contract --base-url URL` (no subcommand) has always meant check.
  const [name, args] = first.startsWith('-') ? ['check', [...argv]] : [first, rest]
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
    warn(`${NAME}: unexpected error: ${reasonOf(error)}`)
    if (process.env.DEVENV_CONTRACT_DEBUG) warn(error)
    return EXIT.failed
  }
}
