import { printableLines } from './printable'
import type { RunReport } from './run-report'
import { countChecks, SINCE_LABEL_TEXT } from './suites'

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

export const seconds = (ms: number) => (ms / 1000).toFixed(3)

/** A testcase's outcome as JUnit says it. */
export type JUnitOutcome =
  | { status: 'passed' }
  | { status: 'skipped'; message: string }
  | { status: 'failed'; message: string; type: string; detail: string }

/**
 * One testcase element, as lines indented for a testsuite: every JUnit file the toolkit writes
 * (a run's report, a diff of two contracts) writes its testcases here.
 */
export function junitTestcase(
  classname: string,
  name: string,
  durationMs: number,
  outcome: JUnitOutcome,
): string[] {
  const open = `    <testcase classname="${escapeXml(classname)}" name="${escapeXml(name)}" time="${seconds(durationMs)}"`
  if (outcome.status === 'passed') return [`${open}/>`]
  if (outcome.status === 'skipped')
    return [
      `${open}>`,
      `      <skipped message="${escapeXml(outcome.message)}"/>`,
      '    </testcase>',
    ]
  return [
    `${open}>`,
    `      <failure message="${escapeXml(outcome.message)}" type="${escapeXml(outcome.type)}">${escapeXml(outcome.detail)}</failure>`,
    '    </testcase>',
  ]
}

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
    for (const check of suite.checks)
      out.push(
        ...junitTestcase(
          `contract.${suite.name}`,
          check.name,
          check.durationMs,
          check.status === 'passed'
            ? { status: 'passed' }
            : check.status === 'skipped'
              ? { status: 'skipped', message: check.message ?? 'skipped' }
              : {
                  status: 'failed',
                  // Against an older contract (`--since`), the label leads the message: CI
                  // pages show the message, and no JUnit schema agrees on a testcase's properties.
                  message: `${check.since ? `${SINCE_LABEL_TEXT[check.since.label]} (${check.since.because}): ` : ''}${check.message ?? 'failed'}`,
                  type: check.schemaViolation ? 'schema' : 'contract',
                  detail: check.detail ?? '',
                },
        ),
      )
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
