import { FLOW_IDS } from '../check/flows/ids'
import { DEFAULT_DEPRECATION_POLICY } from '../diff/deprecation'
import { SHRINK_STEPS } from '../fuzz/bound'
import { DEFAULT_MAX_ANSWER_BYTES, MIB } from '../http'
import { CONFIG_FILE_NAMES } from './config'
import type { CommandSpec, OptionSpec } from './option-specs'

// Every option of the CLI, in one place as Vitest keeps its own (cli-config.ts): each
// subcommand's parsing, its --help and the README's tables are made from these.

/** The headings options are listed under, in --help. */
const SERVER = 'The server'
const ACCOUNTS = 'Accounts'
const RUN = 'The run'
const CONTRACT_AND_REPORTS = 'The contract and the reports'
const COMMAND_LINE = 'The command line'

/** The options every subcommand takes (a subcommand may say one differently: its `shared`). */
export const SHARED_OPTION_SPECS: readonly OptionSpec[] = [
  {
    name: 'contract',
    value: 'FILE',
    default: 'the bundled one',
    description: 'another OpenAPI 3.1 document to hold the server to',
    group: CONTRACT_AND_REPORTS,
  },
  {
    name: 'report-dir',
    value: 'DIR',
    description:
      'write `report.json`, `junit.xml` and `report.html` there (created if missing, before the run)',
    group: CONTRACT_AND_REPORTS,
  },
  {
    name: 'min-coverage',
    value: 'PCT',
    description:
      'fail (exit 1) when the operations, the documented statuses or the documented examples covered are below PCT %',
    group: CONTRACT_AND_REPORTS,
  },
  {
    name: 'allow-skip',
    value: 'PARTS',
    multiple: true,
    description:
      'accept these whole parts of the run being skipped (comma-separated, or the option again; `part.*` names every part under `part`); a part skipped and not accepted fails the run (exit 1)',
    details: 'See [Skipped parts](#skipped-parts-a-run-that-tested-nothing-is-not-green)',
    group: CONTRACT_AND_REPORTS,
  },
  {
    name: 'timeout',
    value: 'MS',
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
    details: 'See [The configuration file](#the-configuration-file)',
    group: COMMAND_LINE,
  },
  {
    name: 'config-env',
    value: 'NAMES',
    multiple: true,
    default: '`CONTRACT_*` only',
    description:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the file's own ${NAME} syntax
      'environment variables the configuration file may read as `${NAME}` besides `CONTRACT_*` (comma-separated, or the option again); on the command line only',
    details: 'See [The configuration file](#the-configuration-file)',
    group: COMMAND_LINE,
  },
  {
    name: 'help',
    short: 'h',
    description: "this help: the subcommand's options",
    group: COMMAND_LINE,
  },
]

/** The largest answer body read: `check` and `fuzz` both bound what a target sends. */
const MAX_ANSWER_MIB: OptionSpec = {
  name: 'max-answer-mib',
  value: 'N',
  default: DEFAULT_MAX_ANSWER_BYTES / MIB,
  description:
    'the longest answer body read, in MiB: a server under test may answer without end, so a longer one is read no further and its check fails with that reason',
  details: "MailDev's answers are read up to 16 MiB",
  group: RUN,
}

/**
 * `--allow-exec`: a configuration file found in the folder may be a checkout's, anyone's; its
 * `exec:` mailbox would run a command of theirs on the user's machine. `check` and `fuzz` both read
 * a mailbox.
 */
const ALLOW_EXEC: OptionSpec = {
  name: 'allow-exec',
  description:
    "let the configuration file's `mailbox: exec:CMD` run its command; on the command line only (a `--mailbox exec:CMD` given there runs without it)",
  details: 'See [The configuration file](#the-configuration-file)',
  group: SERVER,
}

/** An account's password: `check` and `fuzz` take both accounts the same way. */
const password = (prefix: '' | 'second-', variable: string): OptionSpec => ({
  name: `${prefix}password`,
  value: 'PASSWORD',
  default: `\`${variable}\``,
  description: `the password of \`--${prefix}email\``,
  group: ACCOUNTS,
})

/** `--shard`: `check` and `fuzz` share their runs out alike, each its own pieces. */
const shard = (description: string): OptionSpec => ({
  name: 'shard',
  value: 'I/N',
  default: 'the whole run',
  description,
  details: 'See [Shards](#shards---shard-in-and-merge)',
  group: RUN,
})

