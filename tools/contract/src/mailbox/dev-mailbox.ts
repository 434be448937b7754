import { devClientOf, httpTransport, type Transport } from '../http'
import type { Mailbox } from './mailbox'

/**
 * The stub's development mailbox (`GET /__dev/mailbox?to=`), kept per stub session: the mails
 * of the session they were sent in, with their link already parsed by the stub.
 */
export function devMailbox(target: string | Transport, timeoutMs = 15_000): Mailbox {
  // An origin over HTTP, or the run's transport (which may be a stub in process).
  const transport = typeof target === 'string' ? httpTransport(target, timeoutMs) : target
  return {
    name: "the stub's development mailbox (GET /__dev/mailbox)",
    deliveryMs: 0,
    links: async (to, session) =>
      (await devClientOf(transport, session).mailbox(to)).map((mail) => mail.linkParams),
    problem: async () => {
      const answers = await devClientOf(transport)
        .hasMailbox()
        .catch(() => false)
      return answers ? undefined : 'the target has no GET /__dev/mailbox'
    },
  }
}
