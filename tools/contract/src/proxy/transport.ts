import {
  createServer,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import type { AddressInfo } from 'node:net'

/** Bodies past this size are forwarded as usual but not kept for the contract check. */
export const MAX_CHECKED_BODY_BYTES = 4 * 1024 * 1024

/** One request as the client sent it and the answer as the upstream gave it. */
export type ProxiedExchange = {
  method: string
  /** Path and query as the client sent them. */
  url: string
  requestHeaders: IncomingHttpHeaders
  /** Undefined when the body was larger than MAX_CHECKED_BODY_BYTES. */
  requestBody: Buffer | undefined
  /** Undefined when no answer came from the upstream. */
  status: number | undefined
  responseHeaders: IncomingHttpHeaders
  responseBody: Buffer | undefined
  /** Why no whole answer came (refused, reset, cut off). */
  error?: string
}

export type ProxyServerOptions = {
  upstream: URL
  port: number
  host?: string
  /** How long the upstream may stay silent (no byte) before the client gets a 504. */
  timeoutMs: number
  /** Called after the client has its answer, never on the way of it. */
  onExchange: (exchange: ProxiedExchange) => void
}

export type ProxyServer = {
  /** `http://127.0.0.1:PORT` */
  address: string
  close: () => Promise<void>
}

// RFC 9110 §7.6.1: these describe one connection, not the message; each hop sets its own.
const HOP_BY_HOP = new Set([
  'connection',
  'proxy-connection',
  'keep-alive',
  'te',
  'transfer-encoding',
  'upgrade',
])

/**
 * The end-to-end headers of a message, as raw name/value pairs in their order and spelling
 * (duplicates kept): hop-by-hop ones and those the Connection header names are left out.
 */
export function endToEndHeaders(rawHeaders: readonly string[]): string[] {
  let named: Set<string> | undefined
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if ((rawHeaders[index] as string).toLowerCase() !== 'connection') continue
    named ??= new Set()
    for (const token of (rawHeaders[index + 1] as string).split(','))
      named.add(token.trim().toLowerCase())
  }
  const kept: string[] = []
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = (rawHeaders[index] as string).toLowerCase()
    if (HOP_BY_HOP.has(name) || named?.has(name)) continue
    kept.push(rawHeaders[index] as string, rawHeaders[index + 1] as string)
  }
  return kept
}

function pairsOf(raw: readonly string[]): [string, string][] {
  const pairs: [string, string][] = []
  for (let index = 0; index < raw.length; index += 2)
    pairs.push([raw[index] as string, raw[index + 1] as string])
  return pairs
}

const NO_BODY = Buffer.alloc(0)

/** RFC 9112 §6.3: a request with neither Transfer-Encoding nor a Content-Length above 0 has no body. */
function bodiless(request: IncomingMessage): boolean {
  const { headers } = request
  return (
    headers['transfer-encoding'] === undefined &&
    (headers['content-length'] === undefined || headers['content-length'] === '0')
  )
}

type Sink = {
  write: (chunk: Buffer) => boolean
  end: (chunk?: Buffer) => unknown
  once: (event: 'drain', listener: () => void) => unknown
  writableEnded: boolean
}

/**
 * Streams a message body on (with backpressure) and keeps a copy of it, up to a limit, for the
 * checks. When the body's length is known, its last chunk goes out with `end`: Node then writes
 * headers and body of a small message in one system call instead of two, which is most of what
 * a proxy costs on loopback. Answers the copy (undefined past the limit).
 */
function relay(
  from: IncomingMessage,
  to: Sink,
  onEnd: (body: () => Buffer | undefined) => void,
): void {
  const declared = from.headers['content-length']
  const length = declared === undefined ? -1 : Number(declared)
  const chunks: Buffer[] = []
  let size = 0
  const body = () => (size > MAX_CHECKED_BODY_BYTES ? undefined : Buffer.concat(chunks, size))
  from.on('data', (chunk: Buffer) => {
    size += chunk.length
    if (size <= MAX_CHECKED_BODY_BYTES) chunks.push(chunk)
    if (size === length) to.end(chunk)
    else if (!to.write(chunk)) {
      from.pause()
      to.once('drain', () => from.resume())
    }
  })
  from.on('end', () => onEnd(body))
}

/**
 * A reverse proxy that forwards every request to the upstream as it came (method, path, query,
 * end-to-end headers, body, streamed both ways) and passes the answer back as it came (status,
 * reason, end-to-end headers, body, trailers). It adds nothing: not even a Date header.
 */
