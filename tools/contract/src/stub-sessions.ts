import { devClientOf, type Transport } from './http'

/**
 * Whether the target keeps a store per `X-Stub-Session` (the stub in development and test
 * modes): asked at `GET /__dev/session`, which names the session that answered. Only a target
 * that reads back the id it was sent has sessions; any other answer, or none, means every client
 * shares the target's state and rate-limit windows. Independent of the mailbox: a staging backend
 * with a mail catcher has mail but no sessions.
 */
export async function hasStubSessions(transport: Transport, session: string): Promise<boolean> {
  const probe = `${session}.probe`
  const served = await devClientOf(transport, probe)
    .servedSession()
    .catch(() => undefined)
  return served === probe
}
