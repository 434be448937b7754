import {
  findOperations,
  isJsonObject,
  type JsonObject,
  type OpenApiDocument,
} from '@devenv/openapi'
import type { ChangeRuleId } from './change-rules'
import { type DiffContext, type Judged, type Segment, step } from './structural-place'

// Security requirements, of the document or of an operation: judged by who must change, since
// the requirements are alternatives and a caller needs to meet only one.

/** A security requirement: each scheme it needs, with the scopes it needs of it. */
type Requirement = Map<string, Set<string>>

/** The alternatives callers may meet; none, or an empty one, means anyone may call. */
function requirementsOf(value: unknown): Requirement[] {
  if (!Array.isArray(value) || value.length === 0) return [new Map()]
  return value
    .filter(isJsonObject)
    .map(
      (each) =>
        new Map(
          Object.entries(each).map(([scheme, scopes]) => [
            scheme,
            new Set(Array.isArray(scopes) ? scopes.map(String) : []),
          ]),
        ),
    )
}

/** Whether every caller who meets `asked` meets `needs` too (it asks no more). */
const asksNoMore = (needs: Requirement, asked: Requirement) =>
  [...needs].every(
    ([scheme, scopes]) =>
      asked.has(scheme) && [...scopes].every((scope) => asked.get(scheme)?.has(scope)),
  )

/** The security an operation has: its own, or else the document's. */
function effectiveSecurity(document: JsonObject, path: readonly Segment[]): unknown {
  if (path[0] !== 'paths') return document.security
  const operation = step(step(step(document, 'paths'), path[1] ?? ''), path[2] ?? '')
  return isJsonObject(operation) && operation.security !== undefined
    ? operation.security
    : document.security
}

/**
 * Who must change when security changes: callers who met an old alternative and still meet a new
 * one need not (looser, servers must let more in); a caller refused now must (tighter).
 */
export function securityChange(context: DiffContext, path: Segment[]): Judged {
  const before = effectiveSecurity(context.base, path)
  const after = effectiveSecurity(context.head, path)
  const was = requirementsOf(before)
  const is = requirementsOf(after)
  const looser = was.every((old) => is.some((now) => asksNoMore(now, old)))
  const tighter = is.every((now) => was.some((old) => asksNoMore(old, now)))
  const rule: ChangeRuleId =
    looser && tighter
      ? 'annotation-changed'
      : looser
        ? 'security-loosened'
        : tighter
          ? 'security-tightened'
          : 'security-changed'
  return { rule, place: { keyword: 'security' }, whole: { path, before, after } }
}

/** Whether a security scheme is named by a requirement of either version. */
export function isSchemeUsed(context: DiffContext, scheme: string): boolean {
  const names = (document: JsonObject) =>
    [
      document.security,
      ...findOperations(document as OpenApiDocument).map(({ operation }) => operation.security),
    ].flatMap((list) => (Array.isArray(list) ? list.filter(isJsonObject).flatMap(Object.keys) : []))
  return names(context.base).includes(scheme) || names(context.head).includes(scheme)
}
