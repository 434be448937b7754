import type { RuleId } from '@devenv/openapi'
import type { Exchange } from './exchange'
import { printable } from './printable'

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
  /** The request the check sent and the status it got, when it sent one. */
  exchange?: Exchange
  /**
   * The ids of the contract's rules it tests (`x-body-limit`, `x-quota:createEnvironment`,
   * `sign-out.idempotent`): the coverage counts each rule's checks, and `check --since` labels
   * its failure new when the extension of one of them changed.
   */
  rules?: readonly RuleId[]
  /** A failure's label against an older contract (`check --since`). */
  since?: SinceLabel
}

/**
 * What `check --since BASE` says of a failure: `new`, when something it tests changed since the
 * base (or did not exist there); `base-too`, when nothing did, so it failed under the base too.
 */
export type SinceLabel = { label: 'new' | 'base-too'; because: string }

/** A label as every output writes it. */
export const SINCE_LABEL_TEXT: Record<SinceLabel['label'], string> = {
  new: 'new in this contract version',
  'base-too': 'failing under the base contract too',
}

export type SuiteKind = 'operation' | 'flow' | 'property'

/** The checks of one operation of the contract, or of one stateful flow. */
export type Suite = { name: string; kind: SuiteKind; checks: CheckResult[] }

/** Worth knowing, not a failure (for example e-mail enumeration). */
export type Finding = { title: string; detail: string }

export type Totals = { passed: number; failed: number; skipped: number; schemaViolations: number }

export function countChecks(checks: readonly CheckResult[]): Totals {
  const totals: Totals = { passed: 0, failed: 0, skipped: 0, schemaViolations: 0 }
  for (const check of checks) {
    totals[check.status]++
    if (check.schemaViolation) totals.schemaViolations++
  }
  return totals
}

/** A report's checks counted by outcome. */
export function totalsOf(report: { suites: readonly Suite[] }): Totals {
  return countChecks(report.suites.flatMap((suite) => suite.checks))
}

/**
 * A whole part of a run that did not run (a mode's part, the protected operations, a flow), and
 * why. Unless the user accepted it by name (`--allow-skip`), the run fails: a run that tested
 * nothing must not end green (pytest's exit code 5).
 */
export type SkippedPart = { part: string; reason: string; accepted: boolean }

/** The rest of a run a crash or a signal stopped: no `--allow-skip` name accepts it. */
export const INTERRUPTED_PART = 'interrupted'

/**
 * The last line of every run, in a fixed form that CI logs can grep; a part skipped and not
 * accepted is named there with its reason, since it alone makes the run fail.
 */
export function closingLine(totals: Totals, parts: readonly SkippedPart[] = []): string {
  const line = `contract: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`
  const untested = parts.filter((part) => !part.accepted)
  if (untested.length === 0) return line
  return `${line}; not tested: ${untested.map((part) => `${part.part} (${printable(part.reason)})`).join('; ')}`
}
