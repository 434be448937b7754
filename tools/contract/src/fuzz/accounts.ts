import { randomBytes } from 'node:crypto'
import { isJsonObject } from '@devenv/openapi'
import { type Credentials, createDevClient } from '@devenv/stub-api/dev-client'
import type { FuzzTransport } from './transport'
import { WorldSetupError } from './world'

/**
 * Where the fuzzer reads the links a target e-mails: the link parameters of each mail to an
 * address, newest first. The seam a mail catcher plugs into; today the stub's development
 * mailbox (`devMailbox`), read without a stub session.
 */
export type FuzzMailbox = {
  linkParams: (to: string) => Promise<Array<Record<string, string>>>
}

/**
 * The stub's `GET /__dev/mailbox` of its default store (no `X-Stub-Session`), over a transport;
 * undefined when the target has none.
 */
export async function devMailbox(transport: FuzzTransport): Promise<FuzzMailbox | undefined> {
  const client = createDevClient({
    transport: async ({ method, path, headers, body }) => {
      const answer = await transport.send({
        method,
        url: path,
        headers,
        ...(body !== undefined ? { payload: Buffer.from(body) } : {}),
      })
      return { status: answer.status, json: answer.json }
    },
  })
  if (!(await client.hasMailbox())) return undefined
  return {
    linkParams: async (to) => (await client.mailbox(to)).map((mail) => mail.linkParams),
  }
}

/** How long the registration waits for an activation mail to reach the mailbox. */
const MAIL_WAIT_MS = 10_000

/**
 * Two accounts of the run's own, through the API: registered under addresses no other run has,
 * activated by the link the mailbox shows. Used when no accounts were given and the target
 * e-mails its links to a mailbox the fuzzer can read. They stay on the server afterwards (the
 * contract has no way to delete an account).
 */
export async function registerAccounts(
  transport: FuzzTransport,
  mailbox: FuzzMailbox,
): Promise<{ user: Credentials; second: Credentials }> {
  const tag = randomBytes(4).toString('hex')
  const send = (path: string, body: unknown) =>
    transport.send({
      method: 'POST',
      url: `/api${path}`,
      headers: { 'content-type': 'application/json' },
      payload: Buffer.from(JSON.stringify(body)),
    })
  const register = async (who: string): Promise<Credentials> => {
    const email = `fuzz-${tag}-${who}@example.com`
    // Strong by the domain's rule: long, mixed, not a dictionary word.
    const password = `Fz-${randomBytes(9).toString('base64url')}-9a`
    const registered = await send('/auth/registration', {
      username: email,
      password,
      userType: 'PERSONAL',
    })
    if (registered.status !== 201)
      throw new WorldSetupError(
        `registering ${email} answered ${registered.status} ${registered.text.slice(0, 200)}`,
      )
    const deadline = performance.now() + MAIL_WAIT_MS
    let token: string | undefined
    while (token === undefined && performance.now() < deadline) {
      token = (await mailbox.linkParams(email)).find((params) => params.activate)?.activate
      if (token === undefined) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    if (token === undefined)
      throw new WorldSetupError(
        `no activation mail to ${email} reached the mailbox within ${MAIL_WAIT_MS / 1000} s`,
      )
    const activated = await send('/auth/activate', { token })
    if (activated.status !== 200)
      throw new WorldSetupError(
        `activating ${email} answered ${activated.status} ${isJsonObject(activated.json) ? String(activated.json.message) : activated.text.slice(0, 200)}`,
      )
    return { email, password }
  }
  return { user: await register('user'), second: await register('second') }
}
