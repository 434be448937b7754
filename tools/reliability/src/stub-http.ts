import { loadContract } from '@devenv/openapi'

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
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await response.text()
    try {
      return { status: response.status, body: text ? (JSON.parse(text) as JsonAnswer['body']) : {} }
    } catch {
      return { status: response.status, body: { text } }
    }
  }
}
