import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { buildServer, type ServerOptions } from '../server'

// Requests Node's HTTP parser refuses never reach Fastify's routes: they are sent as raw bytes.
let app: FastifyInstance | undefined
afterEach(async () => {
  await app?.close()
  app = undefined
})

async function listening(options: ServerOptions = {}): Promise<number> {
  app = buildServer({ mode: 'test', logLevel: 'silent', scryptCost: 1024, ...options })
  await app.listen({ host: '127.0.0.1', port: 0 })
  return (app.server.address() as AddressInfo).port
}

type RawAnswer = { status: number; headers: Record<string, string>; body: string }

/** Sends bytes as they are and reads the answer until the server closes the connection. */
function sendRaw(port: number, bytes: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port })
    const chunks: Buffer[] = []
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const [head = '', body = ''] = text.split('\r\n\r\n', 2)
      const [statusLine = '', ...lines] = head.split('\r\n')
      const headers: Record<string, string> = {}
      for (const line of lines) {
        const colon = line.indexOf(':')
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body })
    })
    socket.write(bytes)
  })
}

const SIGN_IN_BODY = '{"email":"user@devenv.example","password":"Framing-Secret-9"}'
const BOTH_LENGTHS = [
  'POST /api/auth/auth HTTP/1.1',
  'Host: 127.0.0.1',
  'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.framing-secret-token.sig',
  'Content-Type: application/json',
  `Content-Length: ${SIGN_IN_BODY.length}`,
  'Transfer-Encoding: chunked',
  '',
  SIGN_IN_BODY,
].join('\r\n')

function expectApiHeaders(answer: RawAnswer) {
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
  expect(answer.headers['content-security-policy']).toContain("default-src 'none'")
  expect(answer.headers['x-content-type-options']).toBe('nosniff')
  expect(answer.headers['x-frame-options']).toBe('DENY')
  expect(answer.headers['referrer-policy']).toBe('no-referrer')
  expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body))
}

describe('requests Node refuses before routing', () => {
  it('answer broken framing (Content-Length and Transfer-Encoding) with the contract 400 and the API headers', async () => {
    const port = await listening()
    const answer = await sendRaw(port, BOTH_LENGTHS)
    expect(answer.status).toBe(400)
    expectApiHeaders(answer)
    expect(JSON.parse(answer.body)).toEqual({
      message: expect.any(String),
      code: 'VALIDATION_FAILED',
      errors: { request: 'Content-Length and Transfer-Encoding must not both be sent' },
    })
  })

  it('give each framing fault its own reason: a repeated Content-Length, both orders of CL+TE, a bad length', async () => {
    const port = await listening()
    const request = (...headers: string[]) =>
      ['POST /api/auth/auth HTTP/1.1', 'Host: 127.0.0.1', ...headers, '', SIGN_IN_BODY].join('\r\n')
    const length = `Content-Length: ${SIGN_IN_BODY.length}`
    const cases: Array<[string, string]> = [
      [request(length, length), 'The Content-Length header must be sent only once'],
      [
        request(length, `Content-Length: ${SIGN_IN_BODY.length + 1}`),
        'The Content-Length header must be sent only once',
      ],
      [
        request(length, 'Transfer-Encoding: chunked'),
        'Content-Length and Transfer-Encoding must not both be sent',
      ],
      [
        request('Transfer-Encoding: chunked', length),
        'Content-Length and Transfer-Encoding must not both be sent',
      ],
      [request('Content-Length: 1x'), 'The Content-Length header is malformed'],
    ]
    for (const [bytes, reason] of cases) {
      const answer = await sendRaw(port, bytes)
      expect(answer.status, bytes).toBe(400)
      expect(JSON.parse(answer.body).errors, bytes).toEqual({ request: reason })
    }
  })

  it('answer a malformed header line and a bad request line with the contract 400', async () => {
    const port = await listening()
    for (const bytes of [
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header Line\r\n\r\n',
      'GET /api/health HTTP/9.7\r\nHost: 127.0.0.1\r\n\r\n',
      'NOT A REQUEST\r\n\r\n',
    ]) {
      const answer = await sendRaw(port, bytes)
      expect(answer.status, bytes).toBe(400)
      expectApiHeaders(answer)
      expect(JSON.parse(answer.body)).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { request: expect.any(String) },
      })
    }
  })

  it('answer headers over the size limit with 431 in the error shape', async () => {
    const port = await listening()
    const answer = await sendRaw(
      port,
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    )
    expect(answer.status).toBe(431)
    expectApiHeaders(answer)
    expect(JSON.parse(answer.body)).toEqual({ message: 'Request headers are too large' })
  })
})

describe('the trace log of a refused request', () => {
  it('holds neither the raw bytes (Authorization, the password) nor a byte array', async () => {
    const lines: string[] = []
    const port = await listening({
      logLevel: 'trace',
      logStream: { write: (line) => lines.push(line) },
    })
    expect((await sendRaw(port, BOTH_LENGTHS)).status).toBe(400)
    const log = lines.join('')
    expect(log).toContain('HPE_INVALID_TRANSFER_ENCODING')
    expect(log).not.toContain('rawPacket')
    expect(log).not.toContain('Framing-Secret-9')
    expect(log).not.toContain('framing-secret-token')
  })
})
