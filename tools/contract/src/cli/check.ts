import type { Contract } from '@devenv/openapi'
import { FLOW_IDS } from '../check/flows'
import { CHECK_PARTS, checkTarget, type RunOptions, shardUnits } from '../check/runner'
import { DEFAULT_MAX_ANSWER_BYTES, MIB } from '../http'
import { commandMailbox, mailDevMailbox } from '../mailbox'
import { ACCOUNT_OPTIONS, givenAccounts, signInGivenAccounts } from './accounts'
import { exitCodeOf, runOutputs } from './finish'
import {
  type Command,
  contractFor,
  listOption,
  readCommand,
  SHARED_USAGE,
  shardOption,
  UsageError,
  urlOption,
} from './options'
import { preflight } from './preflight'
import { say } from './terminal'

/** A long list as indented lines of at most `width` characters. */
function wrapped(text: string, indent: number, width: number): string {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line !== '' && indent + line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line === '' ? word : `${line} ${word}`
  }
  if (line !== '') lines.push(line)
  return lines.map((each) => ' '.repeat(indent) + each).join('\n')
}

export const CHECK_USAGE = `Usage: devenv-contract check --base-url URL [options]

Checks a server against the contract: every documented example, generated invalid requests
(4xx, never 5xx), stateful flows and findings. Exit 0 when all passed, 1 on a failure or on a whole
part skipped (the protected operations without an account: check.protected; a flow none of whose
checks could run: check.flow.<id>) that --allow-skip does not accept, 2 when the target is not the
API at all or on bad input.

  --base-url URL        the server (http://host:port, or its /api base)          required
  --mailbox auto|off|URL|exec:CMD
                        where e-mailed links are read: auto, the target's GET /__dev/mailbox
                        when it has one; URL, a MailDev web address (http://host:1080)
                        that the target's mail goes to; exec:CMD, a command that prints the
                        newest e-mail to the address in $1; off, nowhere         (default auto)
  --session ID          X-Stub-Session header value                             (default random)
  --email, --password   an activated account for protected operations
                        (or CONTRACT_EMAIL / CONTRACT_PASSWORD; the stub's seeded one otherwise)
  --second-email, --second-password
                        a second account for the two-user flows when there is no mailbox
                        (or CONTRACT_SECOND_EMAIL / CONTRACT_SECOND_PASSWORD)
  --only IDS            only these operations (operationId) and flows, comma-separated; flows:
${wrapped(FLOW_IDS.join(', '), 24, 96)}
  --wait SECONDS        how long flows wait for provisioning and deletion       (default 150)
  --max-wait SECONDS    how long a check waits for a full rate-limit window (its Retry-After)
                        before it is skipped with the reason, and for access tokens that
                        live at most this long to expire                        (default 30)
  --max-answer-mib N    the longest answer body read, in MiB; a longer one fails its check
                        with that reason, read no further                        (default 4)
  --shard I/N           run the I-th of N even shares of the operations and flows (a flow
                        whole in one); 'devenv-contract merge' joins the shards' reports
${SHARED_USAGE}
`

