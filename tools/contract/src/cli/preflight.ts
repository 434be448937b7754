import { type Answer, send, targetOf } from '../http'
import { UsageError } from './options'

/**
 * Makes sure a URL names a server that speaks JSON before a run starts: GET <api base>/health must
 * answer, without a redirect, with JSON. Anything else is a usage error with its one-line reason
 * (an unreachable host, a server that hangs past the timeout, an HTML page, a redirect).
 * A JSON answer of any status passes: judging it is the run's work.
 */
export async function preflight(
  baseUrl: string,
  timeoutMs: number,
  flag = 'base-url',
): Promise<void> {
  const target = targetOf(baseUrl, 'devenv-contract-preflight', timeoutMs)
  const url = `${target.apiBase}/health`
  const answer: Answer = await send(target, { method: 'GET', path: '/health' })
  if (answer.error) {
    if (/timeout|aborted/i.test(answer.error))
      throw new UsageError(
        `${url} did not answer within ${timeoutMs} ms (--timeout): is the server stuck?`,
      )
    throw new UsageError(`cannot reach ${url} (--${flag}): ${answer.error}`)
  }
  if (answer.status >= 300 && answer.status < 400) {
    const location = answer.headers.get('location')
    throw new UsageError(
      `${url} answered a redirect (${answer.status}${location ? ` to ${location}` : ''}) where JSON was expected: give the final address as --${flag}`,
    )
  }
  const contentType = answer.headers.get('content-type') ?? '(none)'
  if (answer.json === undefined) {
    const what =
      /html/i.test(contentType) || /^\s*<(!doctype|html)/i.test(answer.text)
        ? 'an HTML page'
        : `${contentType} that is not JSON`
    throw new UsageError(
      `${url} answered ${answer.status} with ${what} where JSON was expected: does --${flag} point at the API (http://host:port or its /api base)?`,
    )
  }
}
