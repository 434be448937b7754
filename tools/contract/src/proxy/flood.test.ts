// Security finding (the proxy's memory and reports grew with the traffic): 400 POSTs of 1 MB to
// distinct paths grew the proxy by 550 MB and each report to 400 MB. The same flood here, on
// loopback, held to the proxy's own count of what it keeps and the sizes of the files it writes.
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadContract } from '@devenv/openapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { say } from '../cli/terminal'
import { type ToldEvent, writeReports } from '../report'
import { reportOfEvents } from '../report/events-test-support'
import { EXCERPT_BYTES, excerpt, keptExchange } from './exchange'
import { createJudging, KEPT_BYTES } from './judging'
import type { ProxiedExchange } from './reading'
import { type ProxyRun, proxyEndEvents } from './report'
import { runValidationProxy } from './run'

const MiB = 1024 * 1024
const FLOOD = 400
const BODY_BYTES = 1024 * 1024
// Each distinct exchange keeps its texts cut to EXCERPT_BYTES: some 20 KiB at most here (the
// body twice, as the request and in the detail, at two bytes a character, and the rest).
const KEPT_PER_CHECK_BYTES = 24 * 1024
// What the three reports may reach for this flood: its kept excerpts and their markup.
const REPORT_FILE_BYTES = 4 * MiB

const contract = loadContract()
let upstream: Server
let upstreamUrl: URL
let reportDir: string

beforeAll(async () => {
  // Not the contract's: every path is an undocumented operation, so each is a distinct failure.
  upstream = createServer((incoming, response) => {
    incoming.resume()
    incoming.on('end', () => {
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end('{"message":"not here"}')
    })
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  upstreamUrl = new URL(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`)
  reportDir = await mkdtemp(join(tmpdir(), 'proxy-flood-'))
})
afterAll(async () => {
  await new Promise((resolve) => upstream.close(resolve))
  await rm(reportDir, { recursive: true, force: true })
})

function post(address: string, path: string, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(
      `${address}${path}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': body.length },
        // A connection each: a kept-alive one the server closes as it is reused (its 5 s idle
        // bound, reached between rounds on a busy machine) hangs up mid-request.
        agent: false,
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      },
    )
    sent.on('error', reject)
    sent.end(body)
  })
}

const rssMiB = () => Math.round(process.memoryUsage().rss / MiB)

describe('a flood of large bodies to distinct paths', () => {
  it('keeps a few KiB of each, and reports of a few MiB', { timeout: 600_000 }, async () => {
    const body = Buffer.alloc(BODY_BYTES, 'a')
    const rssBefore = rssMiB()
    const statuses: number[] = []
    const events: ToldEvent[] = []
    const run: ProxyRun = await runValidationProxy({
      upstream: upstreamUrl,
      port: 0,
      timeoutMs: 10_000,
      contract,
      tell: (event) => void (event.type !== 'alert' && events.push(event)),
      stop: async ({ address }) => {
        for (let sent = 0; sent < FLOOD; sent += 8)
          statuses.push(
            ...(await Promise.all(
              Array.from({ length: 8 }, (_, index) =>
                post(address, `/api/flood/${sent + index}`, body),
              ),
            )),
          )
        return 'test'
      },
    })
    expect(statuses.filter((status) => status === 404)).toHaveLength(FLOOD)
    expect(run.exchangeCount).toBe(FLOOD)
    expect(run.notKept).toMatchObject({ distinct: 0, seen: 0 })

    // The proxy's own count: every check kept, each within its bound, far below the budget.
    expect(run.keptBytes).toBeGreaterThan(0)
    expect(run.keptBytes).toBeLessThan(FLOOD * KEPT_PER_CHECK_BYTES)
    expect(run.keptBytes).toBeLessThan(KEPT_BYTES)

    const report = await reportOfEvents(events)
    expect(report.failures).toHaveLength(FLOOD)
    const [failure] = report.failures
    // The cut is said where the body is shown, and no reproducer sends another body instead.
    expect(failure?.reproducer).toBeNull()
    expect(failure?.detail).toContain(
      `… (cut: ${BODY_BYTES.toLocaleString('en-US')} bytes, kept ${EXCERPT_BYTES.toLocaleString('en-US')})`,
    )
    expect(failure?.detail).toMatch(/^seen 1 time\nno reproducer: the request body was cut/)

    const paths = await writeReports(reportDir, report)
    const sizes = Object.fromEntries(
      await Promise.all(
        paths.map(async (path) => [path.slice(reportDir.length + 1), (await stat(path)).size]),
      ),
    ) as Record<string, number>
    for (const name of ['report.json', 'report.html', 'junit.xml'])
      expect(sizes[name], name).toBeLessThan(REPORT_FILE_BYTES)
    // A figure, not a check: RSS depends on the collector and the machine.
    say(
      `flood: ${FLOOD} x ${BODY_BYTES} bytes; kept ${run.keptBytes} bytes; report.json ${sizes['report.json']}, report.html ${sizes['report.html']}, junit.xml ${sizes['junit.xml']} bytes; RSS ${rssBefore} -> ${rssMiB()} MiB`,
    )
  })
})

