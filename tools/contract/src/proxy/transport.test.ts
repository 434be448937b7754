import { createHash, randomBytes } from 'node:crypto'
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import { type AddressInfo, connect, createServer as createTcpServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ProxiedExchange, readTraffic } from './reading'
import { type ProxyServer, startProxyServer } from './transport'

// A fixed Date, so that the direct and the proxied answer can be compared byte for byte.
const DATE = 'Mon, 23 Nov 2026 18:00:00 GMT'
const BINARY = randomBytes(3 * 1024 * 1024 + 17)
const UPLOAD = randomBytes(2 * 1024 * 1024 + 5)

/** The proxy relays bytes: every header, the per-connection ones included, must come through. */
const messageHeaders = (rawHeaders: readonly string[]): string[] => [...rawHeaders]

/** The proxy as the tests drive it: reading on this thread, each exchange into `into`. */
function proxyTo(
  upstream: string,
  into: ProxiedExchange[],
  timeoutMs = 2000,
  unreadable: string[] = [],
): Promise<ProxyServer> {
  return startProxyServer({
    upstream: new URL(upstream),
    port: 0,
    timeoutMs,
    traffic: (relay) =>
      readTraffic(
        {
          exchange: (exchange) => into.push(exchange),
          act: relay.act,
          unreadable: (reason) => unreadable.push(reason),
          framing: (problem) => unreadable.push(problem.message),
        },
        relay.answer,
      ),
  })
}

type Received = { method: string; url: string; headers: string[]; bodySha256: string }

const received: Received[] = []
let upstreamConnections = 0

function answer(request: IncomingMessage, response: ServerResponse, body: Buffer) {
  received.push({
    method: request.method ?? '',
    url: request.url ?? '',
    headers: messageHeaders(request.rawHeaders),
    bodySha256: createHash('sha256').update(body).digest('hex'),
  })
  response.sendDate = false
  const path = (request.url ?? '').split('?')[0]
  switch (path) {
    case '/json': {
      const json = Buffer.from('{"status":"ok","n":1}')
      response.writeHead(200, 'Fine', [
        'Date',
        DATE,
        'Content-Type',
        'application/json; charset=utf-8',
        'X-Mixed-Case',
        'Kept As Is',
        'Set-Cookie',
        'a=1; Path=/',
        'Set-Cookie',
        'b=2; Path=/',
        'Content-Length',
        String(json.length),
      ])
      response.end(json)
      return
    }
    case '/binary':
      response.writeHead(200, {
        date: DATE,
        'content-type': 'application/octet-stream',
        'content-length': BINARY.length,
      })
      response.end(BINARY)
      return
    case '/chunked': {
      response.writeHead(200, { date: DATE, 'content-type': 'text/plain', trailer: 'x-checksum' })
      let left = 5
      const next = () => {
        response.write(`part ${left}\n`)
        if (--left > 0) setTimeout(next, 5)
        else {
          response.addTrailers({ 'x-checksum': 'abc123' })
          response.end()
        }
      }
      next()
      return
    }
    case '/empty':
      // No Date here: the proxy must not add one either.
      response.writeHead(204, { 'x-request-id': 'r-1' })
      response.end()
      return
    case '/error':
      response.writeHead(500, 'Broken Here', { date: DATE, 'content-type': 'application/json' })
      response.end('{"error":"internal","detail":"stack not shown"}')
      return
    case '/hang':
      // Answers nothing: the proxy's timeout must.
      return
    case '/echo': {
      const reply = Buffer.from(JSON.stringify({ size: body.length }))
      response.writeHead(201, {
        date: DATE,
        'content-type': 'application/json',
        'content-length': reply.length,
      })
      response.end(reply)
      return
    }
    default:
      response.writeHead(404, { date: DATE, 'content-type': 'text/plain', connection: 'close' })
      response.end('not here')
  }
}

let upstream: Server
let upstreamUrl: string
let proxy: ProxyServer
const exchanges: ProxiedExchange[] = []

async function listening(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  upstream = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => answer(request, response, Buffer.concat(chunks)))
  })
  upstream.on('connection', () => upstreamConnections++)
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
  proxy = await proxyTo(upstreamUrl, exchanges)
})

