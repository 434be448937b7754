import { describe, expect, it } from 'vitest'
import { closingLine, escapeXml, formatSummary, type Report, toJUnitXml, totalsOf } from './report'

const report: Report = {
  target: 'http://127.0.0.1:4010/api',
  session: 'contract-test',
  startedAt: '2026-03-02T10:00:00.000Z',
  notes: ['development mailbox: yes'],
  suites: [
    {
      name: 'signIn',
      kind: 'operation',
      checks: [
        {
          name: 'example "credentials" answers a documented status and body',
          status: 'passed',
          durationMs: 12,
        },
        {
          name: 'refuses <malformed> JSON & "quotes"',
          status: 'failed',
          message: 'expected a 4xx refusal, got 500',
          detail: 'POST /auth/auth {"contract": \n=> 500',
          durationMs: 3,
          schemaViolation: true,
        },
      ],
    },
    {
      name: 'getProfile',
      kind: 'operation',
      checks: [
        {
          name: 'documented request',
          status: 'skipped',
          message: 'needs a signed-in account',
          durationMs: 0,
        },
      ],
    },
    {
      name: 'login lock after 5 failures',
      kind: 'flow',
      checks: [{ name: 'sixth attempt: 429', status: 'passed', durationMs: 5 }],
    },
  ],
  findings: [
    { title: 'E-mail enumeration on forgot-password', detail: '401 for unknown addresses' },
  ],
}

describe('totals and the closing line', () => {
  it('counts checks by status and schema violations', () => {
    expect(totalsOf(report)).toEqual({ passed: 2, failed: 1, skipped: 1, schemaViolations: 1 })
    expect(closingLine(totalsOf(report))).toBe('contract: 2 passed, 1 failed, 1 skipped')
  })
})

describe('formatSummary', () => {
  it('lists operations, flows, findings, failures and skipped reasons, and ends with the closing line', () => {
    const summary = formatSummary(report)
    const lines = summary.split('\n')
    expect(lines.at(-1)).toBe('contract: 2 passed, 1 failed, 1 skipped')
    expect(summary).toMatch(/✗ signIn\s+1 passed\s+1 failed\s+0 skipped/)
    expect(summary).toMatch(/- getProfile\s+0 passed\s+0 failed\s+1 skipped/)
    expect(summary).toMatch(/stateful flows\n {2}✓ login lock after 5 failures/)
    expect(summary).toContain('! E-mail enumeration on forgot-password: 401 for unknown addresses')
    expect(summary).toContain(
      '✗ signIn › refuses <malformed> JSON & "quotes": expected a 4xx refusal, got 500',
    )
    expect(summary).toContain('- 1 check(s): needs a signed-in account')
    expect(summary).toContain('response-schema violations: 1')
  })
})

describe('toJUnitXml', () => {
  const xml = toJUnitXml(report)

  it('has one testsuite per operation and flow, with matching counts', () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="contract" tests="4" failures="1" skipped="1"',
      ),
    ).toBe(true)
    expect(xml).toContain(
      '<testsuite name="operation signIn" tests="2" failures="1" skipped="0" errors="0" time="0.015">',
    )
    expect(xml).toContain('<testsuite name="flow login lock after 5 failures" tests="1"')
    expect(xml.match(/<testcase /g)).toHaveLength(4)
    expect(xml).toContain('<skipped message="needs a signed-in account"/>')
    expect(xml).toContain(
      '<failure message="expected a 4xx refusal, got 500" type="schema">POST /auth/auth {&quot;contract&quot;: \n=&gt; 500</failure>',
    )
  })

  it('escapes names and keeps findings out of the counts', () => {
    expect(xml).toContain('name="refuses &lt;malformed&gt; JSON &amp; &quot;quotes&quot;"')
    expect(xml).toContain('<testsuite name="findings" tests="0"')
    expect(xml).toContain(
      '<system-out>E-mail enumeration on forgot-password: 401 for unknown addresses</system-out>',
    )
    const opened = (xml.match(/<testsuite /g) ?? []).length
    const closed = (xml.match(/<\/testsuite>/g) ?? []).length
    expect(opened).toBe(closed)
  })

  it('drops characters XML cannot hold', () => {
    expect(escapeXml('a\u0000b\u001bc\ttab')).toBe('abc\ttab')
  })
})
