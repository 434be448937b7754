import {
  findOperations,
  type HttpMethod,
  isOpenApiDocument,
  type JsonObject,
  type OpenApiDocument,
  toJsonPointer,
} from '@devenv/openapi'
import { apiDiff, type Diff } from 'api-smart-diff'
import { breaksOf, type ChangeRuleId } from './change-rules'
import { contractRuleChanges } from './contract-rules'
import {
  DEFAULT_DEPRECATION_POLICY,
  type DeprecationPolicy,
  deprecationChanges,
} from './deprecation'
import { discriminatorChanges, nullableRediffs } from './library-gaps'
import { normaliseForDiff } from './normalise'
import type { Side } from './sides'
import type { DiffContext, StructuralPlace } from './structural-place'
import { judgeStructuralDiff } from './structure'

// `diffContracts(base, head)`: every change between two versions of the contract, each judged by
// whom it breaks (change-rules.ts). The document's structure is compared by api-smart-diff (its
// `$ref`s resolved, so a shared schema's change is named in every operation it reaches); the rules
// a server keeps, by readContractRules of both versions.

export { breaksOf, CHANGE_RULE_IDS, CHANGE_RULES, type ChangeRuleId } from './change-rules'
export { DEFAULT_DEPRECATION_POLICY, type DeprecationPolicy } from './deprecation'
export { type ChangeRule, SIDES, type Side } from './sides'

/** The operation a change is about. */
export type ChangedOperation = { method: HttpMethod; path: string; operationId?: string }

/** One change between two versions of the contract, judged. */
export type ContractChange = {
  rule: ChangeRuleId
  /** Whom it breaks (the rule's sides); empty when it breaks no one. */
  breaks: readonly Side[]
  /** Where: a JSON pointer into the head version, or into the base for what was removed. */
  pointer: string
  operation?: ChangedOperation
  /** What changed, in one line. */
  summary: string
  /** The value before and after; absent for what was added or removed. */
  before?: unknown
  after?: unknown
}

export type ContractDiff = {
  /** Most breaking first (both sides, clients, servers, neither), then by operation and pointer. */
  changes: ContractChange[]
  counts: { total: number; clients: number; servers: number; neither: number }
}

/** A bad input to the diff (not an OpenAPI document, a rule in a shape of its own): one line. */
export class ContractDiffError extends Error {
  override name = 'ContractDiffError'
}

const VERBS = { add: 'added', remove: 'removed', replace: 'changed', rename: 'renamed' } as const

function structuralSummary(place: StructuralPlace, action: keyof typeof VERBS): string {
  const what = [place.part, place.field && `"${place.field}"`, place.keyword]
    .filter((each) => each !== undefined && each !== '')
    .join(' ')
  return `${what || 'operation'} ${VERBS[action]}`
}

/** The operationIds of both versions by method and path: the head's where both have one. */
function operationIds(base: OpenApiDocument, head: OpenApiDocument): Map<string, string> {
  const ids = new Map<string, string>()
  for (const document of [base, head])
    for (const { operation, method, path } of findOperations(document))
      if (typeof operation.operationId === 'string')
        ids.set(`${method} ${path}`, operation.operationId)
  return ids
}

const severity = (change: ContractChange) =>
  change.breaks.length === 2
    ? 0
    : change.breaks.includes('clients')
      ? 1
      : change.breaks.length === 1
        ? 2
        : 3

/** A change's values before and after, each left out where there is none. */
const valuesOf = (before: unknown, after: unknown) => ({
  ...(before === undefined ? {} : { before }),
  ...(after === undefined ? {} : { after }),
})

const operationKey = (change: ContractChange) =>
  change.operation ? `${change.operation.path} ${change.operation.method}` : ''

/** How many changes break each side (a change breaking both counts for both). */
export function countChanges(changes: readonly ContractChange[]): ContractDiff['counts'] {
  return {
    total: changes.length,
    clients: changes.filter((change) => change.breaks.includes('clients')).length,
    servers: changes.filter((change) => change.breaks.includes('servers')).length,
    neither: changes.filter((change) => change.breaks.length === 0).length,
  }
}

/**
 * Every change from `base` to `head`, judged. Throws ContractDiffError when either is not an
 * OpenAPI document or states a rule in a shape of its own.
 */
