import type { Credentials } from '@devenv/stub-api/dev-client'
import { type ParsedCommand, UsageError } from './options'

/** The account flags, as `check` and `fuzz` both take them. */
export const ACCOUNT_OPTIONS = {
  email: { type: 'string' },
  password: { type: 'string' },
  'second-email': { type: 'string' },
  'second-password': { type: 'string' },
} as const

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
    return email === undefined || password === undefined ? undefined : { email, password }
  }
  const user = pair('', '')
  const second = pair('second-', 'SECOND_')
  if (second && !user) throw new UsageError('a second account needs a first (--email, --password)')
  if (user && second && user.email.toLowerCase() === second.email.toLowerCase())
    throw new UsageError('the second account must be another one than the first')
  return user ? { user, ...(second ? { second } : {}) } : undefined
}
