/// <reference path="./llhttp-wasm.d.ts" />
// Reads HTTP/1.1 messages out of a copy of the bytes the proxy relays, for the contract checks.
// The parser is llhttp, the one Node's own http module uses, in the WebAssembly build that undici
// ships (see docs/decisions/contract-toolkit.md): a parser is not something to write by hand.
import { ERROR, METHODS, TYPE } from 'undici/lib/llhttp/constants.js'
import simdWasm from 'undici/lib/llhttp/llhttp_simd-wasm.js'
import plainWasm from 'undici/lib/llhttp/llhttp-wasm.js'

/** The start of one message: its first line and its headers, as sent. */
export type MessageHead = {
  /** A request's method; '' for an answer. */
  method: string
  /** A request's target (path and query); '' for an answer. */
  url: string
  /** An answer's status; 0 for a request. */
  status: number
  /** An answer's reason phrase. */
  reason: string
  /** Name/value pairs in their order and spelling, duplicates kept. */
  rawHeaders: string[]
}

/**
 * What a reader does with each message. `head` answers how the body is framed where the bytes
 * alone cannot tell: `skip-body` for the answer to a HEAD request, `tunnel` for a CONNECT that
 * succeeded (the rest of the stream is no longer HTTP).
 */
export type MessageListener = {
  head: (head: MessageHead) => 'body' | 'skip-body' | 'tunnel'
  body: (chunk: Buffer) => void
  end: () => void
}

/** What reading a chunk came to. */
export type ReadResult =
  | { kind: 'http' }
  /** The stream switched protocols (upgrade or CONNECT): the rest of it is not HTTP. */
  | { kind: 'tunnel' }
  /** The bytes are not HTTP/1.1; nothing more can be read from this stream. */
  | { kind: 'broken'; reason: string }

// A peer that sends endless headers must not make the copy grow without bound.
const MAX_HEAD_BYTES = 80 * 1024

const METHOD_NAMES = new Map(Object.entries(METHODS).map(([name, code]) => [code, name]))

// The few WebAssembly calls made here (this package's types have no DOM library to declare them).
type WebAssemblyApi = {
  Module: new (bytes: Uint8Array) => object
  Instance: new (module: object, imports: object) => { exports: unknown }
}
const { Module, Instance } = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly

type Exports = {
  memory: { buffer: ArrayBuffer }
  malloc: (size: number) => number
  free: (pointer: number) => void
  llhttp_alloc: (type: number) => number
  llhttp_free: (parser: number) => void
  llhttp_execute: (parser: number, data: number, length: number) => number
  llhttp_finish: (parser: number) => number
  llhttp_get_method: (parser: number) => number
  llhttp_get_error_reason: (parser: number) => number
}

// One WebAssembly instance serves every reader: llhttp calls back into whichever is reading.
let reading: MessageReader | undefined
let chunkInMemory = 0
let readingChunk: Buffer = Buffer.alloc(0)
// Where each chunk is copied for llhttp to read, grown to the largest chunk seen.
let inputAt = 0
let inputSize = 0

// Buffer's own latin1Slice: toString('latin1', ...) checks its arguments again on every call,
// and heads are read a field at a time.
type Latin1Slice = (start: number, end: number) => string
const slice = (at: number, length: number) =>
  (readingChunk as unknown as { latin1Slice: Latin1Slice }).latin1Slice(
    at - chunkInMemory,
    at - chunkInMemory + length,
  )

function instantiate(): Exports {
  const env = {
    wasm_on_message_begin: () => (reading as MessageReader).begin(),
    wasm_on_url: (_parser: number, at: number, length: number) =>
      (reading as MessageReader).url(slice(at, length)),
    wasm_on_status: (_parser: number, at: number, length: number) =>
      (reading as MessageReader).reason(slice(at, length)),
    wasm_on_header_field: (_parser: number, at: number, length: number) =>
      (reading as MessageReader).field(slice(at, length)),
    wasm_on_header_value: (_parser: number, at: number, length: number) =>
      (reading as MessageReader).value(slice(at, length)),
    wasm_on_headers_complete: (_parser: number, status: number) =>
      (reading as MessageReader).headersComplete(status),
    wasm_on_body: (_parser: number, at: number, length: number) =>
      (reading as MessageReader).bodyChunk(
        readingChunk.subarray(at - chunkInMemory, at - chunkInMemory + length),
      ),
    wasm_on_message_complete: () => (reading as MessageReader).complete(),
  }
  let module: object
  try {
    module = new Module(simdWasm)
  } catch {
    // A CPU without WebAssembly SIMD: the plain build, as undici itself falls back.
    module = new Module(plainWasm)
  }
  return new Instance(module, { env }).exports as Exports
}

let llhttp: Exports | undefined

// llhttp's answers to on_headers_complete: go on, skip the body, or stop (upgrade).
const FRAMING = { body: 0, 'skip-body': 1, tunnel: 2 } as const

