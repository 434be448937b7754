import { isJsonObject } from '@devenv/openapi'
import { fetchAnswer, STUB_SESSION_HEADER, type Target } from './http'

/**
 * Whether the target keeps a store per `X-Stub-Session` (the stub in development and test
 * modes): asked at `GET /__dev/session`, which names the session that answered. Only a target
 * that reads back the id it was sent has sessions; any other answer, or none, means every client
 * shares the target's state and rate-limit windows. Independent of the mailbox: a staging backend
 * with a mail catcher has mail but no sessions.
 */
export async function hasStubSessions(target: Target, session: string): Promise<boolean> {
  const probe = `${session}.probe`
  const answer = await fetchAnswer(
    {
      method: 'GET',
      url: `${target.origin}/__dev/session`,
      headers: { [STUB_SESSION_HEADER]: probe },
      body: undefined,
    },
    target.timeoutMs,
  )
  return answer.status === 200 && isJsonObject(answer.json) && answer.json.session === probe
}
