import type { Contract } from '@devenv/openapi'
import { type Answer, headerOf, operationRequest, targetOf } from '../http'
import { shownUrl } from './option-values'
import { UsageError } from './usage'

/**
 * Makes sure a URL names the API before a run starts: only a target that is not the API at all is
 * a usage error with its one-line reason (an unreachable host, a server that hangs past the
 * timeout, a redirect, an HTML page). Any other answer passes, of any status and media type: an
 * API whose health answer is out of contract (text/plain, a wrong body) is a failure of
 * `getHealth`, judged by the run, which goes on. The answer is handed back: `check` judges it as
 * its run's getHealth check rather than asking again (the health endpoint has a rate limit too).
 */
export async function preflight(
  baseUrl: string,
  timeoutMs: number,
  contract: Contract,
  flag = 'base-url',
): Promise<Answer> {
  const target = targetOf(baseUrl, timeoutMs)
  const health = operationRequest(contract, 'getHealth', {}, target)
  const answer = await target.transport.send(health)
  // Said only in a refusal: shown as the user may see it, its credentials masked.
  const url = shownUrl(`${target.transport.origin}${health.url}`)
  if (answer.error) {
    if (/timeout|aborted/i.test(answer.error))
      throw new UsageError(
        `${url} did not answer within ${timeoutMs} ms (--timeout): is the server stuck?`,
      )
    throw new UsageError(`cannot reach ${url} (--${flag}): ${answer.error}`)
  }
  if (answer.status >= 300 && answer.status < 400) {
    const location = headerOf(answer, 'location')
    throw new UsageError(
      `${url} answered a redirect (${answer.status}${location ? ` to ${location}` : ''}) where JSON was expected: give the final address as --${flag}`,
    )
  }
  const contentType = headerOf(answer, 'content-type') ?? ''
  if (
    answer.json === undefined &&
    (/html/i.test(contentType) || /^\s*<(!doctype|html)/i.test(answer.text))
  )
    throw new UsageError(
      `${url} answered ${answer.status} with an HTML page where JSON was expected: does --${flag} point at the API (http://host:port or its /api base)?`,
    )
  return answer
}