/** Reads the requests (or the answers) of one connection, one chunk at a time, as they pass. */
export class MessageReader {
  private readonly parser: number
  private readonly llhttp: Exports
  private head: MessageHead = { method: '', url: '', status: 0, reason: '', rawHeaders: [] }
  private headBytes = 0
  private inBody = false
  private lastWasValue = true
  private ended = false
  /** Whether a message has begun and not yet ended. */
  midMessage = false

  constructor(
    kind: 'request' | 'response',
    private readonly listener: MessageListener,
  ) {
    llhttp ??= instantiate()
    this.llhttp = llhttp
    this.parser = llhttp.llhttp_alloc((kind === 'request' ? TYPE.REQUEST : TYPE.RESPONSE) as number)
  }

  /** Reads the next bytes of the stream. */
  read(chunk: Buffer): ReadResult {
    if (this.ended) return { kind: 'broken', reason: 'the reader is closed' }
    const { llhttp } = this
    if (chunk.length > inputSize) {
      if (inputAt) llhttp.free(inputAt)
      inputSize = Math.ceil(chunk.length / 4096) * 4096
      inputAt = llhttp.malloc(inputSize)
    }
    new Uint8Array(llhttp.memory.buffer, inputAt, chunk.length).set(chunk)
    chunkInMemory = inputAt
    readingChunk = chunk
    reading = this
    let code: number
    try {
      code = llhttp.llhttp_execute(this.parser, inputAt, chunk.length)
    } finally {
      reading = undefined
    }
    return this.resultOf(code)
  }

  /** The stream ended: a message whose body runs to the end of the stream ends here. */
  finish(): ReadResult {
    if (this.ended) return { kind: 'http' }
    reading = this
    let code: number
    try {
      code = this.llhttp.llhttp_finish(this.parser)
    } finally {
      reading = undefined
    }
    return this.resultOf(code)
  }

  /** The method and target of the message being read, as far as they came (after an error too). */
  partialHead(): { method: string; url: string } | undefined {
    if (this.ended || !this.midMessage) return undefined
    const method =
      this.head.method || (METHOD_NAMES.get(this.llhttp.llhttp_get_method(this.parser)) ?? '')
    return { method, url: this.head.url }
  }

  close(): void {
    if (this.ended) return
    this.ended = true
    this.llhttp.llhttp_free(this.parser)
  }

  private resultOf(code: number): ReadResult {
    if (code === ERROR.OK) return { kind: 'http' }
    if (code === ERROR.PAUSED_UPGRADE) return { kind: 'tunnel' }
    if (this.headBytes > MAX_HEAD_BYTES)
      return { kind: 'broken', reason: `a head larger than ${MAX_HEAD_BYTES / 1024} KiB` }
    const pointer = this.llhttp.llhttp_get_error_reason(this.parser)
    const memory = new Uint8Array(this.llhttp.memory.buffer)
    const end = pointer ? memory.indexOf(0, pointer) : pointer
    const reason = pointer ? Buffer.from(memory.subarray(pointer, end)).toString('latin1') : ''
    return { kind: 'broken', reason: reason || `llhttp error ${code}` }
  }

  // The callbacks below are llhttp's; each answers 0 (go on) or, past a limit, -1 (stop).

  begin(): number {
    this.head = { method: '', url: '', status: 0, reason: '', rawHeaders: [] }
    this.headBytes = 0
    this.inBody = false
    this.lastWasValue = true
    this.midMessage = true
    return 0
  }

  url(part: string): number {
    this.head.url += part
    return this.grow(part.length)
  }

  reason(part: string): number {
    this.head.reason += part
    return this.grow(part.length)
  }

  field(part: string): number {
    // Trailers come after the body: not part of the head the checks read.
    if (this.inBody) return 0
    const raw = this.head.rawHeaders
    if (this.lastWasValue) raw.push(part, '')
    else raw[raw.length - 2] += part
    this.lastWasValue = false
    return this.grow(part.length)
  }

  value(part: string): number {
    if (this.inBody) return 0
    const raw = this.head.rawHeaders
    raw[raw.length - 1] += part
    this.lastWasValue = true
    return this.grow(part.length)
  }

  headersComplete(status: number): number {
    this.inBody = true
    if (status === 0)
      this.head.method = METHOD_NAMES.get(this.llhttp.llhttp_get_method(this.parser)) ?? ''
    else this.head.status = status
    return FRAMING[this.listener.head(this.head)]
  }

  bodyChunk(chunk: Buffer): number {
    this.listener.body(chunk)
    return 0
  }

  complete(): number {
    this.midMessage = false
    this.listener.end()
    return 0
  }

  private grow(bytes: number): number {
    this.headBytes += bytes
    return this.headBytes > MAX_HEAD_BYTES ? -1 : 0
  }
}
