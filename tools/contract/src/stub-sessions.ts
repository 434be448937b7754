import { createDevClient } from '@devenv/openapi/dev-protocol'
import { boundedDevTransport, type Target } from './http'

/**
 * Whether the target keeps a store per `X-Stub-Session` (the stub in development and test
 * modes): asked at `GET /__dev/session`, which names the session that answered. Only a target
 * that reads back the id it was sent has sessions; any other answer, or none, means every client
 * shares the target's state and rate-limit windows. Independent of the mailbox: a staging backend
 * with a mail catcher has mail but no sessions.
 */
export async function hasStubSessions(target: Target, session: string): Promise<boolean> {
  const probe = `${session}.probe`
  const client = createDevClient({
    transport: boundedDevTransport(target.origin, target.timeoutMs, target.maxAnswerBytes),
    session: probe,
  })
  return (await client.servedSession().catch(() => undefined)) === probe
}
