import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadContract } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import { type Coverage, coverageOfExchanges, coverageShortfall, formatCoverage } from './coverage'
import { exchangeOf } from './exchange'
import { escapeHtml, toHtml } from './html'
import { escapeXml, toJUnitXml } from './junit'
import { curlCommand } from './reproducer'
import { acceptSkips, buildRunReport, toReportJson, untestedParts } from './run-report'
import { closingLine, countChecks, type Suite } from './suites'
import { formatSummary } from './summary'
import { writeReports } from './write'

const API = 'http://127.0.0.1:4010/api'

// A hand-written coverage (what @devenv/openapi's recorder answers), so the figures are fixed here.
const coverage: Coverage = {
  summary: {
    operations: { covered: 2, total: 3, percent: 66.7 },
    statuses: { covered: 2, total: 8, percent: 25 },
    examples: { covered: 1, total: 3, percent: 33.3 },
  },
  operations: [
    {
      operationId: 'signIn',
      method: 'POST',
      path: '/auth/auth',
      calls: 2,
      statuses: [
        { status: '200', count: 1 },
        { status: '400', count: 0 },
        { status: '401', count: 0 },
        { status: '4XX', count: 0 },
        { status: 'default', count: 1 },
      ],
      undocumentedStatuses: [],
      examples: [
        { in: 'request', name: 'credentials', count: 1 },
        { in: 'request', name: 'other', count: 0 },
        { in: 'response', status: '200', name: 'tokens', count: 0 },
      ],
    },
    {
      operationId: 'getProfile',
      method: 'GET',
      path: '/user/profile',
      calls: 2,
      statuses: [
        { status: '200', count: 0 },
        { status: '401', count: 0 },
      ],
      undocumentedStatuses: [{ status: 409, count: 1 }],
      examples: [],
    },
    {
      operationId: 'getHealth',
      method: 'GET',
      path: '/health',
      calls: 0,
      statuses: [{ status: '200', count: 0 }],
      undocumentedStatuses: [],
      examples: [],
    },
  ],
}

