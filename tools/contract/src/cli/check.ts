import type { Contract } from '@devenv/openapi'
import type { Credentials } from '@devenv/openapi/dev-protocol'
import { callOver, refusedAccount } from '../accounts'
import { checkTarget, type RunOptions } from '../check/runner'
import { checkPartsOf } from '../check/selection'
import { MIB, targetOf } from '../http'
import { commandMailbox, mailDevMailbox } from '../mailbox'
import { CHECK_COMMAND } from './command-specs'
import { exitCodeOf, listenForStop, runOutputs } from './finish'
import { CHECK_RULES } from './option-rules'
import type { MailboxSetting } from './option-values'
import { type Command, readSettings, usageOf } from './options'
import { preflight } from './preflight'
import { sinceOutputs, sinceTheBase } from './since'
import { say } from './terminal'
import { EXIT, UsageError } from './usage'

/** `devenv-contract check`: its settings, then `--since`, the preflight, the accounts, the run. */
export const check: Command = async (argv) => {
  const settings = readSettings(argv, CHECK_COMMAND, checkPartsOf, CHECK_RULES)
  if (settings === 'help') {
    say(usageOf(CHECK_COMMAND))
    return EXIT.passed
  }
  const { options, shared, contract, accounts } = settings
  const baseUrl = options['base-url']
  // The backend team reads what the new version asks of it before anything else is said or sent.
  const since =
    options.since === undefined
      ? undefined
      : await sinceTheBase(options.since, contract, shared.timeoutMs)
  const health = await preflight(baseUrl, shared.timeoutMs, contract)
  await signInGivenAccounts(baseUrl, accounts, shared.timeoutMs, contract)
  const mailbox = await mailboxOption(options.mailbox, shared.timeoutMs)

  // Ctrl+C or a CI's SIGTERM ends the run with the report of what was judged (exit 1).
  const signals = listenForStop()
  const report = await checkTarget({
    baseUrl,
    contract,
    mailbox,
    session: options.session,
    credentials: accounts?.user,
    secondCredentials: accounts?.second,
    only: settings.only,
    shard: options.shard,
    waitSeconds: options.wait,
    maxWaitSeconds: options['max-wait'],
    maxAnswerBytes: options['max-answer-mib'] * MIB,
    timeoutMs: shared.timeoutMs,
    outputs: since ? sinceOutputs(since, runOutputs(shared)) : runOutputs(shared),
    allowSkip: shared.allowSkip,
    health,
    stopped: signals.stopped,
  }).finally(signals.release)
  return exitCodeOf(report, shared)
}

/**
 * Signs each given account in, and out again, before a run spends the target's rate-limit windows
 * on it: an account the server refuses (401, a wrong password; 403, not activated) is a usage error
 * with the server's answer, rather than a whole run's worth of skipped checks. Any other answer is
 * the server's to account for: the run goes on and judges it.
 */
async function signInGivenAccounts(
  baseUrl: string,
  accounts: { user: Credentials; second?: Credentials } | undefined,
  timeoutMs: number,
  contract: Contract,
): Promise<void> {
  const refused = await refusedAccount(
    callOver(contract, targetOf(baseUrl, timeoutMs)),
    [accounts?.user, accounts?.second],
    (status) => status === 401 || status === 403,
  )
  if (refused !== undefined) throw new UsageError(refused)
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
