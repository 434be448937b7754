import { type CapturedAnswer, type Contract, captureAnswer, requestLineOf } from '@devenv/openapi'
import {
  type DevTransport,
  fetchFailureOf,
  fetchTransport,
  STUB_SESSION_HEADER,
} from '@devenv/openapi/dev-protocol'

/** Where the runner sends requests: the API base (`/api` or `/api/v1`) and the origin for `/__dev`. */
export type Target = {
  apiBase: string
  origin: string
  /**
   * Sent as X-Stub-Session on every request, only to a target that said it keeps a store per
   * session (`hasStubSessions`); undefined for any other, which gets no such header.
   */
  session: string | undefined
  timeoutMs: number
  /** The longest answer body read (bytes); past it the check fails with that reason. */
  maxAnswerBytes?: number
  /** How long a check may wait for a full rate-limit window (its Retry-After); 0: never. */
  maxWaitSeconds?: number
  /**
   * Set when the target's windows are shared with every other client and run: the checks this run
   * sent to each operation with a per-client window, which it keeps to half of the window's limit.
   */
  windowBudget?: Map<string, number>
}

export type Answer = CapturedAnswer<Headers> & {
  durationMs: number
  /** Set when no answer came (connection refused, reset, timeout). */
  error?: string
}

export type Outgoing = {
  method: string
  /** Relative to the API base, or to the origin when `dev` is set. */
  path: string
  body?: unknown
  /** Sent as is, with `contentType`, instead of `body`. */
  payload?: string
  contentType?: string
  token?: string
  headers?: Record<string, string>
  dev?: boolean
}

/**
 * A request of an operation as a flow writes it: what it carries beyond what the operation's id
 * fixes (its method, and its path in the run's contract), with the values of its path parameters.
 */
export type OperationCall = Omit<Outgoing, 'method' | 'path' | 'dev'> & {
  params?: Record<string, string>
}

/** The request of an operation, sent where the run's contract puts it (`requestLineOf`). */
export function outgoingOf(
  contract: Contract,
  operationId: string,
  { params, ...call }: OperationCall,
): Outgoing {
  return { ...requestLineOf(contract, operationId, params), ...call }
}

/** `http://host:port`, `http://host:port/api` and `.../api/v1` all name the same target. */
export function targetOf(baseUrl: string, session: string | undefined, timeoutMs = 15_000): Target {
  const url = new URL(baseUrl)
  const path = url.pathname.replace(/\/+$/, '')
  const apiPath = /\/api(\/v1)?$/.test(path) ? path : `${path}/api`
  return {
    apiBase: `${url.origin}${apiPath}`,
    origin: `${url.origin}${path.replace(/\/api(\/v1)?$/, '')}`,
    session,
    timeoutMs,
  }
}

/** A request as it goes on the wire: what `send` sends and what a reproducer repeats. */
export type WireRequest = {
  method: string
  url: string
  headers: Record<string, string>
  body: string | undefined
}

export function wireRequestOf(target: Target, request: Outgoing): WireRequest {
  const base = request.dev ? target.origin : target.apiBase
  const headers: Record<string, string> = {
    ...(target.session === undefined ? {} : { [STUB_SESSION_HEADER]: target.session }),
    ...request.headers,
  }
  let body: string | undefined
  if (request.payload !== undefined) {
    body = request.payload
    if (request.contentType) headers['Content-Type'] = request.contentType
  } else if (request.body !== undefined) {
    body = JSON.stringify(request.body)
    headers['Content-Type'] = 'application/json'
  }
  if (request.token) headers.Authorization = `Bearer ${request.token}`
  return { method: request.method, url: `${base}${request.path}`, headers, body }
}

export async function send(target: Target, request: Outgoing): Promise<Answer> {
  return fetchAnswer(wireRequestOf(target, request), target.timeoutMs, target.maxAnswerBytes)
}

export const MIB = 1024 * 1024

/** The largest answer body read by default (`--max-answer-mib`): far above any of the contract's. */
export const DEFAULT_MAX_ANSWER_BYTES = 4 * MIB

/** An answer body longer than the cap: read up to it, then the connection is dropped. */
export class AnswerTooLarge extends Error {
  override name = 'AnswerTooLarge'
  constructor(readonly maxBytes: number) {
    super(
      `the answer's body is over ${formatBytes(maxBytes)}, the most read (--max-answer-mib raises it)`,
    )
  }
}

const formatBytes = (bytes: number) =>
  bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes.toLocaleString('en-US')} bytes`

/**
 * A response's body as text, read no further than `maxBytes`: a server under test may answer
 * gigabytes, and a whole read would take the toolkit's memory with it. Throws AnswerTooLarge.
 */
export async function readBody(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel()
    throw new AnswerTooLarge(maxBytes)
  }
  if (!response.body) return ''
  const chunks: Uint8Array[] = []
  let length = 0
  for await (const chunk of response.body) {
    length += chunk.byteLength
    if (length > maxBytes) {
      await response.body.cancel().catch(() => undefined)
      throw new AnswerTooLarge(maxBytes)
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks, length).toString('utf8')
}

/**
 * One request over HTTP and its answer as the contract library captures it: redirects are
 * answers (not followed), and no answer within `timeoutMs` (or none at all) is status 0 with the
 * reason. The runner's `send` and the fuzzer's HTTP transport both go through here.
 */
export async function fetchAnswer(
  request: Omit<WireRequest, 'body'> & { body: string | Buffer | undefined },
  timeoutMs: number,
  maxAnswerBytes = DEFAULT_MAX_ANSWER_BYTES,
): Promise<Answer> {
  const { method, url, headers, body } = request
  const started = performance.now()
  try {
    const response = await fetch(url, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
    const text = await readBody(response, maxAnswerBytes)
    return {
      ...captureAnswer(response.status, response.headers, text),
      durationMs: performance.now() - started,
    }
  } catch (error) {
    return {
      ...captureAnswer(0, new Headers(), ''),
      durationMs: performance.now() - started,
      error: fetchFailureOf(error),
    }
  }
}

/**
 * The development protocol's requests (`/__dev/*`) over HTTP, bounded in time and in the bytes
 * read as every answer of the toolkit is: a target that claims the stub's controls is still a
 * target.
 */
export function boundedDevTransport(
  origin: string,
  timeoutMs: number,
  maxAnswerBytes = DEFAULT_MAX_ANSWER_BYTES,
): DevTransport {
  return fetchTransport(origin, timeoutMs, (response) => readBody(response, maxAnswerBytes))
}