export async function startProxyServer(options: ProxyServerOptions): Promise<ProxyServer> {
  const { upstream, onExchange } = options
  const secure = upstream.protocol === 'https:'
  const send = secure ? httpsRequest : httpRequest
  // Keep-alive to the upstream: a new TCP connection per request would dominate the added latency.
  const agent = secure
    ? new HttpsAgent({ keepAlive: true, scheduling: 'lifo', noDelay: true })
    : new HttpAgent({ keepAlive: true, scheduling: 'lifo', noDelay: true })
  const basePath = upstream.pathname.replace(/\/+$/, '')

  const forward = (request: IncomingMessage, response: ServerResponse) => {
    // The upstream's Date (or its absence) is part of the answer we pass on.
    response.sendDate = false
    const method = request.method ?? 'GET'
    const url = request.url ?? '/'
    const headers: string[] = endToEndHeaders(request.rawHeaders)
    // The client framed its body in chunks: this hop must say so too (Node frames it).
    if (request.headers['transfer-encoding'] !== undefined)
      headers.push('Transfer-Encoding', 'chunked')
    let requestBody: () => Buffer | undefined = () => undefined
    let settled = false
    const report = (exchange: Omit<ProxiedExchange, 'method' | 'url' | 'requestHeaders'>) => {
      if (settled) return
      settled = true
      const whole = { method, url, requestHeaders: request.headers, ...exchange }
      setImmediate(() => onExchange(whole))
    }

    // A kept-alive connection the upstream has just closed fails the request sent on it: such a
    // request is sent once more, on a new connection, when its whole body is at hand.
    let retried = false
    let requestEnded = false
    let clientGone = false

    const attempt = () => {
      const outgoing = send({
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method,
        path: `${basePath}${url}`,
        headers: headers as unknown as OutgoingHttpHeaders,
        agent,
        setHost: false,
      })

      outgoing.on('response', (answer) => {
        const status = answer.statusCode ?? 502
        response.writeHead(
          status,
          answer.statusMessage,
          endToEndHeaders(answer.rawHeaders) as unknown as OutgoingHttpHeaders,
        )
        relay(answer, response, (responseBody) => {
          // Trailers (rare, but part of the message) go out before the end.
          if (answer.rawTrailers.length > 0) response.addTrailers(pairsOf(answer.rawTrailers))
          if (!response.writableEnded) response.end()
          report({
            requestBody: requestBody(),
            status,
            responseHeaders: answer.headers,
            responseBody: responseBody(),
          })
        })
        // Cut off by the upstream mid-answer: cut the client off too, rather than end it cleanly.
        answer.on('error', (error) => {
          response.destroy(error)
          report({
            requestBody: requestBody(),
            status,
            responseHeaders: answer.headers,
            responseBody: undefined,
            error: `the upstream cut the answer off (${error.message})`,
          })
        })
      })

      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        if (clientGone) return
        const stale =
          outgoing.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')
        const body = requestEnded ? requestBody() : undefined
        if (stale && !retried && !response.headersSent && body !== undefined) {
          retried = true
          current = attempt()
          current.end(body)
          return
        }
        const reason = error.code ?? error.message
        if (!response.headersSent) {
          // Nothing came to pass on: the only answers the proxy writes itself.
          const timedOut = error.code === 'ETIMEDOUT'
          response.writeHead(timedOut ? 504 : 502, { 'content-type': 'text/plain; charset=utf-8' })
          response.end(
            `${timedOut ? 'Gateway timeout' : 'Bad gateway'}: the upstream did not answer (${reason})\n`,
          )
        } else response.destroy(error)
        report({
          requestBody: requestBody(),
          status: undefined,
          responseHeaders: {},
          responseBody: undefined,
          error: `no answer from the upstream (${reason})`,
        })
      })

      outgoing.setTimeout(options.timeoutMs, () => {
        const silent: NodeJS.ErrnoException = new Error(`silent for ${options.timeoutMs} ms`)
        silent.code = 'ETIMEDOUT'
        outgoing.destroy(silent)
      })
      return outgoing
    }
    let current = attempt()

    // The client went away before its answer was whole: stop the upstream's work as well, and
    // judge nothing (no whole answer reached anyone).
    const leave = () => {
      if (response.writableFinished) return
      clientGone = true
      settled = true
      current.destroy()
    }
    response.on('close', leave)
    request.on('error', leave)
    if (bodiless(request)) {
      // Most requests (GET, DELETE) have no body: the upstream gets them at once, not a tick later.
      requestBody = () => NO_BODY
      requestEnded = true
      current.end()
      return
    }
    relay(request, current, (body) => {
      requestBody = body
      requestEnded = true
      if (!current.writableEnded) current.end()
    })
  }

  const server: Server = createServer(forward)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { address, port } = server.address() as AddressInfo
  const host = address.includes(':') ? `[${address}]` : address
  return {
    address: `http://${host}:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        // Idle keep-alive connections go now; answers under way get a moment to finish.
        server.closeIdleConnections()
        setTimeout(() => server.closeAllConnections(), 1000).unref()
      })
      agent.destroy()
    },
  }
}
