import { formatCoverage, NOT_CALLED } from './coverage'
import { printable } from './printable'
import type { RunReport } from './run-report'
import {
  closingLine,
  countChecks,
  INTERRUPTED_PART,
  SINCE_LABEL_TEXT,
  type SinceLabel,
  type Suite,
  type SuiteKind,
} from './suites'

const SECTIONS: ReadonlyArray<[SuiteKind, string]> = [
  ['operation', 'operations'],
  ['flow', 'stateful flows'],
  ['property', 'properties'],
]

const pad = (text: string, width: number) =>
  text.length >= width ? text : text + ' '.repeat(width - text.length)
const padStart = (text: string, width: number) =>
  text.length >= width ? text : ' '.repeat(width - text.length) + text

function suiteLine(suite: Suite, width: number): string {
  const totals = countChecks(suite.checks)
  const mark = totals.failed > 0 ? '✗' : totals.passed === 0 && totals.skipped > 0 ? '-' : '✓'
  return `  ${mark} ${pad(printable(suite.name), width)} ${padStart(String(totals.passed), 4)} passed ${padStart(String(totals.failed), 3)} failed ${padStart(String(totals.skipped), 3)} skipped`
}

/**
 * The readable summary: the operations and flows that failed or skipped a check (the others as
 * one count), findings, failures, skipped reasons, the coverage left to exercise, totals. The
 * whole table and matrix are in report.html and report.json.
 */
export function formatSummary(report: RunReport): string {
  const width = Math.max(24, ...report.suites.map((suite) => suite.name.length))
  // Every text here may hold a server's words (a message, a key, a body): each is kept to its
  // line, its control characters shown, so that no line of the summary is the target's to forge.
  const lines: string[] = [`contract ${report.mode} against ${printable(report.target)}`]
  for (const note of report.notes) lines.push(`  ${printable(note)}`)
  for (const [kind, title] of SECTIONS) {
    const suites = report.suites.filter((suite) => suite.kind === kind)
    if (suites.length === 0) continue
    lines.push('', title)
    const clean = suites.filter((suite) => {
      const totals = countChecks(suite.checks)
      return totals.failed === 0 && totals.skipped === 0
    })
    for (const suite of suites) if (!clean.includes(suite)) lines.push(suiteLine(suite, width))
    if (clean.length > 0)
      lines.push(
        `  ✓ ${clean.length === suites.length ? 'all' : 'the other'} ${clean.length} passed every check`,
      )
  }
  if (report.findings.length > 0) {
    lines.push('', 'findings (not failures)')
    for (const finding of report.findings)
      lines.push(`  ! ${printable(finding.title)}: ${printable(finding.detail)}`)
  }
  const failures = report.suites.flatMap((suite) =>
    suite.checks.filter((check) => check.status === 'failed').map((check) => ({ suite, check })),
  )
  // Against an older contract (`--since`) the new failures come first: they are what it changed.
  const rank = (since: SinceLabel | undefined) => (since?.label === 'new' ? 0 : 1)
  if (report.since) failures.sort((a, b) => rank(a.check.since) - rank(b.check.since))
  if (failures.length > 0) {
    lines.push('', report.since ? `failures, new in this contract version first` : 'failures')
    for (const { suite, check } of failures) {
      const label = check.since
        ? ` [${SINCE_LABEL_TEXT[check.since.label]}: ${printable(check.since.because)}]`
        : ''
      lines.push(
        `  ✗ ${printable(`${suite.name} › ${check.name}`)}: ${printable(check.message ?? 'failed')}${label}`,
      )
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
    for (const [reason, names] of skipped)
      lines.push(`  - ${names.length} check(s): ${printable(reason)}`)
  }
  if (report.skippedParts.length > 0) {
    lines.push('', 'not tested (whole parts skipped)')
    for (const part of report.skippedParts)
      lines.push(
        `  ${part.accepted ? '-' : '✗'} ${part.part}: ${printable(part.reason)}${part.accepted ? ' (accepted)' : part.part === INTERRUPTED_PART ? ' (fails the run)' : ` (fails the run; --allow-skip ${part.part} accepts it)`}`,
      )
  }
  // 5xx are listed in the reports; here only what a healthy server could have been made to answer.
  const serverErrors = report.uncovered.filter((each) => each.status?.startsWith('5'))
  const left = report.uncovered.filter(
    (each) => each.example === undefined && !serverErrors.includes(each),
  )
  // Statuses of operations the run never called (an --only run leaves out most) are one line.
  const notCalled = left.filter((each) => each.reason === NOT_CALLED)
  const notProvoked = left.filter((each) => each.reason !== NOT_CALLED)
  if (left.length > 0) lines.push('', 'documented statuses not provoked')
  for (const each of notProvoked)
    lines.push(`  - ${each.operationId} ${each.status}: ${each.reason}`)
  if (notCalled.length > 0)
    lines.push(
      `  - ${notCalled.length} statuses of ${new Set(notCalled.map((each) => each.operationId)).size} operations: ${NOT_CALLED} (listed in report.json under "uncovered")`,
    )
  if (serverErrors.length > 0)
    lines.push(
      '',
      `excluded from the figures: ${serverErrors.length} documented 5xx statuses and examples (listed in report.json under "uncovered")`,
    )
  const totals = report.summary
  lines.push(
    '',
    formatCoverage(report.coverage),
    '',
    `response-schema violations: ${totals.schemaViolations}`,
    ...(report.since
      ? [
          `since ${printable(report.since.base)}: ${report.since.new} new in this version, ${report.since.baseToo} failing under the base too`,
        ]
      : []),
    closingLine(totals, report.skippedParts),
  )
  return lines.join('\n')
}
