import { printableLines } from './printable'
import type { RunReport } from './run-report'
import { countChecks } from './suites'

/** Text for XML content and attributes: markup escaped, control characters shown as `\xNN`. */
export function escapeXml(text: string): string {
  return (
    printableLines(text)
      // XML 1.0 cannot hold most controls, and a CI page that shows the file should not obey the
      // rest (CR, C1): each is shown as `\xNN`, as the terminal shows it.
      .replace(/[\ufffe\uffff]/g, '\ufffd')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  )
}

const seconds = (ms: number) => (ms / 1000).toFixed(3)

/** JUnit XML for CI: one testsuite per operation, flow or property, findings as the output of their own. */
export function toJUnitXml(report: RunReport): string {
  const totals = report.summary
  // A skipped part nobody accepted fails the run: it is a failed testcase, so CI shows it red.
  const untested = report.skippedParts.filter((part) => !part.accepted).length
  const accepted = report.skippedParts.length - untested
  const allTime = report.suites
    .flatMap((suite) => suite.checks)
    .reduce((sum, check) => sum + check.durationMs, 0)
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract ${report.mode}" tests="${totals.passed + totals.failed + totals.skipped + report.skippedParts.length}" failures="${totals.failed + untested}" skipped="${totals.skipped + accepted}" errors="0" time="${seconds(allTime)}" timestamp="${escapeXml(report.startedAt)}">`,
  ]
  for (const suite of report.suites) {
    const counts = countChecks(suite.checks)
    const time = suite.checks.reduce((sum, check) => sum + check.durationMs, 0)
    out.push(
      `  <testsuite name="${escapeXml(`${suite.kind} ${suite.name}`)}" tests="${suite.checks.length}" failures="${counts.failed}" skipped="${counts.skipped}" errors="0" time="${seconds(time)}">`,
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
  if (report.skippedParts.length > 0) {
    out.push(
      `  <testsuite name="not tested" tests="${report.skippedParts.length}" failures="${untested}" skipped="${accepted}" errors="0" time="0">`,
    )
    for (const part of report.skippedParts) {
      const open = `    <testcase classname="contract.not-tested" name="${escapeXml(part.part)}" time="0">`
      out.push(
        open,
        part.accepted
          ? `      <skipped message="${escapeXml(`${part.reason} (accepted by --allow-skip)`)}"/>`
          : `      <failure message="${escapeXml(`not tested: ${part.reason}`)}" type="not-tested">${escapeXml(`--allow-skip ${part.part} accepts it`)}</failure>`,
        '    </testcase>',
      )
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