export const CHECK_COMMAND: CommandSpec = {
  name: 'check',
  usage: ['check --base-url URL [options]'],
  summary: `Checks a server against the contract: every documented example, generated invalid requests
(4xx, never 5xx), stateful flows and findings. Exit 0 when all passed, 1 on a failure or on a whole
part skipped (the protected operations without an account: check.protected; a flow none of whose
checks could run: check.flow.<id>) that --allow-skip does not accept, 2 when the target is not the
API at all or on bad input.`,
  options: [
    {
      name: 'base-url',
      value: 'URL',
      required: true,
      description:
        'the server: `http://host:port` (then `/api` is used) or the API base itself (`.../api`, `.../api/v1`)',
      group: SERVER,
    },
    {
      name: 'mailbox',
      value: 'auto|off|URL|exec:CMD',
      default: '`auto`',
      description:
        "where e-mailed links are read: `auto`, the target's `GET /__dev/mailbox` when it has one; a URL, the web address of the MailDev the target's mail goes to (`http://host:1080`); `exec:CMD`, a command that prints the newest e-mail to the address in `$1`; `off`, nowhere",
      details:
        'A MailDev URL may carry its web password (`http://user:pass@host:1080`, behind `--web-user`) and its `--base-pathname`; for the command see [Any other mailbox](#any-other-mailbox-a-command). A URL that does not answer as MailDev, or a command that fails on a probe address, is a usage error (exit 2)',
      group: SERVER,
    },
    ALLOW_EXEC,
    {
      name: 'session',
      value: 'ID',
      default: 'random `contract-<hex>`',
      description:
        'sent as `X-Stub-Session` on every request (isolates runs on the stub; harmless elsewhere)',
      group: SERVER,
    },
    {
      name: 'email',
      value: 'ADDRESS',
      default: '`CONTRACT_EMAIL`; on the stub its seeded account',
      description: 'an activated account for the protected operations',
      details:
        'It is signed in (and out) before the run: one the server refuses (401, 403) is a usage error (exit 2, one line with the answer), not a run of skipped checks',
      group: ACCOUNTS,
    },
    password('', 'CONTRACT_PASSWORD'),
    {
      name: 'second-email',
      value: 'ADDRESS',
      default: '`CONTRACT_SECOND_EMAIL`',
      description: 'a second activated account, for the two-user flows when there is no mailbox',
      group: ACCOUNTS,
    },
    password('second-', 'CONTRACT_SECOND_PASSWORD'),
    {
      name: 'only',
      value: 'IDS',
      default: 'everything',
      description: `only these operations (by \`operationId\`) and flows, comma-separated; the flows: ${FLOW_IDS.join(', ')}`,
      group: RUN,
    },
    {
      name: 'since',
      value: 'BASE',
      description:
        'an older version of the contract, as `diff` takes it (a file, an http(s) URL, `REV:PATH`): the run opens with what the contract asks of servers since it, and labels each failure new in this version or failing under the base too',
      details:
        'See [check --since](#check---since-what-a-new-version-asks-of-a-server). A base that cannot be read or is not a contract is a usage error (exit 2)',
      group: RUN,
    },
    {
      name: 'wait',
      value: 'SECONDS',
      default: 150,
      description: 'how long flows wait for an environment to be provisioned or deleted',
      group: RUN,
    },
    {
      name: 'max-wait',
      value: 'SECONDS',
      default: 30,
      description:
        'how long a check waits for a full rate-limit window (its `Retry-After`) before it is skipped with the reason, never failed; also the longest access-token lifetime (`token_valid_seconds`) the expiry check waits out on a target without a development clock',
      group: RUN,
    },
    MAX_ANSWER_MIB,
    shard(
      "run the I-th of N even shares of the operations and flows (a flow whole in one); `devenv-contract merge` joins the shards' reports",
    ),
  ],
}

