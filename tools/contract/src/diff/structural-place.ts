import { HTTP_METHODS, type HttpMethod, isJsonObject, type JsonObject } from '@devenv/openapi'
import type { ChangeRuleId } from './change-rules'
import { parameterKey, resolved } from './normalise'

// What every judge of a structural change shares (structure.ts and the judges it hands to): where
// a change stands, the two documents to read around it, and the keywords judged the same
// wherever they stand.

export type Segment = string | number

/** Where a structural change stands, for its summary: the operation, and the part of it. */
export type StructuralPlace = {
  operation?: { method: HttpMethod; path: string }
  /** `request body`, `response 200`, `parameter query "q"`... */
  part?: string
  /** The field in its schema: `items[].status`. */
  field?: string
  /** The keyword that changed (`enum`, `pattern`, `required`). */
  keyword?: string
}

/**
 * A change judged as a whole rather than as the library's pieces (an enum added is one change,
 * not one per value): where it stands and its value on each side. The pieces that share a whole
 * are listed once.
 */
export type WholeChange = { path: Segment[]; before?: unknown; after?: unknown }

export type JudgedDiff = { rule: ChangeRuleId; place: StructuralPlace; whole?: WholeChange }

/** The two documents diffed (normalised, as the library saw them), to read what surrounds a change. */
export type DiffContext = { base: JsonObject; head: JsonObject }

export const step = (value: unknown, segment: Segment): unknown =>
  Array.isArray(value)
    ? value[Number(segment)]
    : isJsonObject(value)
      ? value[String(segment)]
      : undefined

/**
 * The value at a path of the library's on each side, `$ref`s followed. A parameter's index is
 * the base's; the head's parameter is the one of the same name and place. Undefined where a side
 * has nothing there (or the library's path is one of its own merges).
 */
export function valuesAt(context: DiffContext, path: readonly Segment[]) {
  let before: unknown = context.base
  let after: unknown = context.head
  path.forEach((segment, at) => {
    before = resolved(context.base, before)
    after = resolved(context.head, after)
    if (path[at - 1] === 'parameters' && Array.isArray(before) && Array.isArray(after)) {
      const key = parameterKey(context.base, before[Number(segment)])
      before = before[Number(segment)]
      after = after.find((each) => parameterKey(context.head, each) === key)
      return
    }
    before = step(before, segment)
    after = step(after, segment)
  })
  return { before: resolved(context.base, before), after: resolved(context.head, after) }
}

/**
 * The extensions compared as rules (contract-rules.ts), not as structure. Named here rather than
 * taken from @devenv/openapi's list, so that a new rule extension fails a test (each must be
 * compared) instead of vanishing from the diff.
 */
export const COMPARED_AS_RULES: ReadonlySet<string> = new Set([
  'x-password-policy',
  'x-quota',
  'x-rate-limits',
  'x-lifecycle',
  'x-body-limit',
  'x-lifetimes',
  'x-unsupported-methods',
  'x-unique',
  'x-date-bound',
  'x-values-from',
  'x-effects',
])

/** Keywords that document and never constrain (normalise.ts holds them: it reads them first). */
export { ANNOTATIONS } from './normalise'

export const isMethod = (value: Segment | undefined): value is HttpMethod =>
  HTTP_METHODS.includes(value as HttpMethod)

export const isExtension = (key: Segment | undefined) =>
  typeof key === 'string' && key.startsWith('x-')

/** The combiners that may wrap a schema to add `null` to it (a nullable `oneOf`). */
export const COMBINERS = new Set(['oneOf', 'anyOf'])

/** The branch of a two-branch `oneOf`/`anyOf` that is not `{type: null}`, when one of them is. */
export function nonNullBranch(document: JsonObject, branches: unknown): unknown {
  if (!Array.isArray(branches) || branches.length !== 2) return undefined
  const isNull = (branch: unknown) => {
    const each = resolved(document, branch)
    return isJsonObject(each) && each.type === 'null' && Object.keys(each).length === 1
  }
  const nullAt = branches.findIndex(isNull)
  return nullAt < 0 ? undefined : branches[1 - nullAt]
}

/** Which message a schema describes: what clients send, or what servers answer. */
export type Side = 'request' | 'response'

/** A judgement before the operation it stands in is known; null where it is judged elsewhere. */
export type Judged = {
  rule: ChangeRuleId
  place: Omit<StructuralPlace, 'operation'>
  whole?: WholeChange
} | null