afterAll(async () => {
  await proxy.close()
  await new Promise((resolve) => upstream.close(resolve))
})

type Got = {
  status: number
  statusMessage: string
  headers: string[]
  chunked: boolean
  body: Buffer
  trailers: string[]
}

type Send = {
  method: string
  path: string
  headers?: string[]
  body?: Buffer
  /** Sent in pieces without a Content-Length (Transfer-Encoding: chunked). */
  chunked?: boolean
}

/** One request on a fresh connection; the answer as the client got it. */
function send(base: string, { method, path, headers = [], body, chunked }: Send): Promise<Got> {
  const url = new URL(path, base)
  const raw = ['Host', 'api.example.test', 'X-Client', 'One', ...headers]
  if (body && !chunked) raw.push('Content-Length', String(body.length))
  if (chunked) raw.push('Transfer-Encoding', 'chunked')
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({
      hostname: url.hostname,
      port: url.port,
      path: `${url.pathname}${url.search}`,
      method,
      headers: raw as unknown as Record<string, string>,
      setHost: false,
      agent: false,
    })
    outgoing.on('error', reject)
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('error', reject)
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          statusMessage: response.statusMessage ?? '',
          headers: messageHeaders(response.rawHeaders),
          chunked: response.headers['transfer-encoding'] === 'chunked',
          body: Buffer.concat(chunks),
          trailers: response.rawTrailers,
        }),
      )
    })
    if (body && chunked) {
      const half = Math.floor(body.length / 2)
      outgoing.write(body.subarray(0, half))
      setTimeout(() => outgoing.end(body.subarray(half)), 5)
    } else outgoing.end(body)
  })
}

/** The same request sent direct and through the proxy: both answers, and both as received. */
async function directAndProxied(request: Send) {
  const before = received.length
  const direct = await send(upstreamUrl, request)
  const proxied = await send(proxy.address, request)
  const [seenDirect, seenProxied] = received.slice(before)
  return { direct, proxied, seenDirect, seenProxied }
}

