import { isJsonObject, type JsonObject } from '@devenv/openapi'
import type { Diff } from 'api-smart-diff'
import type { ChangeRuleId } from './change-rules'
import { isDeepEqual } from './contract-rules'
import {
  type Direction,
  directionOf,
  LOWER_BOUNDS,
  patternDirection,
  RESTRICTIONS,
  UPPER_BOUNDS,
} from './keyword-directions'
import { IMPLIED_PROPERTY_KEY, resolved } from './normalise'
import {
  ANNOTATIONS,
  COMBINERS,
  COMPARED_AS_RULES,
  type DiffContext,
  isExtension,
  type Judged,
  nonNullBranch,
  type Segment,
  type Side,
  valuesAt,
} from './structural-place'

// A change inside a schema, under a parameter, a body or a header: judged by the keyword that
// changed and which way it goes, for the side (request or response) the schema describes.

/** The field a schema path names (`items[].status`), and the keyword that changed with its index. */
function schemaPlace(rest: Segment[]): {
  field: string
  keyword: Segment | undefined
  index: Segment | undefined
  property: string | undefined
  /** Where the keyword stands in `rest`. */
  at?: number
} {
  const field: string[] = []
  let at = 0
  const fieldText = () => field.join('.').replaceAll('.[]', '[]')
  while (at < rest.length) {
    const segment = rest[at]
    const more = rest.length - at - 1
    if (segment === 'properties' && more >= 1) {
      const name = String(rest[at + 1])
      if (more === 1)
        return { field: fieldText(), keyword: segment, index: undefined, property: name, at }
      field.push(name)
      at += 2
    } else if ((segment === 'items' || segment === 'additionalProperties') && more >= 1) {
      field.push(segment === 'items' ? '[]' : '*')
      at += 1
    } else if (
      (segment === 'allOf' ||
        segment === 'oneOf' ||
        segment === 'anyOf' ||
        segment === 'prefixItems') &&
      more >= 2
    ) {
      at += 2
    } else {
      return {
        field: fieldText(),
        keyword: segment,
        index: rest[at + 1],
        property: undefined,
        at,
      }
    }
  }
  return { field: fieldText(), keyword: undefined, index: undefined, property: undefined }
}

const SCHEMA_RULES: Record<
  Side,
  Record<'enum' | 'type' | 'constraint', Record<Direction, ChangeRuleId>>
> = {
  request: {
    enum: {
      tightened: 'request-enum-narrowed',
      loosened: 'request-enum-widened',
      // A value replaced is one refused and one new: the narrowing is the larger break.
      changed: 'request-enum-narrowed',
    },
    type: {
      tightened: 'request-constraint-tightened',
      loosened: 'request-constraint-loosened',
      changed: 'request-type-changed',
    },
    constraint: {
      tightened: 'request-constraint-tightened',
      loosened: 'request-constraint-loosened',
      // Which way a replaced pattern or format goes is unknown: said so, not guessed.
      changed: 'request-constraint-changed',
    },
  },
  response: {
    enum: {
      tightened: 'response-enum-narrowed',
      loosened: 'response-enum-widened',
      changed: 'response-type-changed',
    },
    type: {
      tightened: 'response-constraint-tightened',
      loosened: 'response-constraint-loosened',
      changed: 'response-type-changed',
    },
    constraint: {
      tightened: 'response-constraint-tightened',
      loosened: 'response-constraint-loosened',
      changed: 'response-constraint-changed',
    },
  },
}

