import { isJsonObject, type JsonObject } from '@devenv/openapi'
import { apiDiff, type Diff } from 'api-smart-diff'
import { isDeepEqual } from './contract-rules'
import { DATA_KEYS, parameterKey, resolved } from './normalise'
import {
  COMBINERS,
  type DiffContext,
  nonNullBranch,
  type Segment,
  step,
  valuesAt,
} from './structural-place'

// What api-smart-diff 1.0.6 does not list, found apart: the changes inside a schema that gained
// or lost a wrap adding null, and discriminators (normalise.ts takes them out of its sight).

/**
 * Puts `value` at a path of the library's in `document` (a copy), following `$ref`s into the
 * copy; a parameter is found by the base's name and place. False where the path does not lead.
 */
function replaceAt(
  document: JsonObject,
  base: JsonObject,
  path: readonly Segment[],
  value: unknown,
): boolean {
  let node: unknown = document
  let baseNode: unknown = base
  for (const [at, segment] of path.entries()) {
    const last = at === path.length - 1
    let key: Segment = segment
    if (path[at - 1] === 'parameters' && Array.isArray(node) && Array.isArray(baseNode)) {
      const wanted = parameterKey(base, baseNode[Number(segment)])
      key = node.findIndex((each) => parameterKey(document, each) === wanted)
      if (key < 0) return false
    }
    if (last) {
      if (Array.isArray(node)) node[Number(key)] = value
      else if (isJsonObject(node)) node[String(key)] = value
      else return false
      return true
    }
    node = resolved(document, step(node, key))
    baseNode = resolved(base, step(baseNode, segment))
  }
  return false
}

/**
 * The changes inside a schema that one side wraps as `oneOf [null, it]`: the library pairs the
 * old schema with the null branch and drops what changed in the other (an enum value removed).
 * Found by diffing again with the wrap replaced by its other branch, under that schema only.
 */
export function nullableRediffs(
  context: DiffContext,
  diffs: readonly Diff[],
): { diff: Diff; context: DiffContext }[] {
  const holders = new Map<string, { path: Segment[]; side: 'base' | 'head'; branch: unknown }>()
  for (const diff of diffs) {
    const path = diff.path as Segment[]
    path.forEach((segment, at) => {
      if (!COMBINERS.has(String(segment)) || typeof path[at + 1] !== 'number') return
      const holder = path.slice(0, at)
      const key = JSON.stringify(holder)
      if (holders.has(key)) return
      const { before, after } = valuesAt(context, holder)
      if (!isJsonObject(before) || !isJsonObject(after)) return
      const combiner = String(segment)
      const had = Array.isArray(before[combiner])
      const has = Array.isArray(after[combiner])
      if (had === has) return
      const side = has ? 'head' : 'base'
      const branch = nonNullBranch(context[side], (has ? after : before)[combiner])
      if (branch !== undefined) holders.set(key, { path: holder, side, branch })
    })
  }
  return [...holders.values()].flatMap(({ path, side, branch }) => {
    const base = structuredClone(context.base)
    const head = structuredClone(context.head)
    if (!replaceAt(side === 'head' ? head : base, context.base, path, structuredClone(branch)))
      return []
    // Judged against the documents diffed, the wrap replaced (the library writes into its own copies).
    const rediffed = { base: structuredClone(base), head: structuredClone(head) }
    return apiDiff(base, head)
      .filter(
        (diff) =>
          diff.path.length > path.length &&
          path.every((segment, at) => String(diff.path[at]) === String(segment)),
      )
      .map((diff) => ({ diff, context: rediffed }))
  })
}

function discriminatorsOf(value: unknown, path: string[], into: Map<string, unknown>) {
  if (Array.isArray(value)) {
    value.forEach((each, at) => {
      discriminatorsOf(each, [...path, String(at)], into)
    })
    return into
  }
  if (!isJsonObject(value)) return into
  if (isJsonObject(value.discriminator) && typeof value.discriminator.propertyName === 'string')
    into.set(JSON.stringify([...path, 'discriminator']), value.discriminator)
  for (const [key, child] of Object.entries(value))
    if (!DATA_KEYS.has(key) && !key.startsWith('x-') && key !== 'discriminator')
      discriminatorsOf(child, [...path, key], into)
  return into
}

/**
 * Every discriminator added, removed or changed, where the document states it. A discriminator
 * tells a reader which branch a value is; it accepts and refuses nothing.
 */
export function discriminatorChanges(
  base: unknown,
  head: unknown,
): { path: string[]; before?: unknown; after?: unknown }[] {
  const was = discriminatorsOf(base, [], new Map())
  const is = discriminatorsOf(head, [], new Map())
  return [...new Set([...was.keys(), ...is.keys()])]
    .filter((key) => !isDeepEqual(was.get(key), is.get(key)))
    .map((key) => ({
      path: JSON.parse(key) as string[],
      ...(was.has(key) ? { before: was.get(key) } : {}),
      ...(is.has(key) ? { after: is.get(key) } : {}),
    }))
}
