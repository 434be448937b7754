// Reads the traffic the relay copied (each connection's bytes, in order, both ways) into
// exchanges for the checks, and decides the proxy's own answers when the upstream gives none.
// It knows nothing of sockets or threads: the relay feeds it on the main thread in tests, and a
// worker thread hosts it in a real run (see judging-worker.ts).
import type { IncomingHttpHeaders } from 'node:http'
import { type MessageHead, MessageReader, type ReadResult } from './message-reader'

/** Bodies past this size are forwarded as usual but not kept for the contract check. */
export const MAX_CHECKED_BODY_BYTES = 4 * 1024 * 1024

/** One request as the client sent it and the answer as the upstream gave it. */
export type ProxiedExchange = {
  method: string
  /** Path and query as the client sent them. */
  url: string
  requestHeaders: IncomingHttpHeaders
  /** Undefined when the body was larger than MAX_CHECKED_BODY_BYTES or had not all arrived. */
  requestBody: Buffer | undefined
  /**
   * How many bytes of request body passed, kept or not: a report must not repeat a request
   * without the body it had. Undefined: as many as `requestBody` holds.
   */
  requestBodyBytes?: number
  /** Undefined when no answer came from the upstream. */
  status: number | undefined
  answerHeaders: IncomingHttpHeaders
  answerBody: Buffer | undefined
  /** Why no whole answer came (refused, reset, cut off, not HTTP). */
  error?: string
}

/** Which way bytes went: from the client to the upstream, or back. */
export type Direction = 'request' | 'answer'

/** How the upstream's side of a connection ended (`unreachable`: it never connected). */
export type GoneHow = 'closed' | 'failed' | 'unreachable' | 'timed out'

/** What the relay must do with the client's connection. */
export type ClientAction =
  /** Answer 502 (504 when timed out) on its own, then close. */
  | { kind: 'gateway'; timedOut: boolean; reason: string }
  /** Cut it off: an answer had begun that will never end. */
  | { kind: 'cut-off' }
  /** Close it, as the upstream closed its own. */
  | { kind: 'end' }

/** Where a connection stands, as far as the bytes read so far tell. */
export type ConnectionState = 'idle' | 'reading a request' | 'waiting' | 'answering'

/** The relay's side of the reading: everything a connection's bytes lead to. */
export type ReadingListener = {
  exchange: (exchange: ProxiedExchange) => void
  act: (connection: number, action: ClientAction) => void
  /** A connection whose bytes are not HTTP/1.1: it is still forwarded, no longer checked. */
  unreadable: (reason: string) => void
  /** A request whose framing is ambiguous (RFC 9112 §6.3): forwarded as sent, its connection no longer checked. */
  framing: (problem: FramingProblem) => void
}

/** A request the relay passed on whose length two readers could read two ways. */
export type FramingProblem = { method: string; url: string; message: string }

// llhttp stops at these, as Node's own server does: the reasons are its own, one per kind.
const FRAMING_MESSAGES: Array<[RegExp, string]> = [
  [
    /Transfer-Encoding can't be present with Content-Length|Content-Length can't be present with Transfer-Encoding/,
    'the request has both Content-Length and Transfer-Encoding: RFC 9112 §6.3 calls that an error (request smuggling); forwarded as sent, the connection no longer checked',
  ],
  [
    /Duplicate Content-Length/,
    'the request has more than one Content-Length: RFC 9112 §6.3 calls that invalid framing (request smuggling); forwarded as sent, the connection no longer checked',
  ],
]

/** What the relay tells whoever reads its traffic, in the order it happened. */
export type Traffic = {
  bytes: (connection: number, direction: Direction, chunk: Buffer) => void
  upstreamGone: (connection: number, how: GoneHow, reason: string) => void
  /** Answers through `state` once the bytes given before have been read. */
  ask: (connection: number, question: number) => void
  closed: (connection: number) => void
}

/** A field value without the whitespace after it, which is not part of it (RFC 9110 §5.5). */
function fieldValue(raw: string): string {
  const last = raw.charCodeAt(raw.length - 1)
  return last === 0x20 || last === 0x09 ? raw.replace(/[ \t]+$/, '') : raw
}

/**
 * The headers as Node's IncomingMessage gives them: names in lower case, a repeated header's
 * values joined with ', ' (Set-Cookie kept as a list, Cookie joined with '; ').
 */
