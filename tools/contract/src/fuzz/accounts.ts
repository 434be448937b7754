import { randomBytes } from 'node:crypto'
import type { Credentials } from '@devenv/openapi/dev-protocol'
import {
  type CallOperation,
  reasonOf,
  registerThroughMailbox,
  signIn,
  signOut,
  tokensOf,
} from '../accounts'
import type { OperationCall, Transport } from '../http'
import { devMailbox, type Mailbox } from '../mailbox'
import { GivenAccountRefused, WorldSetupError } from './world'

/**
 * The stub's development mailbox of its default store (no `X-Stub-Session`) over the fuzzer's
 * transport, when the target has one: the mailbox `--mailbox auto` finds.
 */
export async function devMailboxOf(transport: Transport): Promise<Mailbox | undefined> {
  const mailbox = devMailbox(transport)
  return (await mailbox.problem()) === undefined ? mailbox : undefined
}

/**
 * Each given account must sign in before the run builds anything with it: refused credentials
 * are the user's to fix; any other answer (a 429 of a window another run filled) is the server's.
 */
export async function accountsSignIn(
  call: CallOperation,
  accounts: { user: Credentials; second?: Credentials },
): Promise<void> {
  for (const account of [accounts.user, accounts.second]) {
    if (!account) continue
    const answer = await signIn(call, account)
    const refresh = tokensOf(answer)?.refresh
    if (answer.status === 200) {
      if (refresh !== undefined) await signOut(call, refresh)
      continue
    }
    const why = `the account ${account.email} does not sign in: ${answer.status} ${reasonOf(answer)}`
    throw answer.status === 401 || answer.status === 403
      ? new GivenAccountRefused(why.trimEnd())
      : new WorldSetupError(why.trimEnd())
  }
}

/** How long the registration waits for an activation mail, at least (a mailbox may say longer). */
const MAIL_WAIT_MS = 10_000

/**
 * Two accounts of the run's own, through the API: registered under addresses no other run has,
 * activated by the link the mailbox shows. Used when no accounts were given and the target
 * e-mails its links to a mailbox the fuzzer can read. They stay on the server afterwards (the
 * contract has no way to delete an account). The first step that fails ends the run.
 */
export async function registerAccounts(
  call: CallOperation,
  mailbox: Mailbox,
): Promise<{ user: Credentials; second: Credentials }> {
  const tag = randomBytes(4).toString('hex')
  const timeoutMs = Math.max(MAIL_WAIT_MS, mailbox.deliveryMs)
  const register = async (who: string): Promise<Credentials> => {
    const email = `fuzz-${tag}-${who}@example.com`
    // Strong by the domain's rule: long, mixed, not a dictionary word.
    const password = `Fz-${randomBytes(9).toString('base64url')}-9a`
    const steps = {
      expect: async (operationId: string, body: OperationCall, status: number) => {
        const answer = await call(operationId, body)
        if (answer.status !== status)
          throw new WorldSetupError(
            `${operationId === 'register' ? 'registering' : 'activating'} ${email} answered ${answer.status} ${reasonOf(answer)}`,
          )
        return answer
      },
      mailed: (_: string, arrived: boolean) => {
        if (!arrived)
          throw new WorldSetupError(
            `no activation mail to ${email} reached ${mailbox.name} within ${timeoutMs / 1000} s`,
          )
        return true
      },
    }
    await registerThroughMailbox(steps, mailbox, { email, password }, { timeoutMs })
    return { email, password }
  }
  return { user: await register('user'), second: await register('second') }
}
