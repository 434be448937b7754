import { spawnSync } from 'node:child_process'
import { createCoverageRecorder, loadContract } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import type { Exchange } from '../src/fuzz/checks'
import { verdictEvents } from '../src/fuzz/report'
import { formatFailure, Tally } from '../src/fuzz/tally'
import type { WireRequest } from '../src/http'
import { buildRunReport } from '../src/report'

const ORIGIN = 'http://127.0.0.1:4010'
// What a second backend was sent: a lone U+00A0, which the terminal printed as a blank and the
// reproducer as `--data-raw ' '`.
const BODY = '\u00a0'

/** A failure the property-based part found (not shrunk: `--shrink 0`), as the tally keeps it. */
function failedOnce() {
  const contract = loadContract()
  const tally = new Tally(contract)
  const sent: WireRequest = {
    method: 'POST',
    url: '/api/contact',
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(BODY, 'utf8'),
  }
  const exchange: Exchange = {
    operationId: 'submitContact',
    request: {
      method: 'POST',
      url: '/api/contact',
      headers: sent.headers,
      body: 'unicode-whitespace of {}',
    },
    answer: { status: 500, headers: {}, text: '{}', json: {}, logged: [] },
    input: 'negative',
    auth: 'public',
    ruleFields: [],
  }
  tally.record('fuzz', exchange, [{ check: 'not_a_server_error', problem: 'answered 500' }], sent)
  const failure = tally.failures.get('not_a_server_error submitContact')
  if (!failure) throw new Error('the failure was not kept')
  return { contract, tally, failure }
}

describe('a failure of the property-based part, not shrunk', () => {
  it('prints the bytes of its body, invisible characters as escapes, with the mutation named', () => {
    const { failure } = failedOnce()
    expect(formatFailure(failure)).toContain('    body: \\u00a0 (unicode-whitespace of {})')
  })

  it('keeps the request as sent in report.json, and its reproducer sends the same bytes from bash', () => {
    const { contract, tally } = failedOnce()
    const [event] = verdictEvents(tally, ORIGIN, [
      { check: 'not_a_server_error', operationId: 'submitContact' },
    ])
    if (!event) throw new Error('no verdict told')
    const report = buildRunReport({
      mode: 'fuzz',
      target: ORIGIN,
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 1,
      coverage: createCoverageRecorder(contract).report(),
      suites: [{ ...event.suite, checks: [event.check] }],
    })
    const [reported] = report.failures
    expect(reported?.request).toEqual({ method: 'POST', url: `${ORIGIN}/api/contact` })
    const reproducer = reported?.reproducer ?? ''
    expect(reproducer).toMatch(/^printf /)
    // A curl that writes what it was given on standard input: what the pasted line sends.
    const run = spawnSync('bash', ['-c', `curl() { cat; }; ${reproducer}`], { encoding: 'buffer' })
    expect(run.status, run.stderr.toString()).toBe(0)
    expect(run.stdout).toEqual(Buffer.from(BODY, 'utf8'))
  })
})
