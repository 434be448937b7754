import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadContract } from '@devenv/openapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunReport, ToldEvent } from '../report'
import { reportOfEvents } from '../report/events-test-support'
import type { ProxyRun } from './report'
import { runValidationProxy } from './run'

const HEALTHY = {
  status: 'ok',
  version: '1.0.0',
  uptimeSeconds: 12,
  time: '2026-11-23T18:00:00.000Z',
}

// A careless backend: every path below answers out of contract in one way, but the v1 health.
const CARELESS: Record<string, { status: number; headers: Record<string, string>; body: string }> =
  {
    'GET /api/v1/health': {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(HEALTHY),
    },
    'GET /api/health': {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'ok', uptimeSeconds: 12, time: HEALTHY.time }),
    },
    'GET /api/ai/models': {
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: '<h1>models</h1>',
    },
    'GET /api/health?limited': {
      status: 429,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Too many requests', code: 'RATE_LIMITED' }),
    },
    'POST /api/contact': { status: 418, headers: {}, body: '' },
    'GET /api/nowhere': { status: 404, headers: {}, body: '' },
  }

let upstream: Server
let upstreamUrl: URL
const contract = loadContract()

beforeAll(async () => {
  upstream = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      const canned = CARELESS[`${request.method} ${request.url}`]
      response.writeHead(canned?.status ?? 500, canned?.headers ?? {})
      response.end(canned?.body ?? '')
    })
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  upstreamUrl = new URL(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`)
})
afterAll(() => new Promise((resolve) => upstream.close(resolve)))

/**
 * Runs the proxy in front of the careless backend while `traffic` sends its requests: what it
 * saw, the lines it printed, and the report its events make.
 */
async function proxied(
  traffic: (address: string) => Promise<void>,
): Promise<{ run: ProxyRun; lines: string[]; report: RunReport }> {
  const events: ToldEvent[] = []
  const run = await runValidationProxy({
    upstream: upstreamUrl,
    port: 0,
    timeoutMs: 5000,
    contract,
    tell: (event) => void events.push(event),
    stop: async ({ address }) => {
      await traffic(address)
      return 'test'
    },
  })
  const lines = events.flatMap((event) => (event.type === 'alert' ? [event.text] : []))
  return { run, lines, report: await reportOfEvents(events) }
}

describe('the validation proxy', () => {
  it('answers GET /api/health as soon as it listens, and the answer passes', async () => {
    let got: { status: number; body: unknown } | undefined
    const { run, lines, report } = await proxied(async (address) => {
      const response = await fetch(`${address}/api/v1/health`)
      got = { status: response.status, body: await response.json() }
    })
    expect(got).toEqual({ status: 200, body: HEALTHY })
    expect(lines).toEqual([])
    expect(run.violationCount).toBe(0)
    expect(report.suites).toMatchObject([
      {
        name: 'getHealth',
        checks: [{ name: 'GET /api/v1/health -> 200', status: 'passed', detail: 'seen 1 time' }],
      },
    ])
  })

  it('prints one line per violation as it happens, and keeps each for the report', async () => {
    const { run, lines, report } = await proxied(async (address) => {
      for (const path of ['/api/health', '/api/ai/models', '/api/health?limited', '/api/nowhere'])
        await (await fetch(`${address}${path}`)).arrayBuffer()
      await (
        await fetch(`${address}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"message":"hi"}',
        })
      ).arrayBuffer()
    })
    expect(lines).toContain(
      "violation: getHealth schema: (body) must have required property 'version' [GET /api/health -> 200]",
    )
    expect(lines).toContain(
      'violation: listModels media type: content type "text/html" is not documented (application/json) [GET /api/ai/models -> 200]',
    )
    expect(lines).toContain(
      'violation: getHealth headers: the Retry-After header is missing [GET /api/health?limited -> 429]',
    )
    expect(lines).toContain(
      'violation: (no operation) undocumented operation: GET /api/nowhere is not in the contract [GET /api/nowhere -> 404]',
    )
    expect(lines.filter((line) => line.includes('[POST /api/contact -> 418]'))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^violation: submitContact status: /)]),
    )
    expect(run.violationCount).toBe(lines.length)
    expect(report.failures).toHaveLength(lines.length)
    expect(report.failures.map((failure) => failure.check)).toEqual(
      expect.arrayContaining([
        'schema',
        'media type',
        'headers',
        'undocumented operation',
        'status',
        'request body',
      ]),
    )
    expect(report.failures.find((failure) => failure.check === 'status')).toMatchObject({
      operationId: 'submitContact',
      request: { method: 'POST', url: `${upstreamUrl.origin}/api/contact` },
      status: 418,
    })
    expect(
      report.failures.find((failure) => failure.check === 'undocumented operation'),
    ).toMatchObject({ operationId: null, status: 404 })
  })

  it('counts each operation, the statuses it answered with and the examples it was sent', async () => {
    const example = contract.byId.get('submitContact')?.bodyExamples[0]
    const { run, report } = await proxied(async (address) => {
      for (const path of ['/api/v1/health', '/api/v1/health', '/api/health?limited'])
        await (await fetch(`${address}${path}`)).arrayBuffer()
      await fetch(`${address}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(example?.value),
      })
    })
    expect(run.exchangeCount).toBe(4)
    expect(report.suites[0]).toMatchObject({
      name: 'getHealth',
      checks: [
        { name: 'GET /api/v1/health -> 200', status: 'passed', detail: 'seen 2 times' },
        { name: 'headers', status: 'failed', detail: 'seen 1 time' },
      ],
    })
    expect(report.operations.find((operation) => operation.operationId === 'getHealth')).toEqual({
      operationId: 'getHealth',
      method: 'GET',
      path: '/health',
      passed: 1,
      failed: 1,
      skipped: 0,
      statusesSeen: [200, 429],
    })
    const health = report.coverage.operations.find((row) => row.operationId === 'getHealth')
    expect(health?.statuses).toEqual(
      expect.arrayContaining([
        { status: '200', count: 2 },
        { status: '429', count: 1 },
        { status: '503', count: 0 },
      ]),
    )
    const contact = report.coverage.operations.find((row) => row.operationId === 'submitContact')
    expect(contact?.examples).toContainEqual({ in: 'request', name: example?.name, count: 1 })
    expect(contact?.undocumentedStatuses).toEqual([{ status: 418, count: 1 }])
  })
})