describe('the proxy forwards traffic unchanged', () => {
  const cases: Array<[string, Send]> = [
    [
      'a JSON answer with repeated and mixed-case headers',
      { method: 'GET', path: '/json?q=1&q=2' },
    ],
    ['a large binary answer', { method: 'GET', path: '/binary' }],
    ['a chunked answer with a trailer', { method: 'GET', path: '/chunked' }],
    ['a HEAD request', { method: 'HEAD', path: '/json' }],
    ['a 204 answer', { method: 'DELETE', path: '/empty' }],
    ['a 500 with its own reason phrase', { method: 'GET', path: '/error' }],
    ['a 404 sent with Connection: close', { method: 'GET', path: '/nowhere/%E2%9C%93?x=%20' }],
    [
      'a large binary upload',
      {
        method: 'POST',
        path: '/echo',
        body: UPLOAD,
        headers: ['Content-Type', 'application/octet-stream', 'Authorization', 'Bearer t.o.k'],
      },
    ],
    [
      'a chunked upload',
      { method: 'PUT', path: '/echo', body: UPLOAD, chunked: true, headers: ['X-Mixed', 'a, b'] },
    ],
  ]

  it.each(cases)('%s: same status, reason, headers, body and trailers', async (_name, request) => {
    const { direct, proxied, seenDirect, seenProxied } = await directAndProxied(request)
    expect(proxied.status).toBe(direct.status)
    expect(proxied.statusMessage).toBe(direct.statusMessage)
    expect(proxied.headers).toEqual(direct.headers)
    expect(proxied.chunked).toBe(direct.chunked)
    expect(proxied.trailers).toEqual(direct.trailers)
    expect(proxied.body.equals(direct.body)).toBe(true)
    // And the upstream got the same request either way (Host included).
    expect(seenProxied).toEqual(seenDirect)
  })

  it('sends nothing of its own: no Date, no Via, no violation header', async () => {
    const { direct, proxied } = await directAndProxied({ method: 'GET', path: '/binary' })
    const names = (headers: string[]) => headers.filter((_, index) => index % 2 === 0)
    expect(names(proxied.headers)).toEqual(['date', 'content-type', 'content-length', 'Connection'])
    expect(names(proxied.headers)).toEqual(names(direct.headers))
  })

  it('gives each client connection one upstream connection, kept for all its requests', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const before = upstreamConnections
    try {
      for (let round = 0; round < 20; round++) {
        const got = await new Promise<number>((resolve, reject) => {
          const url = new URL('/json', proxy.address)
          httpRequest({ hostname: url.hostname, port: url.port, path: url.pathname, agent })
            .on('response', (response) => {
              response.resume()
              response.on('end', () => resolve(response.statusCode ?? 0))
            })
            .on('error', reject)
            .end()
        })
        expect(got).toBe(200)
      }
      expect(upstreamConnections - before).toBe(1)
    } finally {
      agent.destroy()
    }
  })

  it('hands every exchange, with copies of both bodies, to the checks', async () => {
    exchanges.length = 0
    await send(proxy.address, {
      method: 'POST',
      path: '/echo?via=proxy',
      body: Buffer.from('{"hello":"world"}'),
      headers: ['Content-Type', 'application/json'],
    })
    await send(proxy.address, { method: 'GET', path: '/binary' })
    await new Promise((resolve) => setImmediate(resolve))
    const [echo, binary] = exchanges
    expect(echo?.method).toBe('POST')
    expect(echo?.url).toBe('/echo?via=proxy')
    expect(echo?.requestHeaders['content-type']).toBe('application/json')
    expect(echo?.requestBody?.toString()).toBe('{"hello":"world"}')
    expect(echo?.status).toBe(201)
    expect(echo?.answerBody?.toString()).toBe('{"size":17}')
    expect(binary?.answerBody?.equals(BINARY)).toBe(true)
  })

  it('answers 502 when the upstream is gone, and reports no answer', async () => {
    const gone = createServer()
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve))
    const port = (gone.address() as AddressInfo).port
    await new Promise((resolve) => gone.close(resolve))
    const seen: ProxiedExchange[] = []
    const orphan = await proxyTo(`http://127.0.0.1:${port}`, seen)
    try {
      const got = await send(orphan.address, { method: 'GET', path: '/api/health' })
      expect(got.status).toBe(502)
      expect(got.body.toString()).toContain('ECONNREFUSED')
      // A client slower than the refusal still gets its 502, not a closed connection.
      const address = new URL(orphan.address)
      const slow = connect(Number(address.port), address.hostname)
      await new Promise((resolve) => setTimeout(resolve, 100))
      const answered = new Promise<string>((resolve) => {
        let text = ''
        slow.on('data', (chunk: Buffer) => {
          text += chunk.toString()
        })
        slow.on('close', () => resolve(text))
      })
      slow.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n')
      expect(await answered).toMatch(/^HTTP\/1\.1 502 Bad Gateway\r\n[\s\S]*ECONNREFUSED/)
      await new Promise((resolve) => setImmediate(resolve))
      expect(seen).toHaveLength(2)
      expect(seen.map((exchange) => exchange.status)).toEqual([undefined, undefined])
      expect(seen.map((exchange) => exchange.error)).toEqual([
        'no answer from the upstream (ECONNREFUSED)',
        'no answer from the upstream (ECONNREFUSED)',
      ])
    } finally {
      await orphan.close()
    }
  })
})

