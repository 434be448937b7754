import { createDevClient, type DevTransport } from '@devenv/openapi/dev-protocol'
import { boundedDevTransport } from '../http'
import type { Mailbox } from './mailbox'

/**
 * The stub's development mailbox (`GET /__dev/mailbox?to=`), kept per stub session: the mails
 * of the session they were sent in, with their link already parsed by the stub.
 */
export function devMailbox(target: string | DevTransport, timeoutMs = 15_000): Mailbox {
  // An origin over HTTP, or a transport (the fuzzer's, which may be a stub in process).
  const reach = {
    transport: typeof target === 'string' ? boundedDevTransport(target, timeoutMs) : target,
  }
  const client = (session?: string) =>
    createDevClient({ ...reach, ...(session === undefined ? {} : { session }) })
  return {
    name: "the stub's development mailbox (GET /__dev/mailbox)",
    deliveryMs: 0,
    links: async (to, session) =>
      (await client(session).mailbox(to)).map((mail) => mail.linkParams),
    problem: async () => {
      const answers = await client()
        .hasMailbox()
        .catch(() => false)
      return answers ? undefined : 'the target has no GET /__dev/mailbox'
    },
  }
}
