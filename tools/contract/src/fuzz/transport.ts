import { type CapturedAnswer, type Contract, captureAnswer, requestLineOf } from '@devenv/openapi'
import {
  createDevClient,
  type DevClient,
  type DevTransport,
  STUB_SESSION_HEADER,
} from '@devenv/openapi/dev-protocol'
import { DEFAULT_MAX_ANSWER_BYTES, fetchAnswer, type OperationCall, targetOf } from '../http'

/** The stub clock's start (the stub's own test clock starts here too); only per-session offsets move it. */
export const FUZZ_CLOCK_START = Date.parse('2026-03-02T10:00:00Z')

/** A request as the fuzzer builds it: `url` is a path from the server's root (`/api/...`, `/__dev/...`). */
export type OutgoingRequest = {
  method: string
  url: string
  headers: Record<string, string>
  payload?: Buffer
}

/** What a set-up or model step's request of an operation carries: its operationId fixes the rest. */
export type FuzzCall = Pick<OperationCall, 'params' | 'body' | 'token'>

/**
 * The request of an operation as the fuzzer sends it: where the run's contract puts it (under its
 * first API prefix), with a JSON body, a bearer token, and the stub session when there is one.
 */
export function operationRequest(
  contract: Contract,
  operationId: string,
  { params, body, token }: FuzzCall,
  session?: string,
): OutgoingRequest {
  const { method, path } = requestLineOf(contract, operationId, params)
  const headers: Record<string, string> =
    session === undefined ? {} : { [STUB_SESSION_HEADER]: session }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (token !== undefined) headers.authorization = `Bearer ${token}`
  return {
    method,
    url: `${contract.prefixes[0] ?? ''}${path}`,
    headers,
    ...(body !== undefined ? { payload: Buffer.from(JSON.stringify(body)) } : {}),
  }
}

export type Answer = CapturedAnswer<Record<string, string | string[] | number | undefined>> & {
  /** Error lines the server logged while answering (why a 500 happened), when the transport sees them. */
  logged: string[]
}

/**
 * How the fuzzer reaches a server: one raw request in, the captured answer out. Over HTTP against
 * any server (`httpTransport`), or in process through a function such as Fastify's `inject`.
 */
export type FuzzTransport = {
  /** The server's root, for reports and reproducers (`http://127.0.0.1:4010`). */
  origin: string
  send: (request: OutgoingRequest) => Promise<Answer>
  close: () => Promise<void>
}

/** What an in-process server answers: the shape of Fastify's `inject` response. */
export type InjectedResponse = {
  statusCode: number
  headers: Record<string, string | string[] | number | undefined>
  body: string
}

/**
 * A server in this process: `inject` answers a request without a socket (the stub's speed in
 * tests); `logged` hands over the error lines of the last answer.
 */
export function inProcessTransport(
  inject: (request: OutgoingRequest) => Promise<InjectedResponse>,
  options: { origin?: string; logged?: () => string[]; close?: () => Promise<void> } = {},
): FuzzTransport {
  return {
    origin: options.origin ?? 'http://127.0.0.1',
    send: async (request) => {
      const response = await inject(request)
      return {
        ...captureAnswer(response.statusCode, response.headers, response.body),
        logged: options.logged?.() ?? [],
      }
    },
    close: options.close ?? (async () => undefined),
  }
}

/**
 * Any server over HTTP. The base URL may name the root or the API (`/api`, `/api/v1`), as the
 * runner's `targetOf` reads it; the fuzzer's paths go under the root. A request that gets no
 * answer within `timeoutMs` answers status 0 with the reason in `logged`.
 */
export function httpTransport(
  baseUrl: string,
  timeoutMs = 15_000,
  maxAnswerBytes = DEFAULT_MAX_ANSWER_BYTES,
): FuzzTransport {
  const { origin } = targetOf(baseUrl, undefined, timeoutMs)
  return {
    origin,
    send: async (request) => {
      const { headers, error, ...answer } = await fetchAnswer(
        {
          method: request.method,
          url: `${origin}${request.url}`,
          headers: request.headers,
          body: request.payload,
        },
        timeoutMs,
        maxAnswerBytes,
      )
      return {
        ...answer,
        headers: Object.fromEntries(headers),
        logged: error === undefined ? [] : [`no answer: ${error}`],
      }
    },
    close: async () => undefined,
  }
}

/** The fuzzer's transport as the development client's (`/__dev` requests over it). */
export function devTransportOf(transport: FuzzTransport): DevTransport {
  return async ({ method, path, headers, body }) => {
    const answer = await transport.send({
      method,
      url: path,
      headers,
      ...(body !== undefined ? { payload: Buffer.from(body) } : {}),
    })
    return { status: answer.status, json: answer.json }
  }
}

/** The stub's development client (mailbox, clock) over a transport, in one stub session. */
export function devClientOf(transport: FuzzTransport, session: string): DevClient {
  return createDevClient({ session, transport: devTransportOf(transport) })
}
