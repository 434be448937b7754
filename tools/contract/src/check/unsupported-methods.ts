import type { Contract, Operation } from '@devenv/openapi'
import { rulesOf } from '../contract-rules'
import { type Answer, headerOf } from '../http'

/**
 * Methods a check may send to a path that lacks them, in the order tried. Not TRACE or CONNECT
 * (fetch refuses to send them), not OPTIONS (a CORS preflight answers it) and not HEAD (it
 * comes with GET).
 */
const PROBED_METHODS = ['DELETE', 'PUT', 'PATCH', 'POST', 'GET'] as const

/** A path's documented methods, upper case, from its operations in the contract. */
export function methodsOfPath(contract: Contract, path: string): string[] {
  return contract.operations
    .filter((operation) => operation.path === path)
    .map((operation) => operation.method.toUpperCase())
}

/**
 * The check of `x-unsupported-methods` a path gets, held by the path's first operation in the
 * contract (a path has no suite of its own): the method sent and what the answer must be. None
 * when the contract states no such rule, or the path has every method a check can send.
 */
export function unsupportedMethodProbe(
  contract: Contract,
  operation: Operation,
): { method: string; allowed: string[]; status: number; header: string } | undefined {
  const rule = rulesOf(contract).unsupportedMethods
  if (!rule) return undefined
  const first = contract.operations.find((each) => each.path === operation.path)
  if (first !== operation) return undefined
  const allowed = methodsOfPath(contract, operation.path)
  const method = PROBED_METHODS.find((each) => !allowed.includes(each))
  return method ? { method, allowed, status: rule.status, header: rule.header } : undefined
}

/**
 * What is wrong with the answer to a method the path does not have: the status must be the
 * contract's and the header (Allow) must list the path's methods, as a set and in any case; HEAD
 * may come with GET, as HTTP serves it wherever GET is.
 */
export function unsupportedMethodProblem(
  answer: Pick<Answer, 'status' | 'headers' | 'error'>,
  expected: { allowed: readonly string[]; status: number; header: string },
): string | undefined {
  if (answer.error) return `no answer: ${answer.error}`
  if (answer.status !== expected.status) return `answered ${answer.status}, not ${expected.status}`
  const header = headerOf(answer, expected.header)
  if (header === null) return `no ${expected.header} header`
  const listed = new Set(
    header
      .split(',')
      .map((each) => each.trim().toUpperCase())
      .filter((each) => each !== ''),
  )
  const wanted = new Set(expected.allowed.map((each) => each.toUpperCase()))
  if (wanted.has('GET')) listed.delete('HEAD')
  const missing = [...wanted].filter((each) => !listed.has(each))
  const extra = [...listed].filter((each) => !wanted.has(each))
  if (missing.length === 0 && extra.length === 0) return undefined
  return `${expected.header}: ${header} (${[
    ...(missing.length > 0 ? [`missing ${missing.join(', ')}`] : []),
    ...(extra.length > 0 ? [`not the path's: ${extra.join(', ')}`] : []),
  ].join('; ')}; the path has ${[...wanted].join(', ')})`
}
