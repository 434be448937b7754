import type { Contract } from '@devenv/openapi'
import { FLOW_IDS } from '../check/flows/ids'
import { checkPartsOf, checkTarget, type RunOptions, shardUnits } from '../check/runner'
import { MIB } from '../http'
import { commandMailbox, mailDevMailbox } from '../mailbox'
import { ACCOUNT_OPTION_NAMES, givenAccounts, signInGivenAccounts } from './accounts'
import { CHECK_COMMAND } from './command-specs'
import { readContractVersion } from './diff'
import { exitCodeOf, runOutputs } from './finish'
import { numberDefault } from './option-specs'
import {
  type Command,
  contractFor,
  listOption,
  type ParsedCommand,
  readSubcommand,
  shardOption,
  UsageError,
  urlOption,
  usageOf,
} from './options'
import { preflight } from './preflight'
import { sinceOutputs, sinceTheBase } from './since'
import { say } from './terminal'

/** `devenv-contract check`: today's runner, behind the shared options and a preflight of the target. */
export const check: Command = async (argv) => {
  const command = readSubcommand(argv, CHECK_COMMAND, (contractPath) =>
    checkPartsOf(contractFor({ contractPath })),
  )
  if (command.help) {
    say(usageOf(CHECK_COMMAND))
    return 0
  }
  const { shared, text } = command
  const baseUrl = command.check('base-url', () => urlOption('base-url', text('base-url')), '')
  const accounts = command.check(ACCOUNT_OPTION_NAMES, () => givenAccounts(command), undefined)
  const waitSeconds = command.number('wait', numberDefault(CHECK_COMMAND, 'wait'), {
    min: 0,
    max: 3600,
  })
  const maxWaitSeconds = command.number('max-wait', numberDefault(CHECK_COMMAND, 'max-wait'), {
    min: 0,
    max: 3600,
  })
  const maxAnswerMib = command.number(
    'max-answer-mib',
    numberDefault(CHECK_COMMAND, 'max-answer-mib'),
    {
      min: 1,
      max: 1024,
    },
  )
  command.check('mailbox', () => mailboxSetting(command), undefined)
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
  // The backend team reads what the new version asks of it before anything else is said or sent.
  const sinceGiven = text('since')
  const since =
    sinceGiven === undefined
      ? undefined
      : await sinceTheBase(sinceGiven, loaded, (given) =>
          readContractVersion(given, shared.timeoutMs),
        )
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
    outputs: since ? sinceOutputs(since, runOutputs(shared)) : runOutputs(shared),
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
 * `--mailbox` of a subcommand, as written: a command (`exec:CMD`) from the configuration file is
 * refused unless `--allow-exec` was given on the command line. A file found in the folder may be a
 * checkout's, anyone's, and running the CLI there must not run its commands unasked; a command
 * typed on the command line is the user's own.
 */
export function mailboxSetting(command: ParsedCommand): ReturnType<typeof mailboxSyntax> {
  const setting = mailboxSyntax(command.text('mailbox'))
  if (typeof setting === 'object' && 'command' in setting && command.fromFile('mailbox'))
    if (!command.flag('allow-exec'))
      throw new UsageError(
        `${command.origin('mailbox')} is a command (exec:), which runs from a configuration file only with --allow-exec on the command line`,
      )
  return setting
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