export function headersOf(rawHeaders: readonly string[]): IncomingHttpHeaders {
  const headers: Record<string, string | string[]> = {}
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = (rawHeaders[index] as string).toLowerCase()
    const value = fieldValue(rawHeaders[index + 1] as string)
    const known = headers[name]
    if (name === 'set-cookie') headers[name] = known ? [...(known as string[]), value] : [value]
    else if (known === undefined) headers[name] = value
    else headers[name] = `${known}${name === 'cookie' ? '; ' : ', '}${value}`
  }
  return headers as IncomingHttpHeaders
}

/** A message body as it passes: a copy, up to MAX_CHECKED_BODY_BYTES. */
class KeptBody {
  private readonly chunks: Buffer[] = []
  private size = 0
  add(chunk: Buffer): void {
    this.size += chunk.length
    if (this.size <= MAX_CHECKED_BODY_BYTES) this.chunks.push(chunk)
  }
  get bytes(): number {
    return this.size
  }
  /** Undefined past the limit. */
  whole(): Buffer | undefined {
    if (this.size > MAX_CHECKED_BODY_BYTES) return undefined
    return this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks)
  }
}

/** A request read from the client, waiting for its answer. */
type Asked = { head: MessageHead; body: KeptBody; ended: boolean }

/** The request's half of an exchange; a body not yet all arrived is not kept. */
const requestOf = (asked: Asked) => ({
  method: asked.head.method,
  url: asked.head.url,
  requestHeaders: headersOf(asked.head.rawHeaders),
  requestBody: asked.ended ? asked.body.whole() : undefined,
  requestBodyBytes: asked.body.bytes,
})

/** One connection's requests and answers, paired in order (HTTP/1.1 pipelining included). */
class ConnectionReading {
  private requests: MessageReader | undefined
  private answers: MessageReader | undefined
  private readonly asked: Asked[] = []
  private reading: Asked | undefined
  private answer: { head: MessageHead; body: KeptBody } | undefined
  private gone: { timedOut: boolean; reason: string } | undefined
  private answeredOnItsOwn = false

  constructor(
    private readonly connection: number,
    private readonly listener: ReadingListener,
  ) {
    this.requests = new MessageReader('request', {
      head: (head) => this.requestHead(head),
      body: (chunk) => this.reading?.body.add(chunk),
      end: () => {
        if (this.reading) this.reading.ended = true
        this.reading = undefined
      },
    })
    this.answers = new MessageReader('response', {
      head: (head) => this.answerHead(head),
      body: (chunk) => this.answer?.body.add(chunk),
      end: () => this.answerEnded(),
    })
  }

  get state(): ConnectionState {
    if (this.answers?.midMessage) return 'answering'
    if (this.asked.length > 0) return 'waiting'
    if (this.requests?.midMessage) return 'reading a request'
    return 'idle'
  }

  bytes(direction: Direction, chunk: Buffer): void {
    const reader = direction === 'request' ? this.requests : this.answers
    if (!reader) return
    const result = reader.read(chunk)
    // Its readers are freed only now that llhttp has returned from them.
    if (this.answeredOnItsOwn) {
      this.close()
      return
    }
    if (result.kind === 'broken' && direction === 'answer') {
      // The upstream's bytes are not an HTTP answer: that is what the waiting request got.
      const asked = this.asked.shift()
      if (asked) this.unanswered(asked, `the upstream's answer is not HTTP (${result.reason})`)
    }
    if (result.kind !== 'http') this.stopReading(direction, result)
  }

  /**
   * The upstream will answer nothing more on this connection, and each waiting request is
   * reported. When it closed its connection, the client's is closed too. When it failed or fell
   * silent, the first waiting request gets a 502 (or 504) if no answer to it had begun; an
   * answer already begun is cut off, as the upstream cut the proxy off.
   */
  upstreamGone(how: GoneHow, reason: string): void {
    if (this.gone) return
    this.gone = { timedOut: how === 'timed out', reason }
    // An answer whose body runs to the end of the connection ends (and is reported) here; any
    // other answer under way stays unfinished, and is reported below as cut off.
    if (how === 'closed') this.answers?.finish()
    const begun = this.answers?.midMessage === true
    const waiting = this.asked.splice(0)
    for (const [index, asked] of waiting.entries())
      if (index === 0 && begun)
        this.unanswered(
          asked,
          `the upstream cut the answer off (${reason})`,
          this.answer?.head.status,
        )
      else this.unanswered(asked, `no answer from the upstream (${reason})`)
    if (how === 'closed') this.listener.act(this.connection, { kind: 'end' })
    else if (begun) this.listener.act(this.connection, { kind: 'cut-off' })
    else if (waiting.length > 0) this.answerOnItsOwn()
    // A request half read, or the first one when the upstream never answered the connection,
    // gets its 502 when its head is whole (requestHead).
    else if (how !== 'unreachable' && !this.requests?.midMessage)
      this.listener.act(this.connection, { kind: 'end' })
  }

