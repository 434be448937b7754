import { escapeXml, junitTestcase } from '../report/junit'
import { markdownCode, markdownText } from '../report/markdown'
import { printable } from '../report/printable'
import { CHANGE_RULES } from './change-rules'
import type { ChangedOperation, ContractChange, ContractDiff } from './index'
import type { Side } from './sides'

// A diff of two contracts, written for a reader: the terminal (grouped by whom the changes break,
// most breaking first), JSON, Markdown fit for a pull-request comment, and JUnit. The contracts
// compared may come from anyone's pull request: their text is escaped for each format (one line
// each in the terminal and JUnit, inert Markdown: src/report/markdown.ts), and a value is shown
// cut short.

/** What a diff is told with: the versions as given, and the sides whose breaks fail it. */
export type DiffContext = { base: string; head: string; failOn: readonly Side[] }

/** The groups of the terminal, JUnit and the changelog's entry, most breaking first. */
export const GROUPS: ReadonlyArray<{ title: string; holds: (change: ContractChange) => boolean }> =
  [
    { title: 'Breaks clients and servers', holds: (change) => change.breaks.length === 2 },
    {
      title: 'Breaks clients',
      holds: (change) => change.breaks.length === 1 && change.breaks[0] === 'clients',
    },
    {
      title: 'Breaks servers',
      holds: (change) => change.breaks.length === 1 && change.breaks[0] === 'servers',
    },
    { title: 'Breaks neither', holds: (change) => change.breaks.length === 0 },
  ]

const VALUE_WIDTH = 72

/** A value in one short line: JSON, cut at the width with an ellipsis; `(none)` when absent. */
export function valueText(value: unknown, width = VALUE_WIDTH): string {
  if (value === undefined) return '(none)'
  const text = JSON.stringify(value) ?? String(value)
  return text.length > width ? `${text.slice(0, width - 1)}…` : text
}

export const operationText = (operation: ChangedOperation | undefined): string =>
  operation === undefined
    ? 'the whole API'
    : `${operation.method.toUpperCase()} ${operation.path}${operation.operationId ? ` (${operation.operationId})` : ''}`

/** Whether the diff fails: a change breaks a side that --fail-on names. */
export const failsOn = (change: ContractChange, failOn: readonly Side[]): boolean =>
  change.breaks.some((side) => failOn.includes(side))

/** The closing line: the counts per side, and what fails. */
export function diffSummaryLine(diff: ContractDiff, context: DiffContext): string {
  const { total, clients, servers, neither } = diff.counts
  const failing = diff.changes.filter((change) => failsOn(change, context.failOn)).length
  const verdict =
    context.failOn.length === 0
      ? 'nothing fails it (--fail-on none)'
      : failing === 0
        ? `nothing breaks ${context.failOn.join(' or ')}`
        : `failed: ${failing} break ${context.failOn.join(' or ')}`
  return `contract diff: ${total} change${total === 1 ? '' : 's'}, ${clients} break clients, ${servers} break servers, ${neither} break neither; ${verdict}`
}

/** The terminal's lines: the groups, each change with its operation, place and values. */
export function diffTerminalLines(diff: ContractDiff, context: DiffContext): string[] {
  const lines = [`Contract diff: ${context.base} -> ${context.head}`]
  for (const group of GROUPS) {
    const changes = diff.changes.filter(group.holds)
    if (changes.length === 0) continue
    lines.push('', `${group.title} (${changes.length}):`)
    for (const change of changes) {
      lines.push(
        `  ${change.rule}  ${operationText(change.operation)}`,
        `    ${change.summary}: ${valueText(change.before)} -> ${valueText(change.after)}`,
        `    ${change.pointer}`,
      )
    }
  }
  if (diff.changes.length === 0) lines.push('', 'The two versions are the same.')
  lines.push('', diffSummaryLine(diff, context))
  // A name of the contract's with a line feed would start a line of its own (a forged change, a
  // CI workflow command): each line stays one, as check --since shows the same text.
  return lines.map(printable)
}

/** The diff as JSON: the versions, the counts, each change with its rule's reason. */
export function diffJson(diff: ContractDiff, context: DiffContext): string {
  return `${JSON.stringify(
    {
      base: context.base,
      head: context.head,
      failOn: context.failOn,
      failed: diff.changes.some((change) => failsOn(change, context.failOn)),
      counts: diff.counts,
      changes: diff.changes.map((change) => ({
        ...change,
        reason: CHANGE_RULES[change.rule].reason,
      })),
    },
    null,
    2,
  )}\n`
}

