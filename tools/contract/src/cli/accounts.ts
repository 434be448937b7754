import type { Contract } from '@devenv/openapi'
import type { Credentials } from '@devenv/openapi/dev-protocol'
import { callOver, refusedAccount } from '../accounts'
import { targetOf } from '../http'
import { rememberSecret } from '../report/secrets'
import type { ParsedCommand } from './options'
import { UsageError } from './usage'

/** The account options, as `check` and `fuzz` both take them (command-specs.ts declares them). */
export const ACCOUNT_OPTION_NAMES = ['email', 'password', 'second-email', 'second-password']

/**
 * The accounts given by flags, or by the environment (`CONTRACT_EMAIL`, `CONTRACT_PASSWORD`,
 * `CONTRACT_SECOND_EMAIL`, `CONTRACT_SECOND_PASSWORD`: secrets stay out of the command line).
 * An address without its password, or a second account without a first, is a usage error.
 */
export function givenAccounts(
  command: Pick<ParsedCommand, 'text'>,
  env: Record<string, string | undefined> = process.env,
): { user: Credentials; second?: Credentials } | undefined {
  const pair = (flag: string, variable: string) => {
    const email = command.text(`${flag}email`) ?? env[`CONTRACT_${variable}EMAIL`]
    const password = command.text(`${flag}password`) ?? env[`CONTRACT_${variable}PASSWORD`]
    if ((email === undefined) !== (password === undefined))
      throw new UsageError(`give both --${flag}email and --${flag}password, or neither`)
    // A server may echo it back (a 401 that quotes the request): no output shows it.
    rememberSecret(password)
    return email === undefined || password === undefined ? undefined : { email, password }
  }
  const user = pair('', '')
  const second = pair('second-', 'SECOND_')
  if (second && !user) throw new UsageError('a second account needs a first (--email, --password)')
  if (user && second && user.email.toLowerCase() === second.email.toLowerCase())
    throw new UsageError('the second account must be another one than the first')
  return user ? { user, ...(second ? { second } : {}) } : undefined
}

/**
 * Signs each given account in, and out again, before a run spends the target's rate-limit windows
 * on it: an account the server refuses (401, a wrong password; 403, not activated) is a usage error
 * with the server's answer, rather than a whole run's worth of skipped checks. Any other answer is
 * the server's to account for: the run goes on and judges it.
 */
export async function signInGivenAccounts(
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