/** `devenv-contract check`: today's runner, behind the shared options and a preflight of the target. */
export const check: Command = async (argv) => {
  const command = readCommand(
    argv,
    {
      'base-url': { type: 'string' },
      mailbox: { type: 'string' },
      session: { type: 'string' },
      ...ACCOUNT_OPTIONS,
      only: { type: 'string' },
      wait: { type: 'string' },
      'max-wait': { type: 'string' },
      'max-answer-mib': { type: 'string' },
      shard: { type: 'string' },
    },
    CHECK_PARTS,
    { subcommand: 'check' },
  )
  if (command.help) {
    say(CHECK_USAGE)
    return 0
  }
  const { shared, text } = command
  const baseUrl = command.check('base-url', () => urlOption('base-url', text('base-url')), '')
  const accounts = command.check(
    Object.keys(ACCOUNT_OPTIONS),
    () => givenAccounts(command),
    undefined,
  )
  const waitSeconds = command.number('wait', 150, { min: 0, max: 3600 })
  const maxWaitSeconds = command.number('max-wait', 30, { min: 0, max: 3600 })
  const maxAnswerMib = command.number('max-answer-mib', DEFAULT_MAX_ANSWER_BYTES / MIB, {
    min: 1,
    max: 1024,
  })
  command.check('mailbox', () => mailboxSyntax(text('mailbox')), undefined)
  const shard = command.check('shard', () => shardOption(command), undefined)
  // Loaded with the options: --only and --shard are checked against it.
  const contract = command.check('contract', () => contractFor(shared), undefined)
  const only =
    contract === undefined
      ? undefined
      : command.check(
          'only',
          () =>
            selectionOf(
              text('only'),
              contract.operations.map((each) => each.operationId),
            ),
          undefined,
        )
  // A shard with no share would pass having tested nothing: as many shards as pieces, at most.
  if (shard && contract && (only !== undefined || text('only') === undefined))
    command.check(
      'shard',
      () => {
        const pieces = shardUnits(contract, only).length
        if (shard.total > pieces)
          throw new UsageError(
            `--shard ${shard.index}/${shard.total}: this run has ${pieces} pieces of work to share (flows and tags of operations), so at most ${pieces} shards`,
          )
      },
      undefined,
    )
  command.done()
  // done() threw unless the contract loaded.
  const loaded = contract as Contract
  await preflight(baseUrl, shared.timeoutMs)
  await signInGivenAccounts(baseUrl, accounts, shared.timeoutMs)
  const mailbox = await mailboxOption(text('mailbox'), shared.timeoutMs)

  const report = await checkTarget({
    baseUrl,
    contract: loaded,
    mailbox,
    session: text('session'),
    credentials: accounts?.user,
    secondCredentials: accounts?.second,
    only,
    shard,
    waitSeconds,
    maxWaitSeconds,
    maxAnswerBytes: maxAnswerMib * MIB,
    timeoutMs: shared.timeoutMs,
    outputs: runOutputs(shared),
    allowSkip: shared.allowSkip,
  })
  return exitCodeOf(report, shared)
}

/**
 * `--mailbox` as written: auto, off, a mail catcher's URL, or `exec:CMD`; anything else is a
 * usage error, found with the other options' before the mailbox itself is asked anything.
 */
export function mailboxSyntax(
  value: string | undefined,
): 'auto' | 'off' | { url: string } | { command: string } {
  if (value === undefined || value === 'auto' || value === 'off') return value ?? 'auto'
  const command = /^exec:/i.test(value) ? value.slice('exec:'.length).trim() : undefined
  if (command === '') throw new UsageError('--mailbox exec: needs a command after the colon')
  if (command !== undefined) return { command }
  if (!/^https?:\/\//i.test(value))
    throw new UsageError(
      `--mailbox must be auto, off, the http:// URL of a mail catcher or exec:COMMAND, got "${value}"`,
    )
  return { url: urlOption('mailbox', value) }
}

/**
 * `--mailbox`: auto, off, a mail catcher's URL, or `exec:CMD`, a command that prints the newest
 * e-mail to the address in $1; either must answer as one before the run.
 */
export async function mailboxOption(
  value: string | undefined,
  timeoutMs: number,
): Promise<NonNullable<RunOptions['mailbox']>> {
  const setting = mailboxSyntax(value)
  if (setting === 'auto' || setting === 'off') return setting
  const mailbox =
    'url' in setting
      ? mailDevMailbox(setting.url, { timeoutMs })
      : commandMailbox(setting.command, { timeoutMs })
  const problem = await mailbox.problem()
  if (problem) throw new UsageError(`--mailbox: ${problem}`)
  return mailbox
}

/** `--only a,b`: operations and flows by id; an id that names neither is a usage error. */
function selectionOf(
  list: string | undefined,
  operationIds: readonly string[],
): { operations: string[]; flows: string[] } | undefined {
  if (list === undefined) return undefined
  const ids = listOption(list)
  const flows = ids.filter((id) => (FLOW_IDS as readonly string[]).includes(id))
  const operations = ids.filter((id) => operationIds.includes(id))
  const unknown = ids.filter((id) => !flows.includes(id) && !operations.includes(id))
  if (ids.length === 0 || unknown.length > 0)
    throw new UsageError(
      `--only names no operation or flow: ${unknown.join(', ') || '(empty)'} (flows: ${FLOW_IDS.join(', ')})`,
    )
  return { operations, flows }
}