describe('an upstream that closes a kept-alive connection', () => {
  it('has the client connection closed too, reports the request unanswered, and serves the next connection', async () => {
    // Every connection serves one request; a second one on it is cut off unanswered, as a server
    // that has just timed the idle connection out does.
    const served = new WeakMap<object, number>()
    const forgetful = createServer((request, response) => {
      const count = (served.get(request.socket) ?? 0) + 1
      served.set(request.socket, count)
      if (count > 1) {
        request.socket.destroy()
        return
      }
      response.writeHead(200, { 'content-type': 'text/plain' })
      response.end('once')
    })
    const forgetfulUrl = await listening(forgetful)
    const seen: ProxiedExchange[] = []
    const relaying = await proxyTo(forgetfulUrl, seen)
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const get = () =>
      new Promise<string>((resolve) => {
        const url = new URL('/x', relaying.address)
        httpRequest({ hostname: url.hostname, port: url.port, path: url.pathname, agent })
          .on('response', (response) => {
            const chunks: Buffer[] = []
            response.on('data', (chunk: Buffer) => chunks.push(chunk))
            response.on('end', () => resolve(`${response.statusCode} ${Buffer.concat(chunks)}`))
          })
          .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
          .end()
      })
    try {
      expect(await get()).toBe('200 once')
      // Directly, the client would see its connection closed; through the proxy, the same
      // (or a 502 naming the reset, when the upstream's close comes as one).
      expect(await get()).toMatch(/^(ECONNRESET|502 Bad gateway: the upstream did not answer)/)
      expect(await get()).toBe('200 once')
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(seen.map((exchange) => exchange.status ?? exchange.error)).toEqual([
        200,
        expect.stringMatching(
          /^no answer from the upstream \((it closed the connection|ECONNRESET)\)$/,
        ),
        200,
      ])
    } finally {
      agent.destroy()
      await relaying.close()
      forgetful.close()
    }
  })
})