const signInExample = exchangeOf(
  'signIn',
  {
    method: 'POST',
    url: `${API}/auth/auth`,
    headers: { 'Content-Type': 'application/json', 'X-Stub-Session': 's1' },
    // The same value as the documented example, keys in another order.
    body: '{"password":"x","username":"a@b.co"}',
  },
  200,
)
const signInBroken = exchangeOf(
  'signIn',
  {
    method: 'POST',
    url: `${API}/auth/auth`,
    headers: { 'Content-Type': 'application/json' },
    body: `{"contract": "<it's>"`,
  },
  500,
)
const profileWithToken = exchangeOf(
  'getProfile',
  {
    method: 'GET',
    url: `${API}/user/profile`,
    headers: { Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.secret.sig' },
    body: undefined,
  },
  409,
)
const profileNoAnswer = exchangeOf(
  'getProfile',
  { method: 'GET', url: `${API}/user/profile`, headers: {}, body: undefined },
  null,
)

const suites: Suite[] = [
  {
    name: 'signIn',
    kind: 'operation',
    checks: [
      {
        name: 'example "credentials" answers a documented status and body',
        status: 'passed',
        durationMs: 12,
        exchange: signInExample,
      },
      {
        name: 'refuses <malformed> JSON & "quotes"',
        status: 'failed',
        message: 'expected a 4xx refusal, got 500',
        detail: 'POST /auth/auth {"contract": \n=> 500',
        durationMs: 3,
        schemaViolation: true,
        exchange: signInBroken,
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
    name: 'sign-out revokes the token',
    kind: 'flow',
    checks: [
      {
        name: 'profile after sign-out: 401',
        status: 'failed',
        message: 'expected 401, got 409',
        durationMs: 5,
        exchange: profileWithToken,
      },
      {
        name: 'the e-mail arrived',
        status: 'failed',
        message: 'no e-mail <script>alert(1)</script>',
        durationMs: 0,
      },
      {
        name: 'profile again',
        status: 'failed',
        message: 'no answer (ECONNRESET)',
        durationMs: 1,
        exchange: profileNoAnswer,
      },
    ],
  },
]

const report = buildRunReport({
  mode: 'check',
  target: API,
  startedAt: '2026-03-02T10:00:00.000Z',
  durationMs: 1234.4,
  notes: ['development mailbox: yes'],
  suites,
  findings: [
    { title: 'E-mail enumeration on forgot-password', detail: '401 for unknown addresses' },
  ],
  coverage,
})

describe('coverageOfExchanges', () => {
  it("feeds the contract's coverage recorder with every answered exchange and its examples", () => {
    const contract = loadContract()
    const recorded = coverageOfExchanges(contract, [
      { ...signInExample, requestExample: 'credentials', responseExample: 'tokens' },
      profileWithToken,
      profileNoAnswer,
    ])
    const signIn = recorded.operations.find((row) => row.operationId === 'signIn')
    expect(signIn?.calls).toBe(1)
    expect(signIn?.statuses.find((each) => each.status === '200')?.count).toBe(1)
    expect(signIn?.examples.filter((each) => each.count > 0)).toEqual([
      { in: 'request', name: 'credentials', count: 1 },
      { in: 'response', status: '200', name: 'tokens', count: 1 },
    ])
    // The exchange that got no answer is no call; the 409 is answered but undocumented.
    const profile = recorded.operations.find((row) => row.operationId === 'getProfile')
    expect(profile?.calls).toBe(1)
    expect(profile?.undocumentedStatuses).toEqual([{ status: 409, count: 1 }])
    expect(recorded.summary.operations.covered).toBe(2)
  })
})

describe('coverage in the terminal', () => {
  it('names the kinds below a minimum', () => {
    expect(coverageShortfall(coverage, 30)).toEqual(['statuses 25%'])
    expect(coverageShortfall(coverage, 25)).toEqual([])
    expect(coverageShortfall(coverage, 100)).toEqual([
      'operations 66.7%',
      'statuses 25%',
      'examples 33.3%',
    ])
  })

  it('prints the matrix with marks and the percentages', () => {
    const text = formatCoverage(coverage)
    expect(text).toMatch(/\+ signIn\s+\+200 -400 -401 -4XX \+default {2}examples 1\/3/)
    expect(text).toMatch(/\+ getProfile\s+-200 -401 !409\n/)
    expect(text).toMatch(/- getHealth\s+-200\n/)
    expect(text.split('\n').at(-1)).toBe(
      'coverage: operations 2/3 (66.7%), statuses 2/8 (25%), examples 1/3 (33.3%)',
    )
  })
})

describe('the terminal keeps the essential', () => {
  const full: Coverage = {
    ...coverage,
    operations: coverage.operations.map((row) =>
      row.operationId === 'getHealth'
        ? { ...row, calls: 3, statuses: row.statuses.map((each) => ({ ...each, count: 3 })) }
        : row,
    ),
  }

  it('counts the fully exercised operations instead of listing them', () => {
    const text = formatCoverage(full)
    expect(text).not.toMatch(/getHealth/)
    expect(text).toContain('  + 1 more operation exercised in full')
    expect(text).toMatch(/\+ signIn\s+\+200 -400/)
  })

  it('lists the operations and flows that failed or skipped, and counts the others', () => {
    const passed = { name: 'answers 200', status: 'passed' as const, durationMs: 1 }
    const clean = { name: 'getHealth', kind: 'operation' as const, checks: [passed] }
    const summary = formatSummary({ ...report, suites: [...report.suites, clean] })
    expect(summary).not.toMatch(/✓ getHealth/)
    expect(summary).toMatch(/✗ signIn\s+1 passed/)
    expect(summary).toContain('  ✓ the other 1 passed every check')
  })
})

describe('buildRunReport', () => {
  it('sums the checks', () => {
    expect(report.summary).toEqual({ passed: 1, failed: 4, skipped: 1, schemaViolations: 1 })
    expect(report.durationMs).toBe(1234)
  })

  it("gives every documented operation an entry: its own suite's counts (the terminal's), and the statuses any request of it saw", () => {
    expect(report.operations).toEqual([
      {
        operationId: 'signIn',
        method: 'POST',
        path: '/auth/auth',
        passed: 1,
        failed: 1,
        skipped: 0,
        statusesSeen: [200, 500],
      },
      {
        operationId: 'getProfile',
        method: 'GET',
        path: '/user/profile',
        // the skip of its own suite; the two flow steps that called it add their status only
        passed: 0,
        failed: 0,
        skipped: 1,
        statusesSeen: [409],
      },
      {
        operationId: 'getHealth',
        method: 'GET',
        path: '/health',
        passed: 0,
        failed: 0,
        skipped: 0,
        statusesSeen: [],
      },
    ])
  })

  it('divides the status and example figures by the same numbers in every mode (5xx left out)', () => {
    const contract = loadContract()
    const documented = contract.operations.flatMap((operation) => operation.statuses)
    const figures = (['check', 'fuzz', 'proxy'] as const).map(
      (mode) =>
        buildRunReport({
          mode,
          target: API,
          startedAt: '2026-03-02T10:00:00.000Z',
          durationMs: 1,
          suites: [],
          coverage: coverageOfExchanges(contract, []),
        }).coverage.summary,
    )
    const statuses = documented.filter((status) => !status.startsWith('5')).length
    expect(figures.map((summary) => summary.statuses.total)).toEqual([statuses, statuses, statuses])
    expect(statuses).toBeLessThan(documented.length)
    expect(new Set(figures.map((summary) => summary.examples.total)).size).toBe(1)
  })

  it("counts each operation as the terminal's summary does: its own suite's checks", () => {
    for (const suite of report.suites.filter((each) => each.kind === 'operation')) {
      const row = report.operations.find((each) => each.operationId === suite.name)
      const { passed, failed, skipped } = countChecks(suite.checks)
      expect({ operation: suite.name, ...row }).toMatchObject({ passed, failed, skipped })
    }
  })

  it('lists each failure with its request, status and a curl reproducer', () => {
    expect(report.failures).toHaveLength(4)
    expect(report.failures[0]).toEqual({
      operationId: 'signIn',
      suite: 'signIn',
      check: 'refuses <malformed> JSON & "quotes"',
      message: 'expected a 4xx refusal, got 500',
      request: { method: 'POST', url: `${API}/auth/auth` },
      status: 500,
      reproducer: `curl -i --globoff -X POST ${API}/auth/auth -H 'Content-Type: application/json' --data-raw '{"contract": "<it'"'"'s>"'`,
      variables: [],
      detail: 'POST /auth/auth {"contract": \n=> 500',
    })
    expect(report.failures[2]).toMatchObject({
      operationId: null,
      request: null,
      status: null,
      reproducer: null,
    })
    expect(report.failures[3]).toMatchObject({ operationId: 'getProfile', status: null })
  })

  it('lists each skipped check with its reason, in report.json and report.html', () => {
    expect(report.skipped).toEqual([
      { suite: 'getProfile', check: 'documented request', reason: 'needs a signed-in account' },
    ])
    expect(JSON.parse(toReportJson(report)).skipped).toEqual(report.skipped)
    expect(toHtml(report)).toContain(
      '<h2>Skipped (1)</h2>\n<ul>\n<li>getProfile › documented request: needs a signed-in account</li>',
    )
  })

  it('keeps the bearer token out of the report', () => {
    const json = toReportJson(report)
    expect(json).not.toContain('secret')
    expect(report.failures[1]?.reproducer).toBe(
      `curl -i --globoff -X GET ${API}/user/profile -H 'Authorization: Bearer '"$ACCESS_TOKEN"`,
    )
  })
})

describe('report.json', () => {
  const json = JSON.parse(toReportJson(report))

  it('holds the documented top-level fields and not the raw suites', () => {
    expect(Object.keys(json).sort()).toEqual(
      [
        'tool',
        'mode',
        'target',
        'startedAt',
        'durationMs',
        'notes',
        'summary',
        'coverage',
        'operations',
        'failures',
        'skipped',
        'findings',
        'skippedParts',
        'uncovered',
      ].sort(),
    )
    expect(json.summary).toEqual({ passed: 1, failed: 4, skipped: 1, schemaViolations: 1 })
    expect(json.coverage).toEqual(coverage)
  })
})

describe('the terminal summary', () => {
  const summary = formatSummary(report)

  it('lists operations, flows, findings, failures, skipped reasons, coverage, and ends with the closing line', () => {
    const lines = summary.split('\n')
    expect(lines[0]).toBe(`contract check against ${API}`)
    expect(lines.at(-1)).toBe('contract: 1 passed, 4 failed, 1 skipped')
    expect(summary).toMatch(/✗ signIn\s+1 passed\s+1 failed\s+0 skipped/)
    expect(summary).toMatch(/- getProfile\s+0 passed\s+0 failed\s+1 skipped/)
    expect(summary).toMatch(/stateful flows\n {2}✗ sign-out revokes the token/)
    expect(summary).toContain('! E-mail enumeration on forgot-password: 401 for unknown addresses')
    expect(summary).toContain(
      '✗ signIn › refuses <malformed> JSON & "quotes": expected a 4xx refusal, got 500',
    )
    expect(summary).toContain('- 1 check(s): needs a signed-in account')
    expect(summary).toContain('coverage: operations 2/3 (66.7%)')
    expect(summary).toContain('response-schema violations: 1')
    expect(closingLine(report.summary)).toBe(lines.at(-1))
  })
})

describe('junit.xml', () => {
  const xml = toJUnitXml(report)

  it('has one testsuite per operation and flow, with matching counts', () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="contract check" tests="6" failures="4" skipped="1"',
      ),
    ).toBe(true)
    expect(xml).toContain(
      '<testsuite name="operation signIn" tests="2" failures="1" skipped="0" errors="0" time="0.015">',
    )
    expect(xml).toContain('<testsuite name="flow sign-out revokes the token" tests="3"')
    expect(xml.match(/<testcase /g)).toHaveLength(6)
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

  it('shows the characters XML cannot hold, and those a page should not obey, as \\xNN', () => {
    expect(escapeXml('a\u0000b\u001bc\ttab\rcr\u009bcsi')).toBe('a\\x00b\\x1bc\ttab\\x0dcr\\x9bcsi')
  })
})

describe('report.html', () => {
  const html = toHtml(report)

  it('is one page with no external assets and no scripts', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true)
    expect(html).not.toMatch(/<(script|link|img|iframe)\b/i)
    expect(html).not.toMatch(/\b(src|href)=/i)
  })

  it('escapes everything the target or the contract sent', () => {
    expect(html).toContain('no e-mail &lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('refuses &lt;malformed&gt; JSON &amp; &quot;quotes&quot;')
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    )
  })

  it('shows the summary, the operations, the coverage matrix and each failure with its reproducer', () => {
    expect(html).toContain('<span class="fail">4 failed</span>')
    expect(html).toMatch(/<td>getHealth<\/td><td>GET<\/td><td><code>\/health<\/code><\/td>/)
    expect(html).toContain(
      '<span class="cell undoc" title="answered 1 times, not documented">409</span>',
    )
    expect(html).toContain(
      '<span class="cell miss" title="response example of 200: not exercised">200 tokens</span>',
    )
    expect(html).toContain('<td>statuses</td><td class="n">2</td><td class="n">8</td>')
    expect(html).toContain(
      `<pre>curl -i --globoff -X GET ${API}/user/profile -H &#39;Authorization: Bearer &#39;&quot;$ACCESS_TOKEN&quot;</pre>`,
    )
    expect(html.match(/<section>/g)).toHaveLength(4)
  })

  it("shows a failure's request and answer, redacted, and the variables its reproducer needs", () => {
    expect(html).toContain(
      '<p>The request and the answer (secrets redacted):</p>\n<pre>POST /auth/auth {&quot;contract&quot;: \n=&gt; 500</pre>',
    )
    expect(html).toContain('<p>Reproduce (set <code>ACCESS_TOKEN</code> first):</p>')
  })
})