export function diffContracts(
  base: unknown,
  head: unknown,
  options: { policy?: Partial<DeprecationPolicy> } = {},
): ContractDiff {
  if (!isOpenApiDocument(base))
    throw new ContractDiffError('the base is not an OpenAPI document (openapi, info, paths)')
  if (!isOpenApiDocument(head))
    throw new ContractDiffError('the head is not an OpenAPI document (openapi, info, paths)')
  const ids = operationIds(base, head)
  const withId = (operation: { method: HttpMethod; path: string } | undefined) => {
    if (!operation) return {}
    const operationId = ids.get(`${operation.method} ${operation.path}`)
    return { operation: operationId === undefined ? operation : { ...operation, operationId } }
  }
  // Both versions are first rewritten into equivalents the library reads right (normalise.ts).
  const [normalBase, normalHead] = normaliseForDiff(
    base as unknown as JsonObject,
    head as unknown as JsonObject,
  )
  const context: DiffContext = { base: normalBase, head: normalHead }
  // api-smart-diff writes into the documents it compares (a `$ref` with siblings becomes an
  // `allOf`): it is given copies, so that the caller's documents, and a second diff, are unharmed.
  const diffs: Diff[] = apiDiff(structuredClone(context.base), structuredClone(context.head))
  const listed = new Set<string>()
  const pieces = [...diffs.map((diff) => ({ diff, context })), ...nullableRediffs(context, diffs)]
  const structural = pieces.flatMap(({ diff, context }): ContractChange[] => {
    const judged = judgeStructuralDiff(diff, context)
    if (!judged) return []
    const whole = judged.whole
    const pointer = toJsonPointer((whole?.path ?? diff.path).map(String))
    // The library's pieces of one whole change (each value of a new enum) are listed once.
    if (whole) {
      if (listed.has(`${judged.rule} ${pointer}`)) return []
      listed.add(`${judged.rule} ${pointer}`)
    }
    const [before, after] = whole ? [whole.before, whole.after] : [diff.before, diff.after]
    const action = whole
      ? before === undefined
        ? 'add'
        : after === undefined
          ? 'remove'
          : 'replace'
      : diff.action
    return [
      {
        rule: judged.rule,
        breaks: breaksOf(judged.rule),
        pointer,
        ...withId(judged.place.operation),
        summary: `${structuralSummary(judged.place, action)}${judged.rule.endsWith('-constraint-changed') ? ', direction unknown' : ''}`,
        ...valuesOf(before, after),
      },
    ]
  })
  const policy = deprecationChanges(context.base, context.head, {
    ...DEFAULT_DEPRECATION_POLICY,
    now: new Date(),
    ...options.policy,
  }).map(
    (change): ContractChange => ({
      rule: change.rule,
      breaks: breaksOf(change.rule),
      pointer: toJsonPointer(change.path),
      ...withId(change.operation),
      summary: `${change.subject} ${change.rule.replace('policy-', '').replaceAll('-', ' ')}`,
      ...valuesOf(change.before, change.after),
    }),
  )
  const discriminators = discriminatorChanges(base, head).map(
    (change): ContractChange => ({
      rule: 'annotation-changed',
      breaks: breaksOf('annotation-changed'),
      pointer: toJsonPointer(change.path),
      summary: `${change.path.join('.')} discriminator ${change.before === undefined ? 'added' : change.after === undefined ? 'removed' : 'changed'}`,
      ...valuesOf(change.before, change.after),
    }),
  )
  let rules: ReturnType<typeof contractRuleChanges>
  try {
    rules = contractRuleChanges(base, head)
  } catch (error) {
    throw new ContractDiffError(error instanceof Error ? error.message : String(error))
  }
  const ruleChanges = rules.map(
    (change): ContractChange => ({
      rule: change.rule,
      breaks: breaksOf(change.rule),
      pointer: change.pointer,
      ...withId(change.operation),
      summary: `${change.subject} ${change.rule.split('-').at(-1)}`,
      ...valuesOf(change.before ?? undefined, change.after ?? undefined),
    }),
  )
  const changes = [...ruleChanges, ...structural, ...discriminators, ...policy].sort(
    (a, b) =>
      severity(a) - severity(b) ||
      operationKey(a).localeCompare(operationKey(b)) ||
      a.pointer.localeCompare(b.pointer),
  )
  return { changes, counts: countChanges(changes) }
}
