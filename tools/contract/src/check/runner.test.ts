import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { targetOf } from '../http'
import { type RunHandler, type RunReport, totalsOf } from '../report'
import { checkTarget } from './runner'

// A server that gets the contract wrong in known ways, to prove the runner notices.
let server: Server
let baseUrl: string
beforeAll(async () => {
  server = createServer((request, response) => {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    request.resume()
    request.on('end', () => {
      if (request.url === '/api/health')
        return json(200, {
          status: 'ok',
          version: '1.0.0',
          uptimeSeconds: 1,
          time: '2026-03-02T10:00:00Z',
        })
      if (request.url === '/api/auth/auth') return json(200, { token: 'not the contract' })
      if (request.url === '/api/contact') return json(201, { id: 'not-a-uuid', message: 'ok' })
      return json(500, { error: 'boom' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

describe('targetOf', () => {
  const apiBaseOf = ({ transport, apiPath }: ReturnType<typeof targetOf>) =>
    `${transport.origin}${apiPath}`
  it('accepts an origin or an API base', () => {
    expect(apiBaseOf(targetOf('http://h:1'))).toBe('http://h:1/api')
    expect(apiBaseOf(targetOf('http://h:1/api/'))).toBe('http://h:1/api')
    const v1 = targetOf('http://h:1/api/v1')
    expect(v1).toMatchObject({ apiPath: '/api/v1', transport: { origin: 'http://h:1' } })
    expect(targetOf('http://h:1/base/api')).toMatchObject({
      apiPath: '/api',
      transport: { origin: 'http://h:1/base' },
    })
  })
})

describe('checkTarget against a server that breaks the contract', () => {
  it('fails, counts schema violations and never throws', async () => {
    const report = await checkTarget({
      baseUrl,
      waitSeconds: 1,
      credentials: { email: 'a@b.co', password: 'x' },
    })
    const totals = totalsOf(report)
    expect(totals.failed).toBeGreaterThan(50)
    expect(totals.schemaViolations).toBeGreaterThan(0)
    const signIn = report.suites.find((suite) => suite.name === 'signIn')
    const example = signIn?.checks.find((check) => check.name.startsWith('example'))
    expect(example?.status).toBe('failed')
    expect(example?.message).toContain('access_token')
    // Contact's window is shared (no stub sessions): the run sends its share, the rest rotate by
    // the clock's half-period, so which refusals run (a documented 400 or 415, or any 4xx) depends
    // on the time of day. Whichever they are, each fails on the 201 the server answers.
    const contact = report.suites.find((suite) => suite.name === 'submitContact')
    const refusals = contact?.checks.filter(
      (check) => check.name.startsWith('refuses ') && check.status === 'failed',
    )
    expect(refusals?.length).toBeGreaterThan(0)
    for (const refusal of refusals ?? [])
      expect(refusal.message).toMatch(/^expected (?:a 4xx refusal|4\d\d), got 201\b/)
    expect(report.notes).toContain('could not sign in as a@b.co: protected operations are skipped')
  })

  it('reports an unreachable target as one failure', async () => {
    const report = await checkTarget({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 })
    expect(totalsOf(report)).toMatchObject({ passed: 0, failed: 1 })
    expect(report.suites[0]?.checks[0]?.message).toContain('no answer')
  })

  it('runs only the selected operations and flows, and refuses a selection naming nothing', async () => {
    const report = await checkTarget({
      baseUrl,
      waitSeconds: 1,
      only: { operations: ['submitContact'], flows: ['findings'] },
    })
    // In the order they were judged: the findings probes come before any other check.
    expect(report.suites.map((suite) => suite.name)).toEqual([
      'target',
      'findings',
      'submitContact',
    ])
    await expect(checkTarget({ baseUrl, only: { flows: ['tokenz'] } })).rejects.toThrow(
      /unknown operation or flow: tokenz \(flows: account, .*tokens/,
    )
  })
})

describe('checkTarget stopped part-way', () => {
  /** A run's outputs that keep its report, and `onCheck` told each check event's number. */
  const keeping = (onCheck: (count: number) => void) => {
    const reports: RunReport[] = []
    let checks = 0
    const handler: RunHandler = {
      handle: (event) => {
        if (event.type === 'finished') reports.push(event.report)
        if (event.type.startsWith('check ')) onCheck(++checks)
      },
    }
    return { reports, outputs: [handler] }
  }

  it('by an error: the report holds the checks told before, marked interrupted, and the error goes on', async () => {
    const { reports, outputs } = keeping((count) => {
      if (count === 3) throw new Error('the disk is full')
    })
    await expect(checkTarget({ baseUrl, waitSeconds: 1, outputs })).rejects.toThrow(
      'the disk is full',
    )
    expect(reports).toHaveLength(1)
    const [report] = reports
    expect(report?.suites.flatMap((suite) => suite.checks).length).toBeGreaterThanOrEqual(3)
    expect(report?.skippedParts).toContainEqual({
      part: 'interrupted',
      reason: 'stopped by an error: the disk is full',
      accepted: false,
    })
  })

  it('by a signal: the run ends with the report of what was judged, marked interrupted', async () => {
    let stop: (signal: string) => void = () => {}
    const stopped = new Promise<string>((resolve) => {
      stop = resolve
    })
    const { reports, outputs } = keeping((count) => {
      if (count === 1) stop('SIGINT')
    })
    const whole = await checkTarget({ baseUrl, waitSeconds: 1 })
    const report = await checkTarget({ baseUrl, waitSeconds: 1, outputs, stopped })
    expect(reports).toEqual([report])
    expect(report.skippedParts).toContainEqual({
      part: 'interrupted',
      reason: 'stopped by SIGINT',
      accepted: false,
    })
    expect(report.suites.length).toBeGreaterThan(0)
    expect(report.suites.length).toBeLessThan(whole.suites.length)
  })
})