export const FUZZ_COMMAND: CommandSpec = {
  name: 'fuzz',
  usage: [
    'fuzz --base-url URL [options]',
    "fuzz --stub [options]      (pnpm fuzz: the workspace's stub in process)",
  ],
  summary: `Property-based requests generated from the contract (valid, one broken constraint at a time,
hostile bodies, forged tokens), then random stateful sequences checked against a model of
accounts, sessions and environments. Prints the seed; --seed replays a run. Every failure is
shrunk to a minimal request, printed as a curl command.
Against the stub (development or test mode) both parts build their state in stub sessions of
their own (seeded accounts, mailbox, clock jumps). Against any other server they build it
through the API with the accounts you give: each batch and sequence signs in afresh, names its
environments for this run only and deletes them, and the accounts end the run as they began (a
password change is not sent; a profile update is put back at once). The stateful model then runs
on the server's own clock and leaves out registration, reset links and clock jumps. Without
accounts the run registers two of its own when it can read the server's mail (--mailbox); else
both parts are skipped with the reason, and the run fails (exit 1) unless --allow-skip
fuzz.properties,fuzz.stateful accepts it. Two runs at once may share accounts; more need their
own.`,
  options: [
    {
      name: 'base-url',
      value: 'URL',
      description: 'the server (`http://host:port`, or its `/api` or `/api/v1` base); or `--stub`',
      group: SERVER,
    },
    {
      name: 'stub',
      description:
        "instead of `--base-url`: the workspace's stub in process (Fastify inject), as fast as a fuzzer goes; then 100000 requests and requests / 500 sequences (at least 50) by default; not in the packed CLI",
      group: SERVER,
    },
    {
      name: 'email',
      value: 'ADDRESS',
      default: '`CONTRACT_EMAIL`',
      description: 'an activated account of the server, to fuzz as',
      group: ACCOUNTS,
    },
    password('', 'CONTRACT_PASSWORD'),
    {
      name: 'second-email',
      value: 'ADDRESS',
      default: '`CONTRACT_SECOND_EMAIL`',
      description: 'another activated account: the property-based part needs both',
      group: ACCOUNTS,
    },
    password('second-', 'CONTRACT_SECOND_PASSWORD'),
    {
      name: 'mailbox',
      value: 'auto|off|URL|exec:CMD',
      default: '`auto`',
      description:
        "without accounts, where the activation links of two registered for the run are read: `auto`, the target's `GET /__dev/mailbox` when it has one; a URL, a MailDev web address (`http://host:1080`); `exec:CMD`, a command that prints the newest e-mail to `$1`; `off`, nowhere",
      group: ACCOUNTS,
    },
    { ...ALLOW_EXEC, group: ACCOUNTS },
    {
      name: 'requests',
      value: 'N',
      default: '`2000` (`--stub`: `100000`)',
      description: 'generated requests to send',
      group: RUN,
    },
    {
      name: 'sequences',
      value: 'N',
      default: 'requests / 100, at least 5',
      description: 'stateful sequences; `0` skips the model',
      group: RUN,
    },
    {
      name: 'seed',
      value: 'S',
      default: 'random, printed',
      description: 'the fast-check seed, to replay a run',
      group: RUN,
    },
    {
      name: 'shrink',
      value: 'N',
      default: 10,
      description: `distinct failures to shrink, each within ${SHRINK_STEPS} replays`,
      group: RUN,
    },
    {
      name: 'max-time',
      value: 'SECONDS',
      // Against a real server a default run ends in minutes (46 s against the stub in production
      // mode with MailDev), and a slow one is cut rather than taking an hour.
      default: 300,
      description:
        "the whole run's bound: the generated requests may use 60% of it, their shrinking up to 75%, the stateful sequences the rest; a progress line shows the time left, and the closing line what the bound cut (a cut run is not failed for it)",
      group: RUN,
    },
    {
      name: 'wait',
      value: 'SECONDS',
      default: 60,
      description:
        'how long a deletion may take to be seen finished, and a create may wait for room under the quota',
      group: RUN,
    },
    {
      name: 'checks',
      value: 'A,B',
      default: 'every check',
      description: "judge by these checks only (names as in the summary's table)",
      group: RUN,
    },
    {
      name: 'exclude-checks',
      value: 'A,B',
      default: 'none',
      description: 'judge by every check but these',
      group: RUN,
    },
    MAX_ANSWER_MIB,
    shard(
      "send the I-th of N even shares of the batches and sequences the seed draws (needs `--seed`); `devenv-contract merge` joins the shards' reports",
    ),
  ],
}

export const PROXY_COMMAND: CommandSpec = {
  name: 'proxy',
  usage: ['proxy --upstream URL [options]'],
  summary: `A validation proxy: forwards every request to the upstream unchanged, passes every answer back
unchanged, and checks both against the contract off the way of the traffic. Prints one line per
violation as it happens; writes the reports (into reports/proxy unless --report-dir says
otherwise) on Ctrl+C, SIGTERM or after --duration.
Exit code 0 when nothing broke the contract, 1 otherwise (and when no request passed through,
unless --allow-skip proxy.traffic), 2 on a usage error.`,
  options: [
    {
      name: 'upstream',
      value: 'URL',
      required: true,
      description:
        'the server to check: an origin (`http://host:port`), as each request keeps the path the client asked for',
      group: SERVER,
    },
    {
      name: 'port',
      value: 'P',
      default: 4012,
      description:
        'where it listens on 127.0.0.1; `0` takes a free one (printed on the first line)',
      group: RUN,
    },
    {
      name: 'duration',
      value: 'S',
      default: 'until Ctrl+C or SIGTERM',
      description: 'stop after S seconds',
      group: RUN,
    },
  ],
  shared: {
    'report-dir': { default: '`reports/proxy`' },
    timeout: {
      // Longer than a check's 15 s: a development session may wait on a slow AI answer.
      default: 60_000,
      description: 'how long the upstream may stay silent while a request waits; then a 504',
    },
    quiet: { description: 'no line per violation (the reports still list them)' },
  },
}

