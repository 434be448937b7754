import {
  type CapturedAnswer,
  type Contract,
  captureAnswer,
  readHeader,
  requestLineOf,
} from '@devenv/openapi'
import {
  createDevClient,
  type DevClient,
  fetchFailureOf,
  STUB_SESSION_HEADER,
} from '@devenv/openapi/dev-protocol'

// How the toolkit reaches a server, for check, fuzz, the accounts and the mailbox alike: one
// request, one transport (over HTTP, or in process), one answer.

/**
 * A request as it goes to the server: what every transport sends and every reproducer repeats.
 * `url` runs from the server's root (`/api/auth/login`, `/__dev/clock`); the body is bytes, so
 * that a generated payload that is no UTF-8 goes as it was made.
 */
export type WireRequest = {
  method: string
  url: string
  headers: Record<string, string>
  body?: Buffer
}

/** A request as reports keep it (`exchangeOf`): its URL absolute, its body as text. */
export type RecordedRequest = Omit<WireRequest, 'body'> & { body: string | undefined }

export function recordOf(
  origin: string,
  { method, url, headers, body }: WireRequest,
): RecordedRequest {
  return { method, url: `${origin}${url}`, headers, body: body?.toString('utf8') }
}

/** What a request carries beyond its method and path (for an operation, what its id fixes). */
export type OperationCall = {
  /** The values of the operation's path parameters. */
  params?: Record<string, string>
  /** Sent as JSON. */
  body?: unknown
  /** Sent as is, with `contentType`, instead of `body`. */
  payload?: string
  contentType?: string
  token?: string
  headers?: Record<string, string>
}

/**
 * Where a request goes under the server's root: the API's path (`/api`, `/api/v1`), and the stub
 * session it is sent in. X-Stub-Session goes only with a session, which only a target that keeps
 * sessions is given: any other never sees the header.
 */
export type Placement = { apiPath: string; session?: string | undefined }

/** A request to `path` under the API: a JSON body or a payload as is, a bearer token, headers. */
export function requestTo(
  method: string,
  path: string,
  call: Omit<OperationCall, 'params'>,
  { apiPath, session }: Placement,
): WireRequest {
  const headers: Record<string, string> = {
    ...(session === undefined ? {} : { [STUB_SESSION_HEADER]: session }),
    ...call.headers,
  }
  // Content-Type and Authorization are spelt as check's reports and reproducers have shown them.
  let body: string | undefined
  if (call.payload !== undefined) {
    body = call.payload
    if (call.contentType) headers['Content-Type'] = call.contentType
  } else if (call.body !== undefined) {
    body = JSON.stringify(call.body)
    headers['Content-Type'] = 'application/json'
  }
  if (call.token) headers.Authorization = `Bearer ${call.token}`
  return {
    method,
    url: `${apiPath}${path}`,
    headers,
    ...(body === undefined ? {} : { body: Buffer.from(body) }),
  }
}

/**
 * The request of an operation, where the run's contract puts it (`requestLineOf`): under
 * `apiPath`, by default the contract's first prefix.
 */
export function operationRequest(
  contract: Contract,
  operationId: string,
  { params, ...call }: OperationCall = {},
  placement: Partial<Placement> = {},
): WireRequest {
  const { method, path } = requestLineOf(contract, operationId, params)
  const apiPath = placement.apiPath ?? contract.prefixes[0] ?? ''
  return requestTo(method, path, call, { apiPath, session: placement.session })
}

type AnswerHeaders = Record<string, string | string[] | number | undefined>

/** An answer as every part of the toolkit reads it, captured once by the transport. */
export type Answer = CapturedAnswer<AnswerHeaders> & {
  /** How long it took, from sending to the last byte read. */
  durationMs?: number
  /** Set when no answer came (connection refused, reset, timeout, a body over the cap): status 0. */
  error?: string
  /** Error lines the server logged while answering (why a 500 happened), when the transport sees them. */
  logged: string[]
}

/** One header of an answer as `Headers.get` reads it: any case of its name, null when absent. */
export const headerOf = (answer: Pick<Answer, 'headers'>, name: string): string | null =>
  readHeader(answer.headers, name) ?? null

/**
 * How the toolkit reaches a server: one request in, the captured answer out. Over HTTP against
 * any server (`httpTransport`), or in process through a function such as Fastify's `inject`.
 */
