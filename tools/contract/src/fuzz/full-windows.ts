import type { Contract } from '@devenv/openapi'
import type { Tally } from './tally'

/**
 * Answers a server gives before it consults an operation's rate-limit window, so that they say
 * nothing of whether the window had room: a body too large (413) or of a media type it does not
 * take (415) is refused as it arrives, and a protected operation refuses a bad bearer (401) before
 * it counts the request against the account's window. Any other answer means the request got
 * past the window, and so tested something.
 */
export function refusedBeforeWindow(requiresAuth: boolean, status: number): boolean {
  return status === 413 || status === 415 || (requiresAuth && status === 401)
}

/**
 * The operations whose every generated request met a full rate-limit window: answered 429, or
 * refused before the window was consulted. Such an operation was not tested at all (a run right
 * after `check` meets the windows `check` filled), which the run must say rather than pass it.
 */
export function fullWindowParts(
  contract: Contract,
  tally: Tally,
): Array<{ operationId: string; reason: string }> {
  const parts: Array<{ operationId: string; reason: string }> = []
  for (const operation of contract.operations) {
    const statuses = tally.generatedStatuses.get(operation.operationId)
    if (!statuses?.has(429)) continue
    const others = [...statuses.keys()].filter((status) => status !== 429)
    if (!others.every((status) => refusedBeforeWindow(operation.requiresAuth, status))) continue
    const before = others.sort((a, b) => a - b).join(', ')
    parts.push({
      operationId: operation.operationId,
      reason: `every request to ${operation.operationId} met a full rate-limit window (429)${before === '' ? '' : `, or was refused before it (${before})`}`,
    })
  }
  return parts
}