export const MERGE_COMMAND: CommandSpec = {
  name: 'merge',
  usage: ['merge DIR... [options]'],
  positionals: true,
  summary: `Joins the reports of a run's shards (check or fuzz with --shard i/n, each in its own folder) into
one report, as if the run had been whole: report.json, junit.xml, report.html and the coverage
matrix, covered once however many shards covered it. Each DIR is a shard's --report-dir (or its
report.json). Every shard of the run must be given, once: missing ones, or shards of different
runs or contracts, are an error (exit 2). Exit 0 when all passed, 1 on a failure, coverage under
--min-coverage, or a whole part skipped that neither its shard nor --allow-skip accepts.`,
  options: [],
  shared: {
    'report-dir': {
      default: '`reports/merged`',
      description: 'write the merged `report.json`, `junit.xml` and `report.html` there',
    },
    'allow-skip': {
      description:
        'accept these whole parts being skipped (comma-separated, or the option again; `part.*` names every part under `part`), as the run itself does',
    },
    // The shards' runs are over: nothing is sent, nothing in progress, no contract read again.
    contract: { hidden: true },
    timeout: { hidden: true },
    quiet: { hidden: true },
  },
}

/**
 * The most bytes of a contract `diff` (and `check --since`) reads, from a file, a URL or `git show`.
 * Parsing YAML costs about 100 MB and a second per MiB (a 5.8 MB file: 5.9 s, 490 MB), and the
 * diff's own bound (100,000 values) is met by about 1 MiB of contract; today's is 105 KB.
 */
export const MAX_CONTRACT_MIB = 4

export const DIFF_COMMAND: CommandSpec = {
  name: 'diff',
  usage: ['diff BASE HEAD [options]'],
  positionals: true,
  summary: `Compares two versions of the contract and judges each change by whom it breaks: clients (the
site, users of the API client), servers (backend teams), or neither. BASE and HEAD are each a
file, an http(s) URL, or a git revision REV:PATH (main:openapi/openapi.yaml, read with git show);
YAML or JSON, up to ${MAX_CONTRACT_MIB} MiB. Exit 0 when no change breaks a side --fail-on names
(clients by default), 1 when one does, 2 when a version cannot be read (one line says why).`,
  options: [
    {
      name: 'format',
      value: 'terminal|json|markdown|junit',
      default: '`terminal`',
      description:
        'what is printed: the changes grouped by whom they break, most breaking first; JSON; Markdown for a pull-request comment (a summary line, a table per side); JUnit XML (a testcase per change)',
      group: CONTRACT_AND_REPORTS,
    },
    {
      name: 'fail-on',
      value: 'SIDES',
      default: '`clients`',
      description:
        'exit 1 when a change breaks one of these sides: `clients`, `servers` (comma-separated), `any` for both, `none` never',
      details: 'See [Whom a change breaks](#whom-a-change-breaks)',
      group: RUN,
    },
    {
      name: 'deprecation-days',
      value: 'DAYS',
      default: DEFAULT_DEPRECATION_POLICY.deprecationDays,
      description:
        'the deprecation policy: how many days a stable element must be deprecated (its `x-sunset` that far ahead) before it may be removed; a change against the policy is a `policy-*` change, which breaks neither side on the wire',
      group: RUN,
    },
    {
      name: 'beta-deprecation-days',
      value: 'DAYS',
      default: DEFAULT_DEPRECATION_POLICY.betaDeprecationDays,
      description:
        'the same for an element whose `x-stability-level` is `beta` (`draft` and `alpha` ones may go at once)',
      group: RUN,
    },
  ],
  shared: {
    'report-dir': {
      description: 'also write `diff.json`, `diff.md` and `junit.xml` there',
    },
    timeout: {
      default: 30_000,
      description: 'how long a URL or `git show` may take',
    },
    quiet: { description: 'with the terminal format, the closing line alone' },
    // Two versions given as arguments, nothing run against a server.
    contract: { hidden: true },
    'min-coverage': { hidden: true },
    'allow-skip': { hidden: true },
  },
}

/** Every subcommand, in the order the README and the main help tell them. */
export const COMMAND_SPECS: readonly CommandSpec[] = [
  CHECK_COMMAND,
  FUZZ_COMMAND,
  PROXY_COMMAND,
  MERGE_COMMAND,
  DIFF_COMMAND,
]