export function schemaChange(
  diff: Diff,
  side: Side,
  part: string,
  rest: Segment[],
  context: DiffContext,
): Judged {
  const root = (diff.path as Segment[]).slice(0, diff.path.length - rest.length)
  const combined = combinerChange(diff, side, part, root, rest, context)
  if (combined !== undefined) return combined
  const { field, keyword, index, property, at: keywordAt = rest.length } = schemaPlace(rest)
  const place = (key?: string) => ({
    part,
    ...(field === '' ? {} : { field }),
    ...(key === undefined ? {} : { keyword: key }),
  })
  if (keyword === undefined) return { rule: 'schema-changed', place: place() }
  const name = String(keyword)
  /** The schema holding the keyword, on each side. */
  const holder = () => valuesAt(context, [...root, ...rest.slice(0, keywordAt)])
  if (keyword === 'properties' && property !== undefined) {
    const at = { part, field: field === '' ? property : `${field}.${property}` }
    const value = diff.after ?? diff.before
    // A property only the normalisation defined for a required name: the requirement is listed.
    if (isJsonObject(value) && value[IMPLIED_PROPERTY_KEY] === true) return null
    if (isJsonObject(value) && unsentOn(side, value))
      return {
        rule: `${side === 'request' ? 'request-read-only' : 'response-write-only'}-changed`,
        place: at,
      }
    if (diff.action === 'add') return { rule: `${side}-property-added`, place: at }
    if (diff.action === 'remove') return { rule: `${side}-property-removed`, place: at }
    return { rule: 'schema-changed', place: at }
  }
  if (keyword === 'required') {
    const listed =
      index === undefined ? [diff.after ?? diff.before].flat() : [diff.after ?? diff.before]
    // A readOnly field is not sent in requests, nor a writeOnly one in responses: whether it is
    // required there binds no one.
    const { before, after } = holder()
    const schema = diff.action === 'remove' ? before : after
    const properties =
      isJsonObject(schema) && isJsonObject(schema.properties) ? schema.properties : {}
    const names = listed.filter((each) => {
      const property = resolved(
        diff.action === 'remove' ? context.base : context.head,
        properties[String(each)],
      )
      return !(isJsonObject(property) && unsentOn(side, property))
    })
    if (names.length === 0)
      return {
        rule: side === 'request' ? 'request-read-only-changed' : 'response-write-only-changed',
        place: { part, field: listed.map(String).join(', '), keyword: name },
      }
    const at = {
      part,
      field: names
        .map((each) => (field === '' ? String(each) : `${field}.${String(each)}`))
        .join(', '),
      keyword: name,
    }
    if (diff.action === 'add') return { rule: `${side}-property-made-required`, place: at }
    if (diff.action === 'remove') return { rule: `${side}-property-made-optional`, place: at }
    return { rule: 'schema-changed', place: at }
  }
  if (COMPARED_AS_RULES.has(name)) return null
  if (keyword === 'x-extensible-enum' && index !== undefined) {
    // The values a request may carry, which servers may grow: one dropped (or replaced, since
    // the library pairs the list by index) is refused. A response's list warns clients of new
    // values, so one added breaks no one; one dropped must no longer be sent.
    const added = diff.action === 'add'
    if (side === 'request')
      return { rule: added ? 'request-enum-widened' : 'request-enum-narrowed', place: place(name) }
    return { rule: added ? 'extension-changed' : 'response-enum-narrowed', place: place(name) }
  }
  if (isExtension(name)) return { rule: 'extension-changed', place: place(name) }
  if (ANNOTATIONS.has(name)) return { rule: 'annotation-changed', place: place(name) }
  if (keyword === 'default')
    return {
      rule: side === 'request' ? 'request-default-changed' : 'annotation-changed',
      place: place(name),
    }
  if (keyword === 'readOnly' || keyword === 'writeOnly' || keyword === '$ref')
    return { rule: 'schema-changed', place: place(name) }
  if (keyword === 'enum' && index !== undefined) {
    // The library lists a new or dropped list value by value: a list where there was none allows
    // less, and none where there was a list allows more. Judged once, as the whole list.
    const { before, after } = holder()
    const hadList = isJsonObject(before) && Array.isArray(before.enum)
    const hasList = isJsonObject(after) && Array.isArray(after.enum)
    if (hadList !== hasList && isJsonObject(before) && isJsonObject(after)) {
      const whole = {
        path: [...root, ...rest.slice(0, keywordAt + 1)],
        ...(hadList ? { before: before.enum } : {}),
        ...(hasList ? { after: after.enum } : {}),
      }
      return {
        rule: SCHEMA_RULES[side].enum[hasList ? 'tightened' : 'loosened'],
        place: place(name),
        whole,
      }
    }
  }
  if (keyword === 'pattern') {
    const direction = patternDirection(diff.action, diff.before, diff.after)
    return { rule: SCHEMA_RULES[side].constraint[direction], place: place(name) }
  }
  const direction = directionOf(name, diff.action, diff.before, diff.after, index !== undefined)
  const family =
    keyword === 'enum' || keyword === 'const' ? 'enum' : keyword === 'type' ? 'type' : 'constraint'
  if (
    direction === 'changed' &&
    family === 'constraint' &&
    !RESTRICTIONS.has(name) &&
    !LOWER_BOUNDS.has(name) &&
    !UPPER_BOUNDS.has(name)
  )
    return { rule: 'schema-changed', place: place(name) }
  return { rule: SCHEMA_RULES[side][family][direction], place: place(name) }
}