  close(): void {
    this.requests?.close()
    this.answers?.close()
    this.requests = undefined
    this.answers = undefined
    this.asked.length = 0
  }

  /** The stream switched protocols, or is not HTTP: it is still relayed, no longer read. */
  private stopReading(direction: Direction, result: ReadResult): void {
    const framing =
      result.kind === 'broken' && direction === 'request'
        ? FRAMING_MESSAGES.find(([reason]) => reason.test(result.reason))?.[1]
        : undefined
    const head = framing === undefined ? undefined : this.requests?.partialHead()
    if (framing !== undefined && head) this.listener.framing({ ...head, message: framing })
    else if (result.kind === 'broken')
      this.listener.unreadable(
        `the ${direction === 'request' ? 'requests' : 'answers'} of a connection are not HTTP/1.1 (${result.reason})`,
      )
    this.close()
  }

  private requestHead(head: MessageHead): 'body' {
    const asked: Asked = { head, body: new KeptBody(), ended: false }
    this.reading = asked
    if (!this.gone) this.asked.push(asked)
    else if (!this.answeredOnItsOwn) {
      this.unanswered(asked, `no answer from the upstream (${this.gone.reason})`)
      this.answerOnItsOwn()
    }
    return 'body'
  }

  private answerHead(head: MessageHead): 'body' | 'skip-body' | 'tunnel' {
    this.answer = { head, body: new KeptBody() }
    const method = this.asked[0]?.head.method
    if (method === 'HEAD') return 'skip-body'
    if (method === 'CONNECT' && head.status >= 200 && head.status < 300) return 'tunnel'
    return 'body'
  }

  private answerEnded(): void {
    const answer = this.answer
    this.answer = undefined
    // 1xx answers (100 Continue, 103 Early Hints) come before the request's real answer.
    if (!answer || (answer.head.status < 200 && answer.head.status !== 101)) return
    const asked = this.asked.shift()
    if (!asked) return
    this.listener.exchange({
      ...requestOf(asked),
      status: answer.head.status,
      answerHeaders: headersOf(answer.head.rawHeaders),
      answerBody: answer.body.whole(),
    })
  }

  private unanswered(asked: Asked, error: string, status?: number): void {
    this.listener.exchange({
      ...requestOf(asked),
      status,
      answerHeaders: this.answer ? headersOf(this.answer.head.rawHeaders) : {},
      answerBody: undefined,
      error,
    })
  }

  /** The 502 or 504 for a request the upstream can no longer answer; the connection then closes. */
  private answerOnItsOwn(): void {
    if (!this.gone || this.answeredOnItsOwn) return
    this.answeredOnItsOwn = true
    this.listener.act(this.connection, { kind: 'gateway', ...this.gone })
  }
}

/** Every connection's reading, fed in the order the relay saw things happen. */
export function readTraffic(
  listener: ReadingListener,
  answer: (connection: number, question: number, state: ConnectionState) => void,
): Traffic {
  const connections = new Map<number, ConnectionReading>()
  const of = (connection: number) => {
    let reading = connections.get(connection)
    if (!reading) {
      reading = new ConnectionReading(connection, listener)
      connections.set(connection, reading)
    }
    return reading
  }
  return {
    bytes: (connection, direction, chunk) => of(connection).bytes(direction, chunk),
    upstreamGone: (connection, how, reason) => of(connection).upstreamGone(how, reason),
    ask: (connection, question) =>
      answer(connection, question, connections.get(connection)?.state ?? 'idle'),
    closed: (connection) => {
      connections.get(connection)?.close()
      connections.delete(connection)
    },
  }
}
