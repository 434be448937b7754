import { FLOW_IDS } from '../check/flows/ids'
import { SHRINK_STEPS } from '../fuzz/bound'
import { CHECKS, type CheckName } from '../fuzz/check-names'
import { DEFAULT_RECORD_MAX_MIB } from '../replay/recorder'
import { DIFF_COMMAND, MAX_CONTRACT_MIB } from './diff-spec'
import type { CommandSpec } from './option-specs'
import {
  createdFolder,
  list,
  listOption,
  mailbox,
  nearestName,
  numberWithin,
  originUrl,
  path,
  recordingFolder,
  url,
  type ValueReader,
} from './option-values'
import {
  ACCOUNTS,
  ALLOW_EXEC,
  MAX_ANSWER_MIB,
  password,
  RUN,
  SERVER,
  SHARED_OPTION_SPECS,
  shard,
} from './shared-specs'
import { UsageError } from './usage'

// Every option of the CLI, in one place as Vitest keeps its own (cli-config.ts): each
// subcommand's parsing, its --help and the README's tables are made from these, and each option's
// spec says how its value is read (`read`). The options every subcommand takes are in
// shared-specs.ts; they are told here with the subcommands, for the README and the main help.
export { DIFF_COMMAND, MAX_CONTRACT_MIB, SHARED_OPTION_SPECS }

export const CHECK_COMMAND = {
  name: 'check',
  brief: 'examples, generated invalid requests, stateful flows',
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
      read: url,
      required: true,
      description:
        'the server: `http://host:port` (then `/api` is used) or the API base itself (`.../api`, `.../api/v1`)',
      group: SERVER,
    },
    {
      name: 'mailbox',
      value: 'auto|off|URL|exec:CMD',
      read: mailbox,
      default: '`auto`',
      description:
        "where e-mailed links are read: `auto`, the target's `GET /__dev/mailbox` when it has one; a URL, the web address of the MailDev the target's mail goes to (`http://host:1080`); `exec:CMD`, a command that prints the newest e-mail to the address in `$1`; `off`, nowhere",
      details:
        'A MailDev URL may carry its web password (`http://user:pass@host:1080`, behind `--web-user`) and its `--base-pathname`; for the command see [Any other mailbox](check.md#any-other-mailbox-a-command). A URL that does not answer as MailDev, or a command that fails on a probe address, is a usage error (exit 2)',
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
      read: list,
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
        'See [check --since](check.md#check---since-what-a-new-version-asks-of-a-server). A base that cannot be read or is not a contract is a usage error (exit 2)',
      group: RUN,
    },
    {
      name: 'wait',
      value: 'SECONDS',
      read: numberWithin({ min: 0, max: 3600 }),
      default: 150,
      description: 'how long flows wait for an environment to be provisioned or deleted',
      group: RUN,
    },
    {
      name: 'max-wait',
      value: 'SECONDS',
      read: numberWithin({ min: 0, max: 3600 }),
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
} as const satisfies CommandSpec

/** Names of the fuzzer's checks; every name that is none is a problem of its own. */
const checkNames: ValueReader<CheckName[]> = (text, { name: flag }) => {
  const names = listOption(text)
  const unknown = names.filter((name) => !(CHECKS as readonly string[]).includes(name))
  if (unknown.length > 0)
    throw new UsageError(
      unknown.map((name) => {
        const near = nearestName(name, CHECKS)
        return `--${flag}: no check is called "${name}"${near ? `; did you mean ${near}?` : ''} (the checks: ${CHECKS.join(', ')})`
      }),
    )
  return names as CheckName[]
}

export const FUZZ_COMMAND = {
  name: 'fuzz',
  brief: 'property-based and model-based requests',
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
      read: url,
      description: 'the server (`http://host:port`, or its `/api` or `/api/v1` base)',
      group: SERVER,
    },
    {
      name: 'stub',
      description:
        "instead of `--base-url`: the workspace's stub in process (Fastify inject), as fast as a fuzzer goes; then 100000 requests and requests / 500 sequences (at least 50) by default; not in the packed CLI",
      group: SERVER,
      // The packed CLI holds no stub and refuses `--stub`: its help and the reference do not offer it.
      hidden: 'unless-in-process',
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
      read: mailbox,
      default: '`auto`',
      description:
        "without accounts, where the activation links of two registered for the run are read: `auto`, the target's `GET /__dev/mailbox` when it has one; a URL, a MailDev web address (`http://host:1080`); `exec:CMD`, a command that prints the newest e-mail to `$1`; `off`, nowhere",
      group: ACCOUNTS,
    },
    { ...ALLOW_EXEC, group: ACCOUNTS },
    {
      name: 'requests',
      value: 'N',
      read: numberWithin({ min: 1, max: 10_000_000, integer: true }),
      default: '`2000`',
      description: 'generated requests to send',
      group: RUN,
    },
    {
      name: 'sequences',
      value: 'N',
      read: numberWithin({ min: 0, max: 1_000_000, integer: true }),
      default: 'requests / 100, at least 5',
      description: 'stateful sequences; `0` skips the model',
      group: RUN,
    },
    {
      name: 'seed',
      value: 'S',
      read: numberWithin({ min: 0, max: 2 ** 32 - 1, integer: true }),
      default: 'random, printed',
      description: 'the fast-check seed, to replay a run',
      group: RUN,
    },
    {
      name: 'shrink',
      value: 'N',
      read: numberWithin({ min: 0, max: 1_000, integer: true }),
      default: 10,
      description: `distinct failures to shrink, each within ${SHRINK_STEPS} replays`,
      group: RUN,
    },
    {
      name: 'max-time',
      value: 'SECONDS',
      read: numberWithin({ min: 1, max: 7 * 86_400 }),
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
      read: numberWithin({ min: 0, max: 3600 }),
      default: 60,
      description:
        'how long a deletion may take to be seen finished, and a create may wait for room under the quota',
      group: RUN,
    },
    {
      name: 'checks',
      value: 'A,B',
      read: checkNames,
      default: 'every check',
      description: "judge by these checks only (names as in the summary's table)",
      group: RUN,
    },
    {
      name: 'exclude-checks',
      value: 'A,B',
      read: checkNames,
      default: 'none',
      description: 'judge by every check but these',
      group: RUN,
    },
    MAX_ANSWER_MIB,
    shard(
      "send the I-th of N even shares of the batches and sequences the seed draws (needs `--seed`); `devenv-contract merge` joins the shards' reports",
    ),
  ],
} as const satisfies CommandSpec

