import { randomBytes } from 'node:crypto'
import { type Contract, isJsonObject } from '@devenv/openapi'
import type { Credentials } from '@devenv/openapi/dev-protocol'
import { devMailbox, type Mailbox, waitForLink } from '../mailbox'
import { devTransportOf, type FuzzTransport, operationRequest } from './transport'
import { WorldSetupError } from './world'

/**
 * The stub's development mailbox of its default store (no `X-Stub-Session`) over the fuzzer's
 * transport, when the target has one: the mailbox `--mailbox auto` finds.
 */
export async function devMailboxOf(transport: FuzzTransport): Promise<Mailbox | undefined> {
  const mailbox = devMailbox(devTransportOf(transport))
  return (await mailbox.problem()) === undefined ? mailbox : undefined
}

/** How long the registration waits for an activation mail, at least (a mailbox may say longer). */
const MAIL_WAIT_MS = 10_000

/**
 * Two accounts of the run's own, through the API: registered under addresses no other run has,
 * activated by the link the mailbox shows. Used when no accounts were given and the target
 * e-mails its links to a mailbox the fuzzer can read. They stay on the server afterwards (the
 * contract has no way to delete an account).
 */
export async function registerAccounts(
  transport: FuzzTransport,
  mailbox: Mailbox,
  contract: Contract,
): Promise<{ user: Credentials; second: Credentials }> {
  const tag = randomBytes(4).toString('hex')
  const send = (operationId: string, body: unknown) =>
    transport.send(operationRequest(contract, operationId, { body }))
  const register = async (who: string): Promise<Credentials> => {
    const email = `fuzz-${tag}-${who}@example.com`
    // Strong by the domain's rule: long, mixed, not a dictionary word.
    const password = `Fz-${randomBytes(9).toString('base64url')}-9a`
    const registered = await send('register', {
      username: email,
      password,
      userType: 'PERSONAL',
    })
    if (registered.status !== 201)
      throw new WorldSetupError(
        `registering ${email} answered ${registered.status} ${registered.text.slice(0, 200)}`,
      )
    const timeoutMs = Math.max(MAIL_WAIT_MS, mailbox.deliveryMs)
    const token = (await waitForLink(mailbox, email, 'activate', { timeoutMs }))?.activate
    if (token === undefined)
      throw new WorldSetupError(
        `no activation mail to ${email} reached ${mailbox.name} within ${Math.max(MAIL_WAIT_MS, mailbox.deliveryMs) / 1000} s`,
      )
    const activated = await send('activateAccount', { token })
    if (activated.status !== 200)
      throw new WorldSetupError(
        `activating ${email} answered ${activated.status} ${isJsonObject(activated.json) ? String(activated.json.message) : activated.text.slice(0, 200)}`,
      )
    return { email, password }
  }
  return { user: await register('user'), second: await register('second') }
}
