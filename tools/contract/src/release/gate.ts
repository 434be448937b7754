import type { ContractChange, ContractDiff } from '../diff'
import { CHANGE_RULES } from '../diff'
import { GROUPS } from '../diff/output'
import { markdownCode, markdownText } from '../report/markdown'
import { printable } from '../report/printable'

// The release gate of a contract's change: a change that breaks clients ships only as a new major
// version, with its entry in the changelog, so that no client meets it unannounced. A change that
// breaks servers is said, for backend teams to read, but clients are not broken by it. The entry
// itself is written from the diff (`changelogEntry`), so the gate asks nothing a person must
// compose by hand. The entry is Markdown that GitHub renders, made of the contract's own names:
// each is inert there (src/report/markdown.ts), and the gate's lines are one line each.

export type ReleaseVersions = { base: string; head: string }

export type GateVerdict = {
  passed: boolean
  /** Why it failed, one line each: what is missing. */
  problems: string[]
  /** The changes that break clients (the gate's subject). */
  clientBreaking: ContractChange[]
  serverBreaking: ContractChange[]
}

/** The major number of a `MAJOR.MINOR.PATCH` version, or null for another form. */
export function majorOf(version: string): number | null {
  const match = /^(\d+)\.\d+\.\d+(?:[-+].*)?$/.exec(version.trim())
  return match?.[1] === undefined ? null : Number(match[1])
}

/** The changelog's heading of a version: `## 2.0.0` (anything may follow, a date for one). */
export function hasChangelogEntry(changelog: string, version: string): boolean {
  const escaped = version.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`^## ${escaped}(?:\\s|$)`, 'm').test(changelog)
}

export function gateVerdict(
  diff: ContractDiff,
  versions: ReleaseVersions,
  changelog: string,
): GateVerdict {
  const clientBreaking = diff.changes.filter((change) => change.breaks.includes('clients'))
  const serverBreaking = diff.changes.filter((change) => change.breaks.includes('servers'))
  const problems: string[] = []
  if (clientBreaking.length > 0) {
    const base = majorOf(versions.base)
    const head = majorOf(versions.head)
    if (head === null) problems.push(`info.version "${versions.head}" is not MAJOR.MINOR.PATCH`)
    else if (base !== null && head <= base)
      problems.push(
        `${clientBreaking.length} change(s) break clients, but info.version ${versions.head} has the major version of ${versions.base}: make it ${base + 1}.0.0`,
      )
    if (!hasChangelogEntry(changelog, versions.head))
      problems.push(`openapi/CHANGELOG.md has no entry "## ${versions.head}"`)
  }
  return { passed: problems.length === 0, problems, clientBreaking, serverBreaking }
}

function changeLine(change: ContractChange): string {
  const where = markdownCode(
    change.operation
      ? `${change.operation.method.toUpperCase()} ${change.operation.path}`
      : change.pointer,
  )
  // Values are shown when they are short scalars; a whole rule's object says less than the summary.
  const scalar = (value: unknown) =>
    value === undefined || (typeof value !== 'object' && String(value).length <= 60)
  const values =
    (change.before !== undefined || change.after !== undefined) &&
    scalar(change.before) &&
    scalar(change.after)
      ? ` (${[change.before, change.after].map((value) => (value === undefined ? 'none' : markdownCode(JSON.stringify(value)))).join(' → ')})`
      : ''
  return `  - ${where}: ${markdownText(change.summary)}${values}`
}

/** A version in a heading: as it is when it is a version's characters, else inert. */
const headingVersion = (version: string) =>
  /^[0-9A-Za-z.+-]+$/.test(version) ? version : markdownCode(version)

/**
 * The gate's lines about a change: who it breaks, the operation (or where), what changed; one line
 * each, whatever the contract's names hold (they are printed with `sayLines`).
 */
export function gateChangeLine(side: 'clients' | 'servers', change: ContractChange): string {
  return printable(
    `  breaks ${side}: ${change.operation?.operationId ?? change.pointer}: ${change.summary}`,
  )
}

/**
 * The changelog entry of a version, from its diff: a section per side it breaks, and in each the
 * changes grouped by their rule, whose reason is said once.
 */
export function changelogEntry(diff: ContractDiff, version: string, date: string): string {
  const lines = [`## ${headingVersion(version)} (${date})`]
  for (const { title, holds } of GROUPS) {
    const changes = diff.changes.filter(holds)
    if (changes.length === 0) continue
    lines.push('', `### ${title}`, '')
    // Map.groupBy is Node 21's: grouped by hand for Node 20.
    const byRule = new Map<ContractChange['rule'], ContractChange[]>()
    for (const change of changes)
      byRule.set(change.rule, [...(byRule.get(change.rule) ?? []), change])
    for (const [rule, ofRule] of byRule) {
      const reason = CHANGE_RULES[rule].reason
      lines.push(
        `- ${reason.charAt(0).toUpperCase()}${reason.slice(1)} (\`${rule}\`):`,
        ...ofRule.map(changeLine),
      )
    }
  }
  if (diff.changes.length === 0) lines.push('', 'No change to the contract.')
  return `${lines.join('\n')}\n`
}

/** The changelog with an entry put first, after the title and its introduction. */
export function withChangelogEntry(changelog: string, entry: string): string {
  const first = changelog.search(/^## /m)
  if (first === -1) return `${changelog.trimEnd()}\n\n${entry}`
  return `${changelog.slice(0, first)}${entry}\n${changelog.slice(first)}`
}