describe('bytes, not messages', () => {
  it('passes pipelined requests and their answers on byte for byte, and pairs each with its answer', async () => {
    // Raw on both ends: whatever Node's HTTP modules would normalise is compared as sent.
    const requests = Buffer.from(
      [
        'GET /api/health?probe=1 HTTP/1.1\r\nhost: API.example.test\r\nX-Odd-Spacing:   kept  \r\n\r\n',
        'HEAD /api/health HTTP/1.1\r\nHost: api.example.test\r\n\r\n',
        'POST /api/contact HTTP/1.1\r\nHost: api.example.test\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"a":\r\n2\r\n1}\r\n0\r\n\r\n',
      ].join(''),
    )
    const answers = Buffer.from(
      [
        'HTTP/1.1 200 Fine\r\nContent-Type: application/json\r\nContent-Length: 15\r\n\r\n{"status":"ok"}',
        // A HEAD answer names the body's length but carries none.
        'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 15\r\n\r\n',
        'HTTP/1.1 100 Continue\r\n\r\n',
        'HTTP/1.1 201 Created\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n3\r\n{"i\r\n7\r\nd":"x"}\r\n0\r\nX-Trailer: t\r\n\r\n',
      ].join(''),
    )
    let receivedBytes = Buffer.alloc(0)
    const raw = createTcpServer((socket) => {
      socket.on('data', (chunk: Buffer) => {
        receivedBytes = Buffer.concat([receivedBytes, chunk])
        // Answers in three pieces, split mid-header and mid-body, once all requests are in.
        if (receivedBytes.length === requests.length)
          for (const [index, piece] of [
            answers.subarray(0, 40),
            answers.subarray(40, 150),
            answers.subarray(150),
          ].entries())
            setTimeout(() => socket.write(piece), index * 10)
      })
    })
    const rawUrl = await listening(raw as unknown as Server)
    const seen: ProxiedExchange[] = []
    const relaying = await proxyTo(rawUrl, seen)
    try {
      const address = new URL(relaying.address)
      const client = connect(Number(address.port), address.hostname)
      let got = Buffer.alloc(0)
      client.on('data', (chunk: Buffer) => {
        got = Buffer.concat([got, chunk])
      })
      await new Promise((resolve) => client.on('connect', resolve))
      client.write(requests)
      // Ends as soon as every byte is back; a slow machine under load may need seconds.
      const deadline = Date.now() + 30_000
      while (got.length < answers.length && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10))
      client.destroy()
      expect(receivedBytes.equals(requests)).toBe(true)
      expect(got.equals(answers)).toBe(true)
      expect(
        seen.map(({ method, url, status, requestBody, answerBody, answerHeaders }) => ({
          method,
          url,
          status,
          requestBody: requestBody?.toString(),
          answerBody: answerBody?.toString(),
          contentType: answerHeaders['content-type'],
        })),
      ).toEqual([
        {
          method: 'GET',
          url: '/api/health?probe=1',
          status: 200,
          requestBody: '',
          answerBody: '{"status":"ok"}',
          contentType: 'application/json',
        },
        {
          method: 'HEAD',
          url: '/api/health',
          status: 200,
          requestBody: '',
          answerBody: '',
          contentType: 'application/json',
        },
        {
          method: 'POST',
          url: '/api/contact',
          status: 201,
          requestBody: '{"a":1}',
          answerBody: '{"id":"x"}',
          contentType: 'application/json',
        },
      ])
      expect(seen[0]?.requestHeaders).toEqual({ host: 'API.example.test', 'x-odd-spacing': 'kept' })
    } finally {
      await relaying.close()
      raw.close()
    }
  })

  it('reports an answer the upstream cut off by closing, and an answer that ran to the close', async () => {
    const answers: Record<string, string> = {
      '/short':
        'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"cut":',
      '/to-the-end': 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nall of it',
    }
    const closing = createTcpServer((socket) => {
      socket.once('data', (chunk: Buffer) => {
        const path = chunk.toString('latin1').split(' ')[1] ?? ''
        socket.end(answers[path] ?? '')
      })
    })
    const closingUrl = await listening(closing as unknown as Server)
    const seen: ProxiedExchange[] = []
    const relaying = await proxyTo(closingUrl, seen)
    try {
      for (const path of Object.keys(answers)) {
        const address = new URL(relaying.address)
        const client = connect(Number(address.port), address.hostname)
        const got = new Promise<string>((resolve) => {
          let text = ''
          client.on('data', (chunk: Buffer) => {
            text += chunk.toString('latin1')
          })
          client.on('close', () => resolve(text))
        })
        client.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`)
        // The client gets what the upstream sent, then the close.
        expect(await got).toBe(answers[path])
      }
      expect(
        seen.map(({ url, status, error, answerBody }) => ({
          url,
          status,
          error,
          body: answerBody?.toString(),
        })),
      ).toEqual([
        {
          url: '/short',
          status: 200,
          error: 'the upstream cut the answer off (it closed the connection)',
          body: undefined,
        },
        { url: '/to-the-end', status: 200, error: undefined, body: 'all of it' },
      ])
    } finally {
      await relaying.close()
      closing.close()
    }
  })

  it('forwards a connection whose bytes are not HTTP, and says it cannot check it', async () => {
    const echo = createTcpServer((socket) => socket.pipe(socket))
    const echoUrl = await listening(echo as unknown as Server)
    const seen: ProxiedExchange[] = []
    const unreadable: string[] = []
    const relaying = await proxyTo(echoUrl, seen, 2000, unreadable)
    try {
      const address = new URL(relaying.address)
      const client = connect(Number(address.port), address.hostname)
      const noise = Buffer.from('\x16\x03\x01 not http at all\r\n\r\n')
      const echoed = new Promise<Buffer>((resolve) => client.once('data', resolve))
      client.write(noise)
      expect((await echoed).equals(noise)).toBe(true)
      client.destroy()
      expect(seen).toEqual([])
      expect(unreadable).toEqual([
        expect.stringMatching(/^the requests of a connection are not HTTP\/1\.1 \(/),
      ])
    } finally {
      await relaying.close()
      echo.close()
    }
  })

  it('takes an origin only: a path on the upstream would be a change to every request', async () => {
    await expect(
      startProxyServer({
        upstream: new URL(`${upstreamUrl}/base`),
        port: 0,
        timeoutMs: 100,
        traffic: () => {
          throw new Error('not reached')
        },
      }),
    ).rejects.toThrow(/must be an origin/)
  })
})

describe('a silent upstream', () => {
  it('gets the client a 504 after the timeout, and is reported as no answer', async () => {
    const seen: ProxiedExchange[] = []
    const impatient = await proxyTo(upstreamUrl, seen, 200)
    try {
      const started = Date.now()
      const got = await send(impatient.address, { method: 'GET', path: '/hang' })
      expect(got.status).toBe(504)
      expect(Date.now() - started).toBeGreaterThanOrEqual(190)
      await new Promise((resolve) => setImmediate(resolve))
      expect(seen[0]?.status).toBeUndefined()
      expect(seen[0]?.error).toBe('no answer from the upstream (ETIMEDOUT)')
    } finally {
      await impatient.close()
    }
  })
})
