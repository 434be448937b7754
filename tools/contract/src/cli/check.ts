import type { Contract } from '@devenv/openapi'
import { FLOW_IDS } from '../check/flows/ids'
import { checkTarget, type RunOptions } from '../check/runner'
import { checkPartsOf, shardUnits } from '../check/selection'
import { MIB } from '../http'
import { commandMailbox, mailDevMailbox } from '../mailbox'
import { ACCOUNT_OPTION_NAMES, givenAccounts, signInGivenAccounts } from './accounts'
import { CHECK_COMMAND } from './command-specs'
import { readContractVersion } from './diff'
import { exitCodeOf, runOutputs } from './finish'
import type { MailboxSetting } from './option-values'
import { type Command, contractFor, type ParsedCommand, readCommand, usageOf } from './options'
import { preflight } from './preflight'
import { sinceOutputs, sinceTheBase } from './since'
import { say } from './terminal'
import { UsageError } from './usage'

/** `devenv-contract check`: today's runner, behind the shared options and a preflight of the target. */
export const check: Command = async (argv) => {
  const command = readCommand(argv, CHECK_COMMAND, (contractPath) =>
    checkPartsOf(contractFor({ contractPath })),
  )
  if (command.help) {
    say(usageOf(CHECK_COMMAND))
    return 0
  }
  const { shared, value } = command
  const accounts = command.check(ACCOUNT_OPTION_NAMES, () => givenAccounts(command), undefined)
  command.check(
    'mailbox',
    () => mailboxAllowed(command, value('mailbox'), value('allow-exec')),
    undefined,
  )
  const shard = value('shard')
  // Loaded with the options: --only and --shard are checked against it.
  const contract = command.check('contract', () => contractFor(shared), undefined)
  const only =
    contract === undefined
      ? undefined
      : command.check(
          'only',
          () =>
            selectionOf(
              value('only'),
              contract.operations.map((each) => each.operationId),
            ),
          undefined,
        )
  // A shard with no share would pass having tested nothing: as many shards as pieces, at most.
  if (shard && contract && (only !== undefined || value('only') === undefined))
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
  const baseUrl = value('base-url')
  // The backend team reads what the new version asks of it before anything else is said or sent.
  const sinceGiven = value('since')
  const since =
    sinceGiven === undefined
      ? undefined
      : await sinceTheBase(sinceGiven, loaded, (given) =>
          readContractVersion(given, shared.timeoutMs),
        )
  const health = await preflight(baseUrl, shared.timeoutMs, loaded)
  await signInGivenAccounts(baseUrl, accounts, shared.timeoutMs, loaded)
  const mailbox = await mailboxOption(value('mailbox'), shared.timeoutMs)

  const report = await checkTarget({
    baseUrl,
    contract: loaded,
    mailbox,
    session: value('session'),
    credentials: accounts?.user,
    secondCredentials: accounts?.second,
    only,
    shard,
    waitSeconds: value('wait'),
    maxWaitSeconds: value('max-wait'),
    maxAnswerBytes: value('max-answer-mib') * MIB,
    timeoutMs: shared.timeoutMs,
    outputs: since ? sinceOutputs(since, runOutputs(shared)) : runOutputs(shared),
    allowSkip: shared.allowSkip,
    health,
  })
  return exitCodeOf(report, shared)
}

/**
 * A command (`exec:CMD`) as the configuration file's `mailbox` is refused unless `--allow-exec` was
 * given on the command line. A file found in the folder may be a checkout's, anyone's, and
 * running the CLI there must not run its commands unasked; a command typed on the command line is
 * the user's own.
 */
export function mailboxAllowed(
  command: Pick<ParsedCommand, 'fromFile' | 'origin'>,
  setting: MailboxSetting | undefined,
  allowExec: boolean,
): void {
  if (typeof setting === 'object' && 'command' in setting && command.fromFile('mailbox'))
    if (!allowExec)
      throw new UsageError(
        `${command.origin('mailbox')} is a command (exec:), which runs from a configuration file only with --allow-exec on the command line`,
      )
}

/**
 * `--mailbox`: auto (when not given), off, a mail catcher's URL, or `exec:CMD`, a command that
 * prints the newest e-mail to the address in $1; either must answer as one before the run.
 */
export async function mailboxOption(
  given: MailboxSetting | undefined,
  timeoutMs: number,
): Promise<NonNullable<RunOptions['mailbox']>> {
  const setting = given ?? 'auto'
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
  ids: readonly string[] | undefined,
  operationIds: readonly string[],
): { operations: string[]; flows: string[] } | undefined {
  if (ids === undefined) return undefined
  const flows = ids.filter((id) => (FLOW_IDS as readonly string[]).includes(id))
  const operations = ids.filter((id) => operationIds.includes(id))
  const unknown = ids.filter((id) => !flows.includes(id) && !operations.includes(id))
  if (ids.length === 0 || unknown.length > 0)
    throw new UsageError(
      `--only names no operation or flow: ${unknown.join(', ') || '(empty)'} (flows: ${FLOW_IDS.join(', ')})`,
    )
  return { operations, flows }
}
