import type { Operation, RateLimit } from '@devenv/openapi'
import type { Target } from '../http'

// On a server whose windows every client shares, a run sends at most half of each per-client
// window's limit to an operation, so that a run started within the window still finds room; which
// of an operation's own checks fill that half rotates from run to run.

/** The operation's per-client windows. */
function clientWindows(operation: Operation): RateLimit[] {
  return operation.rateLimits.filter((rule) => rule.kind === 'window' && rule.scope === 'client')
}

/** The run's half of the operation's tightest per-client window: what it has left, and the rule. */
export function shareOfWindow(
  target: Target,
  operation: Operation,
  now = Date.now(),
): { rule: RateLimit; left: number; slot: number } | undefined {
  if (!target.windowBudget) return undefined
  const used = target.windowBudget.get(operation.operationId) ?? 0
  const [rule] = clientWindows(operation).sort((a, b) => a.limit - b.limit)
  if (!rule) return undefined
  return {
    rule,
    left: Math.max(0, Math.floor(rule.limit / 2) - used),
    // Two runs fit a window (each its half): each half-period is a slot of the rotation.
    slot: Math.floor(now / ((rule.periodSeconds * 1000) / 2)),
  }
}

/**
 * Takes one request of the run's half of the operation's window; false, and nothing taken, when
 * that half is used up (the request is then kept for later runs).
 */
export function takeFromShare(target: Target, operation: Operation): boolean {
  const budget = target.windowBudget
  if (!budget || clientWindows(operation).length === 0) return true
  const used = budget.get(operation.operationId) ?? 0
  if (clientWindows(operation).some((rule) => used >= Math.floor(rule.limit / 2))) return false
  budget.set(operation.operationId, used + 1)
  return true
}

/** Why a check is not sent: the run's half of the operation's window is used up. */
export function keptReason(operationId: string, rule: RateLimit): string {
  return `kept for later runs: this run sends at most half of the ${operationId} window (${rule.limit} per client in ${rule.periodSeconds} s), which every run of this target shares`
}

/** The list started at `offset` (modulo its length) and wrapped around: a run's turn in a rotation. */
export function rotated<T>(list: readonly T[], offset: number): T[] {
  if (list.length === 0) return []
  const start = ((offset % list.length) + list.length) % list.length
  return [...list.slice(start), ...list.slice(0, start)]
}

/** What the rotation means for a reader: how many runs, how far apart, cover every check. */
export function rotationNote(count: number, sent: number, periodSeconds: number): string {
  if (sent === 0)
    return `none of its ${count} own checks fit this run (earlier requests used the run's half); with room for one, ${count} runs at least ${periodSeconds / 2} s apart would cover them`
  return `this run sent ${sent} of its ${count} own checks, and the ones sent rotate: about ${Math.ceil(count / sent)} runs at least ${periodSeconds / 2} s apart cover them all`
}

/** The smallest `limit` of the operation's windows, whatever their scope; 0 when it has none. */
export function tightestWindow(operation: Operation): number {
  const limits = operation.rateLimits
    .filter((rule) => rule.kind === 'window')
    .map((rule) => rule.limit)
  return limits.length === 0 ? 0 : Math.min(...limits)
}
