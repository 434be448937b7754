import { createHash, randomBytes } from 'node:crypto'
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  endToEndHeaders,
  type ProxiedExchange,
  type ProxyServer,
  startProxyServer,
} from './transport'

// A fixed Date, so that the direct and the proxied answer can be compared byte for byte.
const DATE = 'Mon, 23 Nov 2026 18:00:00 GMT'
const BINARY = randomBytes(3 * 1024 * 1024 + 17)
const UPLOAD = randomBytes(2 * 1024 * 1024 + 5)

/**
 * What the test compares: every header but the three that describe one connection (each hop
 * sets its own). Written out here rather than taken from the proxy, so that it checks the proxy.
 */
function messageHeaders(rawHeaders: readonly string[]): string[] {
  const perConnection = ['connection', 'keep-alive', 'transfer-encoding']
  return rawHeaders.flatMap((value, index) =>
    index % 2 === 1 || perConnection.includes(value.toLowerCase())
      ? []
      : [value, rawHeaders[index + 1] as string],
  )
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

beforeAll(async () => {
  upstream = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => answer(request, response, Buffer.concat(chunks)))
  })
  upstream.on('connection', () => upstreamConnections++)
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
  proxy = await startProxyServer({
    upstream: new URL(upstreamUrl),
    port: 0,
    onExchange: (exchange) => exchanges.push(exchange),
  })
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
    expect(names(proxied.headers)).toEqual(['date', 'content-type', 'content-length'])
    expect(names(proxied.headers)).toEqual(names(direct.headers))
  })

  it('keeps its connections to the upstream alive between requests', async () => {
    await send(proxy.address, { method: 'GET', path: '/json' })
    const before = upstreamConnections
    for (let round = 0; round < 20; round++)
      await send(proxy.address, { method: 'GET', path: '/json' })
    expect(upstreamConnections - before).toBe(0)
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
    expect(echo?.responseBody?.toString()).toBe('{"size":17}')
    expect(binary?.responseBody?.equals(BINARY)).toBe(true)
  })

  it('answers 502 when the upstream is gone, and reports no answer', async () => {
    const gone = createServer()
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve))
    const port = (gone.address() as AddressInfo).port
    await new Promise((resolve) => gone.close(resolve))
    const seen: ProxiedExchange[] = []
    const orphan = await startProxyServer({
      upstream: new URL(`http://127.0.0.1:${port}`),
      port: 0,
      onExchange: (exchange) => seen.push(exchange),
    })
    try {
      const got = await send(orphan.address, { method: 'GET', path: '/api/health' })
      expect(got.status).toBe(502)
      expect(got.body.toString()).toContain('ECONNREFUSED')
      await new Promise((resolve) => setImmediate(resolve))
      expect(seen).toHaveLength(1)
      expect(seen[0]?.status).toBeUndefined()
      expect(seen[0]?.error).toContain('ECONNREFUSED')
    } finally {
      await orphan.close()
    }
  })
})

describe('endToEndHeaders', () => {
  it('drops hop-by-hop headers and those Connection names, and keeps order and spelling', () => {
    expect(
      endToEndHeaders([
        'Host',
        'a',
        'Connection',
        'keep-alive, X-Hop',
        'Keep-Alive',
        'timeout=5',
        'X-Hop',
        'drop me',
        'TE',
        'trailers',
        'Transfer-Encoding',
        'chunked',
        'Upgrade',
        'h2c',
        'Proxy-Connection',
        'keep-alive',
        'Set-Cookie',
        'a=1',
        'set-cookie',
        'b=2',
      ]),
    ).toEqual(['Host', 'a', 'Set-Cookie', 'a=1', 'set-cookie', 'b=2'])
  })
})
