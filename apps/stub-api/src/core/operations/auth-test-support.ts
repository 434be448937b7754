import { expect } from 'vitest'
import type { TestStub } from '../test-support'

/** What the auth operations' tests share: the mailbox and registration, through a test stub. */

export const MINUTE = 60_000

export type MailItem = {
  kind: string
  to: string
  link: string
  linkParams: Record<string, string>
}

/** The newest mail to an address in the stub's mailbox (throws when there is none). */
export async function lastMail(stub: TestStub, to: string): Promise<MailItem> {
  const answer = await stub.call({ url: `/__dev/mailbox?to=${encodeURIComponent(to)}` })
  const [mail] = answer.json<{ items: MailItem[] }>().items
  if (!mail) throw new Error(`no mail for ${to}`)
  return mail
}

export async function register(stub: TestStub, email: string, password = 'Tbilisi-Sunrise-2025') {
  return stub.call({
    url: '/api/auth/registration',
    body: { username: email, password, userType: 'PERSONAL' },
  })
}

/** Registers the address and follows its activation link: the account signs in. */
export async function registerAndActivate(
  stub: TestStub,
  email: string,
  password = 'Tbilisi-Sunrise-2025',
) {
  expect((await register(stub, email, password)).statusCode).toBe(201)
  const { linkParams } = await lastMail(stub, email)
  const activation = await stub.call({
    url: '/api/auth/activate',
    body: { token: linkParams.activate },
  })
  expect(activation.statusCode).toBe(200)
}
