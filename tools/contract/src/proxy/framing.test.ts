// Security finding: a request with both Content-Length and Transfer-Encoding, or with two
// Content-Lengths, went through unremarked. Two readers may frame it two ways (request
// smuggling): the proxy still passes it on as sent, and reports it.
import { type AddressInfo, connect, createServer, type Server } from 'node:net'
import { loadContract } from '@devenv/openapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ToldEvent } from '../report'
import { reportOfEvents } from '../report/events-test-support'
import { runValidationProxy } from './run'

const contract = loadContract()
const ANSWER = 'HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\nconnection: close\r\n\r\n'

// A raw upstream: what arrives is kept byte for byte, and any request gets a 400 and the end.
let upstream: Server
let upstreamUrl: URL
const received: Buffer[][] = []

beforeAll(async () => {
  upstream = createServer((socket) => {
    const chunks: Buffer[] = []
    received.push(chunks)
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      if (chunks.length === 1) socket.end(ANSWER)
    })
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  upstreamUrl = new URL(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`)
})
afterAll(() => new Promise((resolve) => upstream.close(resolve)))

/** Sends `raw` on a connection of its own and answers what came back before it closed. */
function sendRaw(address: string, raw: string): Promise<string> {
  const { hostname, port } = new URL(address)
  return new Promise((resolve, reject) => {
    const client = connect(Number(port), hostname)
    const answer: Buffer[] = []
    client.on('data', (chunk: Buffer) => answer.push(chunk))
    client.on('close', () => resolve(Buffer.concat(answer).toString('latin1')))
    client.on('error', reject)
    client.end(raw)
  })
}

const CASES = [
  {
    name: 'Content-Length and Transfer-Encoding',
    raw: 'POST /api/contact HTTP/1.1\r\nHost: example.test\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"a":\r\n0\r\n\r\n',
    message:
      /^the request has both Content-Length and Transfer-Encoding: RFC 9112 §6\.3 calls that an error/,
  },
  {
    name: 'two Content-Lengths',
    raw: 'POST /api/contact HTTP/1.1\r\nHost: example.test\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 9\r\n\r\n{}GET / HT',
    message:
      /^the request has more than one Content-Length: RFC 9112 §6\.3 calls that invalid framing/,
  },
]

describe('a request of ambiguous framing (RFC 9112 §6.3)', () => {
  it.each(CASES)('with $name is forwarded byte for byte and reported', async ({ raw, message }) => {
    received.length = 0
    const events: ToldEvent[] = []
    let answer = ''
    const run = await runValidationProxy({
      upstream: upstreamUrl,
      port: 0,
      timeoutMs: 5000,
      contract,
      tell: (event) => void events.push(event),
      stop: async ({ address }) => {
        answer = await sendRaw(address, raw)
        return 'test'
      },
    })
    expect(Buffer.concat(received.flat()).toString('latin1')).toBe(raw)
    expect(answer).toBe(ANSWER)

    expect(run.violationCount).toBe(1)
    const lines = events.flatMap((event) => (event.type === 'alert' ? [event.text] : []))
    expect(lines).toEqual([
      expect.stringMatching(/^violation: submitContact framing: the request has .*RFC 9112 §6\.3/),
    ])
    const report = await reportOfEvents(events)
    expect(report.suites).toEqual([
      {
        name: 'submitContact',
        kind: 'operation',
        checks: [
          expect.objectContaining({
            name: 'framing',
            status: 'failed',
            message: expect.stringMatching(message),
          }),
        ],
      },
    ])
    expect(report.summary.failed).toBe(1)
    expect(report.failures).toEqual([
      expect.objectContaining({
        operationId: 'submitContact',
        check: 'framing',
        request: { method: 'POST', url: `${upstreamUrl.origin}/api/contact` },
        status: null,
        reproducer: null,
        detail: expect.stringContaining('no reproducer: the framing of the request is what failed'),
      }),
    ])
  })
})