describe('past the budget of kept bytes', () => {
  const upstreamOrigin = new URL('http://127.0.0.1:9')
  const exchange = (path: string, status: number, body?: Buffer): ProxiedExchange => ({
    method: body === undefined ? 'GET' : 'POST',
    url: path,
    requestHeaders: { 'content-type': 'application/json' },
    requestBody: body,
    requestBodyBytes: body?.length ?? 0,
    status,
    answerHeaders: { 'content-type': 'application/json' },
    answerBody: Buffer.from(
      JSON.stringify({
        status: 'ok',
        version: '1.0.0',
        uptimeSeconds: 1,
        time: '2026-11-23T18:00:00.000Z',
      }),
    ),
  })

  it('judges and counts the exchanges it no longer keeps, and says how many and why', async () => {
    const judging = createJudging(contract, upstreamOrigin, () => {}, { keptBytes: 16 * 1024 })
    const body = Buffer.alloc(BODY_BYTES, 'a')
    // Passes first, so that only the count can make the run fail.
    for (let index = 0; index < 200; index++)
      judging.judge(exchange(`/api/v1/health?n=${index}`, 200))
    for (let index = 0; index < 50; index++) {
      judging.judge(exchange(`/api/flood/${index}`, 404, body))
      judging.judge(exchange(`/api/flood/${index}`, 404, body))
    }
    const checks = judging.told(true)
    const judged = judging.judged()
    expect(judged.exchangeCount).toBe(300)
    expect(judged.violationCount).toBe(100)
    expect(judged.keptBytes).toBeLessThanOrEqual(16 * 1024)
    expect(judged.notKept.distinct).toBe(50)
    expect(judged.notKept.seen).toBe(100)
    expect(judged.notKept.why).toEqual(['past the 16 KiB the proxy keeps for its reports'])

    const startedAt = new Date()
    const report = await reportOfEvents([
      {
        type: 'started',
        mode: 'proxy',
        target: upstreamOrigin.href,
        startedAt: startedAt.toISOString(),
      },
      ...checks,
      ...proxyEndEvents({
        ...judged,
        upstream: upstreamOrigin.href,
        address: 'http://127.0.0.1:0',
        startedAt,
        durationMs: 1,
        endedBy: 'test',
      }),
    ])
    // The run fails: the violations not kept are a failed check of their own.
    expect(report.summary.failed).toBe(1)
    expect(report.failures).toEqual([
      expect.objectContaining({
        suite: 'undocumented operations',
        check: 'undocumented operation (details not kept)',
        message:
          '50 more distinct undocumented operation violations, seen 100 times, judged but not kept in detail: past the 16 KiB the proxy keeps for its reports',
        reproducer: null,
      }),
    ])
    expect(report.notes).toContainEqual(
      expect.stringMatching(
        /^50 more distinct exchanges \(seen 100 times\) were judged and counted but not kept in detail: past the 16 KiB the proxy keeps for its reports; each operation/,
      ),
    )
  })
})

describe('a check keeps', () => {
  it('a text cut at a character, saying what was cut', () => {
    expect(excerpt('short')).toBe('short')
    expect(excerpt(`a${'é'.repeat(10)}`, 4)).toBe('aé… (cut: 21 bytes, kept 3)')
  })

  it('no body past the 4 MiB read for checks, and says the request cannot be repeated', () => {
    const kept = keptExchange(
      new URL('http://127.0.0.1:9'),
      'submitContact',
      {
        method: 'POST',
        url: `/api/contact?q=${'x'.repeat(5000)}`,
        requestHeaders: { 'content-type': 'application/json' },
        requestBody: undefined,
        requestBodyBytes: 5 * MiB,
        status: 413,
        answerHeaders: {},
        answerBody: undefined,
      },
      { body: true },
    )
    expect(kept.exchange.request.url).toMatch(/… \(cut: 5,033 bytes, kept 4,096\)$/)
    expect(kept.exchange.request.body).toBe(
      '… (not kept: 5,242,880 bytes, over the 4 MiB the proxy reads of a body)',
    )
    expect(kept.unrepeatable).toBe(
      'no reproducer: the URL was cut (5,033 bytes); the request body was not kept (5,242,880 bytes sent), so a curl made from what was kept would send another request',
    )
  })
})