/** Whether a property is left out of this side's messages (readOnly in requests, writeOnly in responses). */
const unsentOn = (side: Side, property: JsonObject) =>
  side === 'request' ? property.readOnly === true : property.writeOnly === true

/** A `oneOf`/`anyOf` that only adds `null` to one other schema: that schema. */
function nullableWrap(document: JsonObject, branches: unknown): JsonObject | undefined {
  const other = resolved(document, nonNullBranch(document, branches))
  return isJsonObject(other) ? other : undefined
}

/**
 * A change under a `oneOf`/`anyOf` that one side does not have. The library then pairs the old
 * schema with a branch and lists what differs from it, which says nothing of the whole: judged
 * once. Exactly-one-of or any-of alongside the same other keywords allows less; otherwise which
 * way it goes is unknown. A wrap that only adds null allows more (what changed inside the other
 * branch is diffed apart: nullableRediffs). Undefined when no such combiner stands on the path.
 */
function combinerChange(
  diff: Diff,
  side: Side,
  part: string,
  root: Segment[],
  rest: Segment[],
  context: DiffContext,
): Judged | undefined {
  for (let at = 0; at < rest.length - 1; at += 1) {
    const keyword = String(rest[at])
    if (!COMBINERS.has(keyword) || typeof rest[at + 1] !== 'number') continue
    const holderPath = [...root, ...rest.slice(0, at)]
    const { before, after } = valuesAt(context, holderPath)
    if (!isJsonObject(before) || !isJsonObject(after)) return undefined
    const had = Array.isArray(before[keyword])
    const has = Array.isArray(after[keyword])
    if (had === has) continue
    const { field } = schemaPlace(rest.slice(0, at))
    const place = { part, ...(field === '' ? {} : { field }), keyword }
    const whole = { path: [...holderPath, keyword], before: before[keyword], after: after[keyword] }
    const wrap = has
      ? nullableWrap(context.head, after[keyword])
      : nullableWrap(context.base, before[keyword])
    if (wrap !== undefined) {
      // Only the null branch itself is judged here; the rest are the library's mispairing.
      const value = diff.after ?? diff.before
      if (rest.length !== at + 2 || !isJsonObject(value) || value.type !== 'null') return null
      return { rule: SCHEMA_RULES[side].type[has ? 'loosened' : 'tightened'], place, whole }
    }
    const { [keyword]: _, ...others } = has ? after : before
    const same = isDeepEqual(others, has ? before : after)
    const direction: Direction = same ? (has ? 'tightened' : 'loosened') : 'changed'
    return { rule: SCHEMA_RULES[side].constraint[direction], place, whole }
  }
  return undefined
}