export type Transport = {
  /** The server's root, for reports and reproducers (`http://127.0.0.1:4010`). */
  origin: string
  send: (request: WireRequest) => Promise<Answer>
  close: () => Promise<void>
}

/** What an in-process server answers: the shape of Fastify's `inject` response. */
type InjectedResponse = {
  statusCode: number
  headers: AnswerHeaders
  body: string
}

/**
 * A server in this process: `inject` answers a request without a socket (the stub's speed in
 * tests); `logged` hands over the error lines of the last answer.
 */
export function inProcessTransport(
  inject: (request: WireRequest) => Promise<InjectedResponse>,
  options: { origin?: string; logged?: () => string[]; close?: () => Promise<void> } = {},
): Transport {
  return {
    origin: options.origin ?? 'http://127.0.0.1',
    send: async (request) => {
      const started = performance.now()
      const response = await inject(request)
      return {
        ...captureAnswer(response.statusCode, response.headers, response.body),
        durationMs: performance.now() - started,
        logged: options.logged?.() ?? [],
      }
    },
    close: options.close ?? (async () => undefined),
  }
}

/**
 * Any server over HTTP, each answer bounded in time and in the bytes read. Redirects are answers
 * (not followed); no answer within `timeoutMs` (or none at all) is status 0 with the reason. The
 * base URL may name the root or the API (`/api`, `/api/v1`): requests go under the root.
 */
export function httpTransport(
  baseUrl: string,
  timeoutMs = 15_000,
  maxAnswerBytes = DEFAULT_MAX_ANSWER_BYTES,
): Transport {
  const { origin } = placesOf(baseUrl)
  return {
    origin,
    send: async ({ method, url, headers, body }) => {
      const started = performance.now()
      try {
        const response = await fetch(`${origin}${url}`, {
          method,
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        })
        const text = await readBody(response, maxAnswerBytes)
        return {
          ...captureAnswer(response.status, Object.fromEntries(response.headers), text),
          durationMs: performance.now() - started,
          logged: [],
        }
      } catch (error) {
        return {
          ...captureAnswer(0, {}, ''),
          durationMs: performance.now() - started,
          error: fetchFailureOf(error),
          logged: [],
        }
      }
    },
    close: async () => undefined,
  }
}

/** The stub's development client (`/__dev`: sessions, mailbox, clock) over a transport. */
export function devClientOf(transport: Transport, session?: string): DevClient {
  return createDevClient({
    ...(session === undefined ? {} : { session }),
    transport: async ({ method, path, headers, body }) => {
      const request = { method, url: path, headers }
      const answer = await transport.send(
        body === undefined ? request : { ...request, body: Buffer.from(body) },
      )
      return { status: answer.status, json: answer.json }
    },
  })
}

/** Where check sends its requests: the server, and where the contract's paths go on it. */
export type Target = Placement & {
  transport: Transport
  /**
   * Sent as X-Stub-Session on every request, only to a target that said it keeps a store per
   * session (`hasStubSessions`); undefined for any other, which gets no such header.
   */
  session: string | undefined
  /** How long a check may wait for a full rate-limit window (its Retry-After); 0: never. */
  maxWaitSeconds?: number
  /**
   * Set when the target's windows are shared with every other client and run: the checks this run
   * sent to each operation with a per-client window, which it keeps to half of the window's limit.
   */
  windowBudget?: Map<string, number>
}

/** `http://host:port`, `http://host:port/api` and `.../api/v1` all name the same server. */
function placesOf(baseUrl: string): { origin: string; apiPath: string } {
  const url = new URL(baseUrl)
  const path = url.pathname.replace(/\/+$/, '')
  const api = /\/api(\/v1)?$/.exec(path)?.[0]
  return {
    origin: `${url.origin}${api === undefined ? path : path.slice(0, -api.length)}`,
    apiPath: api ?? '/api',
  }
}

/** Check's target at a base URL, over HTTP, in no stub session (until it says it keeps them). */
export function targetOf(baseUrl: string, timeoutMs?: number, maxAnswerBytes?: number): Target {
  const { apiPath } = placesOf(baseUrl)
  return {
    transport: httpTransport(baseUrl, timeoutMs, maxAnswerBytes),
    apiPath,
    session: undefined,
  }
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
