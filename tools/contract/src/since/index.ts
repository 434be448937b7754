import { RULE_EXTENSIONS, type RuleExtension, ruleIsOf } from '@devenv/openapi'
import type { ContractChange, ContractDiff } from '../diff'
import { operationText, valueText } from '../diff/output'
import { printable } from '../report/printable'
import type { CheckResult, SinceLabel, Suite } from '../report/suites'

// `check --since BASE`: a run's failures judged against an older version of the contract. The
// diff of the two (diffContracts) is the one source: a failure is new when something it tests is
// among the changes, and failing under the base too when nothing is. What it tests is the
// operation it called (or its suite's), and the extensions of the rules it says it tests
// (CheckResult.rules, ids such as `x-lifetimes:accessToken`). Changes that break no one (descriptions, examples, the version) change
// nothing a server must do, so they make no failure new.

/** The rule extension a change is about (`x-lifetimes`...), read from where it points. */
function ruleOfChange(change: ContractChange): RuleExtension | undefined {
  const segments = change.pointer.split('/')
  return RULE_EXTENSIONS.find((extension) => segments.includes(extension))
}

/** The operation a check tested: the one its request called, else its suite's. */
const operationOf = (suite: Suite, check: CheckResult): string | undefined =>
  check.exchange?.operationId ?? (suite.kind === 'operation' ? suite.name : undefined)

/**
 * The changes since the base that a check tests: those of its operation, and those of the whole
 * API that are of a rule it tests; a change of the whole API that is of no rule (a security
 * scheme) may reach any check, so it counts for every one.
 */
export function changesTestedBy(
  diff: ContractDiff,
  suite: Suite,
  check: CheckResult,
): ContractChange[] {
  const operationId = operationOf(suite, check)
  return diff.changes.filter((change) => {
    if (change.breaks.length === 0) return false
    if (change.operation !== undefined)
      return operationId !== undefined && change.operation.operationId === operationId
    const rule = ruleOfChange(change)
    return rule === undefined || (check.rules ?? []).some((id) => ruleIsOf(id, rule))
  })
}

/** How many changes a label names before it says how many more there are. */
const NAMED = 3

/** The label of a failed check against the base: new, with the changes that make it so, or old. */
export function sinceLabelOf(diff: ContractDiff, suite: Suite, check: CheckResult): SinceLabel {
  const changes = changesTestedBy(diff, suite, check)
  if (changes.length === 0)
    return { label: 'base-too', because: 'nothing it tests changed since the base' }
  const named = [
    ...new Set(
      changes.map(
        (change) =>
          `${change.rule} (${change.operation?.operationId ?? ruleOfChange(change) ?? 'the whole API'})`,
      ),
    ),
  ]
  const more = named.length > NAMED ? `, and ${named.length - NAMED} more` : ''
  return {
    label: 'new',
    because: `changed since the base: ${named.slice(0, NAMED).join(', ')}${more}`,
  }
}

/** How many operations a collapsed line names before it counts the rest. */
const OPERATIONS_NAMED = 4

/**
 * What the contract asks of servers since the base, a line each: the diff's server-breaking
 * changes, the rules a server keeps first, then requests and answers. A change made alike in
 * several operations (a shared schema's) is one line with their count. The versions' texts come
 * from anyone's pull request: each line is made one line, its controls shown.
 */
export function serverAsks(diff: ContractDiff): string[] {
  const asked = diff.changes.filter((change) => change.breaks.includes('servers'))
  const lines = new Map<string, ContractChange[]>()
  const ordered = [
    ...asked.filter((change) => ruleOfChange(change) !== undefined),
    ...asked.filter((change) => ruleOfChange(change) === undefined),
  ]
  for (const change of ordered) {
    const key = `${change.rule}\n${change.summary}\n${valueText(change.before, 40)}\n${valueText(change.after, 40)}`
    lines.set(key, [...(lines.get(key) ?? []), change])
  }
  return [...lines.values()].map((changes) => {
    const [first] = changes as [ContractChange, ...ContractChange[]]
    const values = `${valueText(first.before, 40)} -> ${valueText(first.after, 40)}`
    const where =
      changes.length === 1
        ? operationText(first.operation)
        : `${changes.length} operations: ${changes
            .slice(0, OPERATIONS_NAMED)
            .map((change) => change.operation?.operationId ?? operationText(change.operation))
            .join(', ')}${changes.length > OPERATIONS_NAMED ? ', …' : ''}`
    return printable(`${first.rule}  ${where}: ${first.summary}: ${values}`)
  })
}

/** The terminal's opening of a run `--since` the base: what servers are asked, in short. */
export function serverAsksLines(base: string, asks: readonly string[]): string[] {
  if (asks.length === 0)
    return [`Since ${printable(base)}, this contract asks nothing new of servers.`, '']
  return [
    `Since ${printable(base)}, this contract asks of servers (${asks.length}):`,
    ...asks.map((ask) => `  ${ask}`),
    '',
  ]
}
