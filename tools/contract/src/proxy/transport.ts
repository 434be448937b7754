import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net'
import { connect as connectTls } from 'node:tls'
import type { ClientAction, ConnectionState, GoneHow, Traffic } from './reading'

export type ProxyServerOptions = {
  /** An origin (`http://host:port`): each request goes to the path the client asked for. */
  upstream: URL
  port: number
  host?: string
  /** How long the upstream may stay silent while a request waits before the client gets a 504. */
  timeoutMs: number
  /**
   * Who reads the traffic (`readTraffic`, here or in a worker). It is told everything after the
   * bytes have been passed on, and answers through the relay's `act` and `answer`.
   */
  traffic: (relay: RelayControl) => Traffic
}

/** How the reading of the traffic reaches back to the relay. */
export type RelayControl = {
  act: (connection: number, action: ClientAction) => void
  answer: (connection: number, question: number, state: ConnectionState) => void
  /** Stops (or starts again) reading every socket, while the reading catches up. */
  hold: (held: boolean) => void
}

export type ProxyServer = {
  /** `http://127.0.0.1:PORT` */
  address: string
  /** Stops listening; idle connections close at once, the others within a second. */
  close: () => Promise<void>
}

/** The proxy's only own words: when no answer came to pass on. It closes the connection. */
function gatewayAnswer(timedOut: boolean, reason: string): string {
  const body = `${timedOut ? 'Gateway timeout' : 'Bad gateway'}: the upstream did not answer (${reason})\n`
  return [
    timedOut ? 'HTTP/1.1 504 Gateway Timeout' : 'HTTP/1.1 502 Bad Gateway',
    'content-type: text/plain; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    '',
    body,
  ].join('\r\n')
}

/**
 * One client connection and its own connection to the upstream: what one side sends is written
 * to the other as it comes, before anything else is done with it, then handed to the reading.
 */
class Relay {
  readonly upstream: Socket
  /** Bytes seen each way: a question asked of the reading holds only if none came since. */
  private fromClient = 0
  private fromUpstream = 0
  private connected = false
  private gone = false

  constructor(
    readonly id: number,
    readonly client: Socket,
    upstream: URL,
    timeoutMs: number,
    private readonly traffic: Traffic,
    private readonly ask: (relay: Relay, onState: (state: ConnectionState) => void) => void,
  ) {
    const host = upstream.hostname.replace(/^\[(.*)\]$/, '$1')
    const secure = upstream.protocol === 'https:'
    const port = Number(upstream.port || (secure ? 443 : 80))
    this.upstream = secure
      ? connectTls({ host, port, servername: host, ALPNProtocols: ['http/1.1'] })
      : connect({ host, port, noDelay: true, allowHalfOpen: true })
    this.upstream.setTimeout(timeoutMs)
    this.upstream.once('connect', () => {
      this.connected = true
    })

    client.on('data', (chunk: Buffer) => {
      this.fromClient += chunk.length
      if (!this.gone && !this.upstream.write(chunk)) pauseUntilDrained(client, this.upstream)
      traffic.bytes(id, 'request', chunk)
    })
    this.upstream.on('data', (chunk: Buffer) => {
      this.fromUpstream += chunk.length
      if (!client.write(chunk)) pauseUntilDrained(this.upstream, client)
      traffic.bytes(id, 'answer', chunk)
    })
    // A half-close passes on as one: the other side may still have something to say.
    client.on('end', () => this.upstream.end())
    this.upstream.on('end', () => this.upstreamGone('closed', 'it closed the connection'))
    this.upstream.on('error', (error: NodeJS.ErrnoException) =>
      this.upstreamGone(this.connected ? 'failed' : 'unreachable', error.code ?? error.message),
    )
    this.upstream.on('timeout', () => {
      // Silence between requests is the client's business; silence while one waits is not.
      const seen = this.fromUpstream
      this.ask(this, (state) => {
        if (this.gone || this.fromUpstream !== seen) return
        if (state !== 'waiting' && state !== 'answering') return
        this.upstreamGone('timed out', 'ETIMEDOUT')
        this.upstream.destroy()
      })
    })
    // The client went away: the upstream's work for it stops, and nothing more is read.
    client.on('error', () => this.upstream.destroy())
    client.on('close', () => {
      // Whatever the upstream does now concerns nobody: the reading of this connection ends.
      this.gone = true
      this.upstream.destroy()
      traffic.closed(id)
    })
  }

  act(action: ClientAction): void {
    if (this.client.destroyed) return
    if (action.kind === 'gateway') this.client.end(gatewayAnswer(action.timedOut, action.reason))
    else if (action.kind === 'cut-off') this.client.destroy()
    else this.client.end()
  }

  /** Ends the connection both ways if nothing is under way (the proxy is stopping). */
  endIfIdle(): void {
    const seen = this.fromClient + this.fromUpstream
    this.ask(this, (state) => {
      if (state === 'idle' && this.fromClient + this.fromUpstream === seen) {
        this.client.end()
        this.upstream.end()
      }
    })
  }

  hold(held: boolean): void {
    for (const socket of [this.client, this.upstream])
      if (held) socket.pause()
      else socket.resume()
  }

  destroy(): void {
    this.client.destroy()
    this.upstream.destroy()
  }

  private upstreamGone(how: GoneHow, reason: string): void {
    if (this.gone) return
    this.gone = true
    this.traffic.upstreamGone(this.id, how, reason)
  }
}

function pauseUntilDrained(from: Socket, to: Socket): void {
  from.pause()
  to.once('drain', () => from.resume())
}

/**
 * A reverse proxy at the level of bytes: each client connection gets its own connection to the
 * upstream, and what one side sends is copied to the other as it comes (method, target,
 * headers in their order and spelling, framing, bodies, trailers, the Connection header,
 * pipelined requests). It adds nothing and changes nothing: the upstream sees the client's
 * connection as the client made it. Its only words of its own are a 502 or 504 when the
 * upstream gives no answer to pass on.
 */
export async function startProxyServer(options: ProxyServerOptions): Promise<ProxyServer> {
  const { upstream } = options
  if (upstream.pathname !== '/' || upstream.search !== '' || upstream.hash !== '')
    throw new Error(`the upstream must be an origin (http://host:port), not ${upstream.href}`)

  const relays = new Map<number, Relay>()
  const questions = new Map<number, (state: ConnectionState) => void>()
  let asked = 0
  let held = false
  const traffic = options.traffic({
    act: (connection, action) => relays.get(connection)?.act(action),
    hold: (hold) => {
      held = hold
      for (const relay of relays.values()) relay.hold(hold)
    },
    answer: (_connection, question, state) => {
      const onState = questions.get(question)
      questions.delete(question)
      onState?.(state)
    },
  })
  const ask = (relay: Relay, onState: (state: ConnectionState) => void) => {
    asked += 1
    questions.set(asked, onState)
    traffic.ask(relay.id, asked)
  }

  let connections = 0
  const server: Server = createServer({ noDelay: true, allowHalfOpen: true }, (client) => {
    connections += 1
    const relay = new Relay(connections, client, upstream, options.timeoutMs, traffic, ask)
    relays.set(relay.id, relay)
    if (held) relay.hold(true)
    client.on('close', () => relays.delete(relay.id))
  })
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
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const relay of relays.values()) relay.endIfIdle()
        setTimeout(() => {
          for (const relay of relays.values()) relay.destroy()
        }, 1000).unref()
      }),
  }
}
