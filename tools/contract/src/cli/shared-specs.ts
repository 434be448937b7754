import { DEFAULT_MAX_ANSWER_BYTES, MIB } from '../http'
import { CONFIG_FILE_NAMES } from './config'
import type { OptionSpec, ProgramSpec } from './option-specs'
import { createdFolder, list, numberWithin, path, shardPosition } from './option-values'
import { CLI_NAME } from './usage'

// What the subcommands share, as data: the program's own words, the options every subcommand
// takes, and those check and fuzz both take. Each subcommand's own are in command-specs.ts.

/** The program, as its help tells it: its subcommands and shared options are listed from theirs. */
export const PROGRAM: ProgramSpec = {
  name: CLI_NAME,
  summary:
    'Holds any server to the API contract (openapi.yaml) and reports how much of it was exercised.',
  // `devenv-contract --base-url URL` (no subcommand) has always meant check.
  defaultCommand: 'check',
  epilogue: `Options can be kept in ${CONFIG_FILE_NAMES[0]} (or .yaml) in the folder the command is typed
in: each key is an option's name without the dashes, the shared ones at the top level, each
subcommand's own under its name; flags override the file:
  { "timeout": 5000, "check": { "base-url": "http://localhost:4010",
    "email": "ci@example.com", "password": "\${CONTRACT_PASSWORD}" } }
Exit codes: 0 all passed; 1 a failure, coverage under --min-coverage, or a whole part of the run
skipped that --allow-skip does not accept (named with its reason on the last line); 2 bad input,
or a target that is not the API at all (unreachable, hanging, a redirect, an HTML page).`,
}

/** The headings options are listed under, in --help. */
export const SERVER = 'The server'
export const ACCOUNTS = 'Accounts'
export const RUN = 'The run'
export const CONTRACT_AND_REPORTS = 'The contract and the reports'
const COMMAND_LINE = 'The command line'

/** The options every subcommand takes (a subcommand may say one differently: its `shared`). */
export const SHARED_OPTION_SPECS = [
  {
    name: 'contract',
    value: 'FILE',
    read: path,
    default: 'the bundled one',
    description: 'another OpenAPI 3.1 document to hold the server to',
    group: CONTRACT_AND_REPORTS,
  },
  {
    name: 'report-dir',
    value: 'DIR',
    read: createdFolder,
    description:
      'write `report.json`, `junit.xml` and `report.html` there (created if missing, before the run)',
    group: CONTRACT_AND_REPORTS,
  },
  {
    name: 'min-coverage',
    value: 'PCT',
    read: numberWithin({ min: 0, max: 100 }),
    description:
      "fail (exit 1) when the operations, the documented statuses, the documented examples or (check) the contract's rules covered are below PCT %",
    group: CONTRACT_AND_REPORTS,
  },
  {
    name: 'allow-skip',
    value: 'PARTS',
    multiple: true,
    read: list,
    description:
      'accept these whole parts of the run being skipped (comma-separated, or the option again; `part.*` names every part under `part`); a part skipped and not accepted fails the run (exit 1)',
    details:
      'See [Skipped parts](reference.md#skipped-parts-a-run-that-tested-nothing-is-not-green)',
    group: CONTRACT_AND_REPORTS,
  },
  {
    name: 'timeout',
    value: 'MS',
    // Whole milliseconds: a timer takes no fraction, and 1.5 failed later as an unreachable target.
    read: numberWithin({ min: 1, max: 3_600_000, integer: true }),
    default: 15_000,
    description: 'how long a request may take',
    group: RUN,
  },
  { name: 'quiet', description: 'no progress lines on stderr', group: RUN },
  {
    name: 'config',
    value: 'FILE',
    default: `\`${CONFIG_FILE_NAMES[0]}\` (or \`.yaml\`, \`.yml\`) in the folder the command is typed in, if there`,
    description: 'the options from a file; a flag given overrides it',
    details: 'See [The configuration file](reference.md#the-configuration-file)',
    group: COMMAND_LINE,
  },
  {
    name: 'config-env',
    value: 'NAMES',
    multiple: true,
    read: list,
    default: '`CONTRACT_*` only',
    description:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the file's own ${NAME} syntax
      'environment variables the configuration file may read as `${NAME}` besides `CONTRACT_*` (comma-separated, or the option again); on the command line only',
    details: 'See [The configuration file](reference.md#the-configuration-file)',
    group: COMMAND_LINE,
  },
  {
    name: 'help',
    short: 'h',
    description: "this help: the subcommand's options",
    group: COMMAND_LINE,
  },
] as const satisfies readonly OptionSpec[]

/** The largest answer body read: `check` and `fuzz` both bound what a target sends. */
export const MAX_ANSWER_MIB = {
  name: 'max-answer-mib',
  value: 'N',
  read: numberWithin({ min: 1, max: 1024 }),
  default: DEFAULT_MAX_ANSWER_BYTES / MIB,
  description:
    'the longest answer body read, in MiB: a server under test may answer without end, so a longer one is read no further and its check fails with that reason',
  details: "MailDev's answers are read up to 16 MiB",
  group: RUN,
} as const satisfies OptionSpec

/**
 * `--allow-exec`: a configuration file found in the folder may be a checkout's, anyone's; its
 * `exec:` mailbox would run a command of theirs on the user's machine. `check` and `fuzz` both read
 * a mailbox.
 */
export const ALLOW_EXEC = {
  name: 'allow-exec',
  description:
    "let the configuration file's `mailbox: exec:CMD` run its command; on the command line only (a `--mailbox exec:CMD` given there runs without it)",
  details: 'See [The configuration file](reference.md#the-configuration-file)',
  group: SERVER,
} as const satisfies OptionSpec

/** An account's password: `check` and `fuzz` take both accounts the same way. */
export const password = <Prefix extends '' | 'second-'>(prefix: Prefix, variable: string) =>
  ({
    name: `${prefix}password`,
    value: 'PASSWORD',
    default: `\`${variable}\``,
    description: `the password of \`--${prefix}email\``,
    group: ACCOUNTS,
  }) as const satisfies OptionSpec

/** `--shard`: `check` and `fuzz` share their runs out alike, each its own pieces. */
export const shard = (description: string) =>
  ({
    name: 'shard',
    value: 'I/N',
    read: shardPosition,
    default: 'the whole run',
    description,
    details: 'See [Shards](reference.md#shards---shard-in-and-merge)',
    group: RUN,
  }) as const satisfies OptionSpec
