export type CheckStatus = 'passed' | 'failed' | 'skipped'

/** One check: a request (or a step of a flow) and what was expected of its answer. */
export type CheckResult = {
  name: string
  status: CheckStatus
  /** Why it failed or was skipped. */
  message?: string
  /** Request and answer, for the JUnit file and the failure list. */
  detail?: string
  durationMs: number
  /** The answer's status was undocumented, or its body or headers did not match the schema. */
  schemaViolation?: boolean
}

export type SuiteKind = 'operation' | 'flow'

/** The checks of one operation of the contract, or of one stateful flow. */
export type Suite = { name: string; kind: SuiteKind; checks: CheckResult[] }

/** Worth knowing, not a failure (for example e-mail enumeration). */
export type Finding = { title: string; detail: string }

export type Report = {
  target: string
  session: string
  startedAt: string
  notes: string[]
  suites: Suite[]
  findings: Finding[]
}

export type Totals = { passed: number; failed: number; skipped: number; schemaViolations: number }

export function countChecks(checks: readonly CheckResult[]): Totals {
  const totals: Totals = { passed: 0, failed: 0, skipped: 0, schemaViolations: 0 }
  for (const check of checks) {
    totals[check.status]++
    if (check.schemaViolation) totals.schemaViolations++
  }
  return totals
}

export function totalsOf(report: Report): Totals {
  return countChecks(report.suites.flatMap((suite) => suite.checks))
}

/** The last line of every run, in a fixed form that CI logs can grep. */
export function closingLine(totals: Totals): string {
  return `contract: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`
}

const pad = (text: string, width: number) =>
  text.length >= width ? text : text + ' '.repeat(width - text.length)
const padStart = (text: string, width: number) =>
  text.length >= width ? text : ' '.repeat(width - text.length) + text

function suiteLine(suite: Suite, width: number): string {
  const totals = countChecks(suite.checks)
  const mark = totals.failed > 0 ? '✗' : totals.passed === 0 && totals.skipped > 0 ? '-' : '✓'
  return `  ${mark} ${pad(suite.name, width)} ${padStart(String(totals.passed), 4)} passed ${padStart(String(totals.failed), 3)} failed ${padStart(String(totals.skipped), 3)} skipped`
}

/** The readable summary: per operation, per flow, findings, failures, skipped reasons, totals. */
export function formatSummary(report: Report): string {
  const width = Math.max(24, ...report.suites.map((suite) => suite.name.length))
  const lines: string[] = [`contract run against ${report.target} (stub session ${report.session})`]
  for (const note of report.notes) lines.push(`  ${note}`)
  for (const kind of ['operation', 'flow'] as const) {
    const suites = report.suites.filter((suite) => suite.kind === kind)
    if (suites.length === 0) continue
    lines.push('', kind === 'operation' ? 'operations' : 'stateful flows')
    for (const suite of suites) lines.push(suiteLine(suite, width))
  }
  if (report.findings.length > 0) {
    lines.push('', 'findings (not failures)')
    for (const finding of report.findings) lines.push(`  ! ${finding.title}: ${finding.detail}`)
  }
  const failures = report.suites.flatMap((suite) =>
    suite.checks.filter((check) => check.status === 'failed').map((check) => ({ suite, check })),
  )
  if (failures.length > 0) {
    lines.push('', 'failures')
    for (const { suite, check } of failures) {
      lines.push(`  ✗ ${suite.name} › ${check.name}: ${check.message ?? 'failed'}`)
    }
  }
  const skipped = new Map<string, string[]>()
  for (const suite of report.suites) {
    for (const check of suite.checks) {
      if (check.status !== 'skipped') continue
      const reason = check.message ?? 'skipped'
      skipped.set(reason, [...(skipped.get(reason) ?? []), `${suite.name} › ${check.name}`])
    }
  }
  if (skipped.size > 0) {
    lines.push('', 'skipped')
    for (const [reason, names] of skipped) lines.push(`  - ${names.length} check(s): ${reason}`)
  }
  const totals = totalsOf(report)
  lines.push('', `response-schema violations: ${totals.schemaViolations}`, closingLine(totals))
  return lines.join('\n')
}

/** Text for XML content and attributes; characters XML 1.0 forbids are dropped. */
export function escapeXml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to drop
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  )
}

const seconds = (ms: number) => (ms / 1000).toFixed(3)

/** JUnit XML for CI: one testsuite per operation and flow, findings as the output of their own. */
export function toJUnitXml(report: Report): string {
  const totals = totalsOf(report)
  const allTime = report.suites
    .flatMap((suite) => suite.checks)
    .reduce((sum, check) => sum + check.durationMs, 0)
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract" tests="${totals.passed + totals.failed + totals.skipped}" failures="${totals.failed}" skipped="${totals.skipped}" errors="0" time="${seconds(allTime)}" timestamp="${escapeXml(report.startedAt)}">`,
  ]
  for (const suite of report.suites) {
    const counts = countChecks(suite.checks)
    const time = suite.checks.reduce((sum, check) => sum + check.durationMs, 0)
    out.push(
      `  <testsuite name="${escapeXml(`${suite.kind === 'operation' ? 'operation' : 'flow'} ${suite.name}`)}" tests="${suite.checks.length}" failures="${counts.failed}" skipped="${counts.skipped}" errors="0" time="${seconds(time)}">`,
    )
    for (const check of suite.checks) {
      const open = `    <testcase classname="${escapeXml(`contract.${suite.name}`)}" name="${escapeXml(check.name)}" time="${seconds(check.durationMs)}"`
      if (check.status === 'passed') {
        out.push(`${open}/>`)
      } else if (check.status === 'skipped') {
        out.push(
          `${open}>`,
          `      <skipped message="${escapeXml(check.message ?? 'skipped')}"/>`,
          '    </testcase>',
        )
      } else {
        out.push(
          `${open}>`,
          `      <failure message="${escapeXml(check.message ?? 'failed')}" type="${check.schemaViolation ? 'schema' : 'contract'}">${escapeXml(check.detail ?? '')}</failure>`,
          '    </testcase>',
        )
      }
    }
    out.push('  </testsuite>')
  }
  const findings = report.findings
    .map((finding) => `${finding.title}: ${finding.detail}`)
    .join('\n')
  out.push(
    `  <testsuite name="findings" tests="0" failures="0" skipped="0" errors="0" time="0">`,
    `    <system-out>${escapeXml(findings || 'none')}</system-out>`,
    '  </testsuite>',
    '</testsuites>',
    '',
  )
  return out.join('\n')
}