/** Text in a table's cell: a `|` inside is escaped. */
const CELL = { inTable: true }

/** A table of changes at most this long: a pull-request comment holds 65,536 characters. */
const MARKDOWN_ROWS = 60

function markdownTable(changes: readonly ContractChange[]): string[] {
  const rows = changes
    .slice(0, MARKDOWN_ROWS)
    .map(
      (change) =>
        `| ${[change.rule, operationText(change.operation)].map((text) => markdownCode(text, CELL)).join(' | ')} | ${markdownText(change.summary, CELL)} | ${[valueText(change.before, 48), valueText(change.after, 48)].map((text) => markdownCode(text, CELL)).join(' | ')} |`,
    )
  const more =
    changes.length > MARKDOWN_ROWS
      ? [
          '',
          `…and ${changes.length - MARKDOWN_ROWS} more (\`devenv-contract diff --format json\` lists them all).`,
        ]
      : []
  return [
    '| Rule | Operation | Change | Before | After |',
    '|---|---|---|---|---|',
    ...rows,
    ...more,
  ]
}

/** The diff in Markdown for a pull-request comment: a summary line, then a table per side. */
export function diffMarkdown(diff: ContractDiff, context: DiffContext): string {
  const failing = diff.changes.some((change) => failsOn(change, context.failOn))
  const { clients, servers, neither, total } = diff.counts
  const lines = [
    `### ${failing ? '❌' : '✅'} Contract diff: ${clients} break clients, ${servers} break servers, ${neither} break neither (${total} change${total === 1 ? '' : 's'})`,
    '',
    `${markdownCode(context.base)} → ${markdownCode(context.head)}`,
  ]
  if (total === 0) lines.push('', 'The two versions are the same.')
  for (const side of ['clients', 'servers'] as const) {
    const changes = diff.changes.filter((change) => change.breaks.includes(side))
    if (changes.length === 0) continue
    lines.push('', `#### Breaks ${side} (${changes.length})`, '', ...markdownTable(changes))
  }
  const harmless = diff.changes.filter((change) => change.breaks.length === 0)
  if (harmless.length > 0)
    lines.push(
      '',
      `<details><summary>Breaks neither (${harmless.length})</summary>`,
      '',
      ...markdownTable(harmless),
      '',
      '</details>',
    )
  return `${lines.join('\n')}\n`
}

/**
 * The diff as JUnit XML: a testsuite per group, a testcase per change. A change breaking a side
 * that --fail-on names is a failure; one breaking only other sides is skipped with whom it breaks,
 * so that the file is red exactly when the exit code is 1.
 */
export function diffJUnit(diff: ContractDiff, context: DiffContext): string {
  const statusOf = (change: ContractChange) =>
    failsOn(change, context.failOn) ? 'failed' : change.breaks.length > 0 ? 'skipped' : 'passed'
  const counted = (changes: readonly ContractChange[]) => {
    const count = (status: string) => changes.filter((change) => statusOf(change) === status).length
    return `tests="${changes.length}" failures="${count('failed')}" skipped="${count('skipped')}" errors="0" time="0.000"`
  }
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(`contract diff ${context.base} -> ${context.head}`)}" ${counted(diff.changes)}>`,
  ]
  for (const group of GROUPS) {
    const changes = diff.changes.filter(group.holds)
    if (changes.length === 0) continue
    out.push(`  <testsuite name="${escapeXml(group.title.toLowerCase())}" ${counted(changes)}>`)
    for (const change of changes) {
      // One line each: the detail's two lines are the toolkit's, whatever the contract's names hold.
      const name = printable(`${operationText(change.operation)}: ${change.summary}`)
      const message = `breaks ${change.breaks.join(' and ')}: ${CHANGE_RULES[change.rule].reason}`
      const status = statusOf(change)
      out.push(
        ...junitTestcase(
          `contract.diff.${change.rule}`,
          name,
          0,
          status === 'failed'
            ? {
                status,
                message,
                type: change.rule,
                detail: `${printable(change.pointer)}\n${printable(`${valueText(change.before, 400)} -> ${valueText(change.after, 400)}`)}`,
              }
            : status === 'skipped'
              ? {
                  status,
                  message: `${message} (not failed: --fail-on ${context.failOn.join(',') || 'none'})`,
                }
              : { status },
        ),
      )
    }
    out.push('  </testsuite>')
  }
  out.push('</testsuites>', '')
  return out.join('\n')
}