export const PROXY_COMMAND = {
  name: 'proxy',
  brief: 'a validation proxy in front of a server',
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
      read: originUrl,
      required: true,
      description:
        'the server to check: an origin (`http://host:port`), as each request keeps the path the client asked for',
      group: SERVER,
    },
    {
      name: 'port',
      value: 'P',
      read: numberWithin({ min: 0, max: 65_535, integer: true }),
      default: 4012,
      description:
        'where it listens on 127.0.0.1; `0` takes a free one (printed on the first line)',
      group: RUN,
    },
    {
      name: 'duration',
      value: 'S',
      read: numberWithin({ min: 0.001 }),
      default: 'until Ctrl+C or SIGTERM',
      description: 'stop after S seconds',
      group: RUN,
    },
    {
      name: 'record',
      value: 'DIR',
      read: recordingFolder,
      description:
        "also write each session's exchanges there, a file per session, secrets as placeholders (`replay` runs them again)",
      details: 'See [Record and replay](replay.md)',
      group: RUN,
    },
    {
      name: 'record-max-mib',
      value: 'N',
      read: numberWithin({ min: 1, max: 65_536 }),
      default: DEFAULT_RECORD_MAX_MIB,
      description:
        "the most the recording writes, in MiB; past it the exchanges are still judged, and each session's last line says where it was cut",
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
} as const satisfies CommandSpec

export const REPLAY_COMMAND = {
  name: 'replay',
  brief: 'recorded sessions sent again to a server: drift told from noise',
  usage: ['replay DIR... --base-url URL [options]'],
  positionals: true,
  summary: `Sends the sessions that proxy --record wrote in DIR again to a server, in their order, each value
a later request took from an earlier answer taken again from the new answers, new accounts made
as check makes them. Each answer is judged by the contract and against the recorded one: its
status, the headers the contract documents and its body's fields. Values that differ by nature
(a uuid or date-time of the contract, a value a later step took again, what --reference or two
recordings of one session show to differ) are noise; the rest is drift, named by session, step,
field and both values. Exit 0 when every step answered as recorded and as the contract says, 1 on
drift, a contract failure or a session that could not be replayed to its end, 2 on bad input.`,
  options: [
    {
      name: 'base-url',
      value: 'URL',
      read: originUrl,
      required: true,
      description:
        'the server to replay against: an origin (`http://host:port`); each step keeps its recorded path',
      group: SERVER,
    },
    {
      name: 'reference',
      value: 'URL',
      read: originUrl,
      description:
        'a second server of the build that was recorded: the sessions are replayed there first, and what differs from the recording there is noise',
      group: SERVER,
    },
    {
      name: 'mailbox',
      value: 'auto|off|URL|exec:CMD',
      read: mailbox,
      default: '`auto`',
      description: 'where the e-mailed links the sessions followed are read, as `check --mailbox`',
      group: SERVER,
    },
    {
      name: 'baseline',
      value: 'FILE',
      read: path,
      description:
        'accepted differences (YAML or JSON, `accepted: [{session, step, field, reason, expires}]`): each passes until its day, then fails again',
      details: 'See [A baseline](replay.md#a-baseline---baseline-file)',
      group: RUN,
    },
    {
      name: 'allow-env',
      value: 'NAMES',
      read: list,
      description:
        'the environment variables a recording may read (comma-separated): where it holds a value the configuration filled from one; a recording names them, and one from elsewhere could name any',
      group: SERVER,
    },
    {
      name: 'write-tests',
      value: 'DIR',
      read: createdFolder,
      description:
        "also write each session there as a Vitest file that replays it with the packed toolkit's library; a failing session is shrunk first to the fewest steps that still show its first failure",
      details: 'See [Tests out of recordings](replay.md#tests-out-of-recordings---write-tests-dir)',
      group: RUN,
    },
    shard("replay every n-th session only (`merge` joins the shards' reports)"),
  ],
  shared: {
    'report-dir': { default: '`reports/replay`' },
    quiet: { description: 'no progress line (the reports still list every step)' },
  },
} as const satisfies CommandSpec

export const MERGE_COMMAND = {
  name: 'merge',
  brief: "one report from the reports of a run's shards (--shard i/n)",
  usage: ['merge DIR... [options]'],
  positionals: true,
  summary: `Joins the reports of a run's shards (check, fuzz or replay with --shard i/n, each in its own folder) into
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
} as const satisfies CommandSpec

/** Every subcommand, in the order the README and the main help tell them. */
export const COMMAND_SPECS: readonly CommandSpec[] = [
  CHECK_COMMAND,
  FUZZ_COMMAND,
  PROXY_COMMAND,
  REPLAY_COMMAND,
  MERGE_COMMAND,
  DIFF_COMMAND,
]