describe('writeReports', () => {
  it('writes the three files into a new folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'contract-report-'))
    try {
      const paths = await writeReports(join(dir, 'nested', 'out'), report)
      expect(paths.map((path) => path.slice(dir.length))).toEqual([
        '/nested/out/report.json',
        '/nested/out/junit.xml',
        '/nested/out/report.html',
      ])
      const json = JSON.parse(await readFile(join(dir, 'nested/out/report.json'), 'utf8'))
      expect(json.failures).toHaveLength(4)
      expect(await readFile(join(dir, 'nested/out/junit.xml'), 'utf8')).toBe(toJUnitXml(report))
      expect(await readFile(join(dir, 'nested/out/report.html'), 'utf8')).toBe(toHtml(report))
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('curlCommand', () => {
  it('quotes what a shell would split or expand', () => {
    expect(
      curlCommand({
        method: 'PUT',
        url: `${API}/x?a=1&b=$HOME`,
        headers: { 'X-Name': "O'Brien $(id)" },
        body: '`id`',
      }),
    ).toBe(
      `curl -i --globoff -X PUT '${API}/x?a=1&b=$HOME' -H 'X-Name: O'"'"'Brien $(id)' --data-raw '\`id\`'`,
    )
  })
})

describe('whole parts skipped', () => {
  const skippedRun = buildRunReport({
    mode: 'fuzz',
    target: 'http://127.0.0.1:1',
    startedAt: '2026-03-02T10:00:00.000Z',
    durationMs: 1,
    suites: [],
    coverage,
    skippedParts: [
      { part: 'fuzz.properties', reason: 'no development clock' },
      { part: 'fuzz.stateful', reason: '--sequences 0', accepted: true },
    ],
  })

  it('end the closing line with each part not accepted and its reason', () => {
    expect(formatSummary(skippedRun).split('\n').at(-1)).toBe(
      'contract: 0 passed, 0 failed, 0 skipped; not tested: fuzz.properties (no development clock)',
    )
    expect(untestedParts(skippedRun).map((part) => part.part)).toEqual(['fuzz.properties'])
  })

  it('are accepted by name or by a prefix ending in .*, and by nothing else', () => {
    expect(untestedParts(acceptSkips(skippedRun, ['fuzz.properties']))).toEqual([])
    expect(untestedParts(acceptSkips(skippedRun, ['fuzz.*']))).toEqual([])
    expect(untestedParts(acceptSkips(skippedRun, ['fuzz.prop', 'check.*']))).toHaveLength(1)
    expect(
      formatSummary(acceptSkips(skippedRun, ['fuzz.*']))
        .split('\n')
        .at(-1),
    ).toBe('contract: 0 passed, 0 failed, 0 skipped')
  })

  it('fail the JUnit file and the page while not accepted', () => {
    expect(toJUnitXml(skippedRun)).toMatch(/<testsuites [^>]*failures="1" skipped="1"/)
    expect(toJUnitXml(acceptSkips(skippedRun, ['fuzz.*']))).toMatch(
      /<testsuites [^>]*failures="0" skipped="2"/,
    )
    expect(toHtml(skippedRun)).toContain('<title>devenv-contract fuzz: failed</title>')
  })
})
