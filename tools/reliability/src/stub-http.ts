import { request as httpRequest } from 'node:http'
import { captureAnswer, isJsonObject, loadContract } from '@devenv/openapi'

/** The first documented example body of an operation: realistic load without hand-written data. */
export function exampleBody(operationId: string): Record<string, unknown> {
  const operation = loadContract().operations.find((each) => each.operationId === operationId)
  const example = operation?.bodyExamples[0]?.value
  if (!example || typeof example !== 'object') throw new Error(`no example for ${operationId}`)
  return { ...(example as Record<string, unknown>) }
}

export type JsonAnswer = { status: number; body: Record<string, unknown> }

export type JsonCall = (
  method: string,
  path: string,
  body?: unknown,
  token?: string,
) => Promise<JsonAnswer>

/** JSON calls to a stub process over real HTTP (keep-alive connections of Node's fetch). */
export function jsonClient(origin: string): JsonCall {
  return async (method, path, body, token) => {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: headersOf(body, token),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return answerOf(response.status, response.headers, await response.text())
  }
}

/**
 * The same calls sent from another loopback address (127.0.0.2...): to the stub another client,
 * with rate-limit windows of its own. A run's closing checks use it, so that the load's own
 * windows, spent by design, cannot refuse them.
 */
export function jsonClientFrom(origin: string, localAddress: string): JsonCall {
  return (method, path, body, token) =>
    new Promise((resolve, reject) => {
      const sent = httpRequest(
        `${origin}${path}`,
        { method, localAddress, headers: headersOf(body, token) },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('error', reject)
          response.on('end', () =>
            resolve(
              answerOf(
                response.statusCode ?? 0,
                response.headers,
                Buffer.concat(chunks).toString(),
              ),
            ),
          )
        },
      )
      sent.on('error', reject)
      sent.end(body === undefined ? undefined : JSON.stringify(body))
    })
}

const headersOf = (body: unknown, token: string | undefined): Record<string, string> => ({
  ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  ...(token ? { authorization: `Bearer ${token}` } : {}),
})

function answerOf(
  status: number,
  headers: Parameters<typeof captureAnswer>[1],
  text: string,
): JsonAnswer {
  const answer = captureAnswer(status, headers, text)
  const parsed: JsonAnswer['body'] = isJsonObject(answer.json)
    ? answer.json
    : answer.text
      ? { text: answer.text }
      : {}
  return { status: answer.status, body: parsed }
}
