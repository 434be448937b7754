import { HTTP_METHODS, type HttpMethod, isJsonObject, type JsonObject } from '@devenv/openapi'
import type { ActionType, Diff } from 'api-smart-diff'
import type { ChangeRuleId } from './change-rules'
import { isDeepEqual } from './contract-rules'
import { IMPLIED_PROPERTY_KEY, resolved } from './normalise'

// Judges each change api-smart-diff finds in the document's structure by where it stands (an
// operation, a parameter, the request body, a response, a schema keyword under one of them) and
// which way it goes. api-smart-diff resolves every `$ref`, so a change to a shared schema is
// reported under each operation that uses it: those are the changes that matter, and the
// components' own copies are left out. The `x-` rules of a server are compared elsewhere
// (contract-rules.ts), from readContractRules of both versions.

type Segment = string | number

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

const EMPTY_CONTEXT: DiffContext = { base: {}, head: {} }

const parameterKey = (document: JsonObject, parameter: unknown) => {
  const each = resolved(document, parameter)
  return isJsonObject(each) ? `${String(each.in)} ${String(each.name)}` : undefined
}

const step = (value: unknown, segment: Segment): unknown =>
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
])

/** Keywords that document and never constrain. */
const ANNOTATIONS = new Set([
  'description',
  'summary',
  'title',
  'example',
  'examples',
  'deprecated',
  '$comment',
  'externalDocs',
  'xml',
  'tags',
  'links',
])

/** Keywords whose larger value allows less. */
const LOWER_BOUNDS = new Set([
  'minimum',
  'exclusiveMinimum',
  'minLength',
  'minItems',
  'minProperties',
  'minContains',
])
/** Keywords whose smaller value allows less. */
const UPPER_BOUNDS = new Set([
  'maximum',
  'exclusiveMaximum',
  'maxLength',
  'maxItems',
  'maxProperties',
  'maxContains',
])
/** Keywords that, added, allow less (and removed, more). */
const RESTRICTIONS = new Set([
  'pattern',
  'format',
  'multipleOf',
  'uniqueItems',
  'contentEncoding',
  'contentMediaType',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'if',
  'not',
])

const isMethod = (value: Segment | undefined): value is HttpMethod =>
  HTTP_METHODS.includes(value as HttpMethod)

const isExtension = (key: Segment | undefined) => typeof key === 'string' && key.startsWith('x-')

type Side = 'request' | 'response'

/** The judgement of one diff of api-smart-diff; null for one that is judged elsewhere or not at all. */
export function judgeStructuralDiff(
  diff: Diff,
  context: DiffContext = EMPTY_CONTEXT,
): JudgedDiff | null {
  const path = diff.path as Segment[]
  const [root, second, third] = path
  if (root === 'paths') {
    if (path.length === 1 && diff.action === 'rename') return pathRenamed(diff)
    if (path.length === 2) return null // a whole path: api-smart-diff reports each operation
    if (!isMethod(third)) return pathItemChange(diff, path.slice(2), context)
    const operation = { method: third, path: String(second) }
    const judged =
      path[3] === 'security'
        ? securityChange(context, path.slice(0, 4))
        : operationChange(diff, path.slice(3), context)
    return judged && { ...judged, place: { operation, ...judged.place } }
  }
  if (root === 'components') {
    if (second === 'securitySchemes') {
      const scheme = path.length >= 3 ? String(third) : undefined
      const used = scheme === undefined || isSchemeUsed(context, scheme)
      return {
        rule: used ? 'security-scheme-changed' : 'security-scheme-unused-changed',
        place: { part: `security scheme "${scheme ?? ''}"` },
      }
    }
    return null
  }
  if (root === 'webhooks') return webhookChange(diff, path, context)
  if (typeof root === 'string' && COMPARED_AS_RULES.has(root)) return null
  if (isExtension(root)) return { rule: 'extension-changed', place: { keyword: String(root) } }
  if (root === 'security') return securityChange(context, ['security'])
  return { rule: 'document-changed', place: { keyword: String(root) } }
}

/**
 * A webhook is an operation servers call on clients: judged as one, by oasdiff's reading (its
 * request body made required breaks as a request's does); gone, clients no longer receive it.
 */
function webhookChange(diff: Diff, path: Segment[], context: DiffContext): JudgedDiff | null {
  const [, name, method] = path
  const names =
    name === undefined
      ? Object.keys(
          isJsonObject(diff.before ?? diff.after)
            ? ((diff.before ?? diff.after) as JsonObject)
            : {},
        )
      : [name]
  const part = `webhook ${names.map((each) => `"${String(each)}"`).join(', ')}`
  if (name === undefined || method === undefined || (isMethod(method) && path.length === 3)) {
    if (diff.action === 'add') return { rule: 'webhook-added', place: { part } }
    if (diff.action === 'remove') return { rule: 'webhook-removed', place: { part } }
    return { rule: 'annotation-changed', place: { part } }
  }
  if (!isMethod(method)) return pathItemChange(diff, path.slice(2), context)
  const judged = operationChange(diff, path.slice(3), context)
  return (
    judged && {
      ...judged,
      place: { ...judged.place, part: `${part} ${judged.place.part ?? ''}`.trim() },
    }
  )
}

/**
 * A callback is an operation the server calls on the client, named in the operation that sets it
 * up (`callbacks/<name>/<expression>/<method>`): judged as a webhook is, its place the callback.
 */
function callbackChange(diff: Diff, rest: Segment[], context: DiffContext): Judged {
  const [name, expression, method] = rest
  const part = ['callback', name === undefined ? '' : `"${String(name)}"`, expression ?? '']
    .filter((each) => each !== '')
    .join(' ')
  if (method === undefined || (isMethod(method) && rest.length === 3)) {
    if (diff.action === 'add') return { rule: 'callback-added', place: { part } }
    if (diff.action === 'remove') return { rule: 'callback-removed', place: { part } }
    return { rule: 'annotation-changed', place: { part } }
  }
  const judged = isMethod(method)
    ? operationChange(diff, rest.slice(3), context)
    : pathItemChange(diff, rest.slice(2), context)
  return (
    judged && {
      ...judged,
      place: { ...judged.place, part: `${part} ${judged.place.part ?? ''}`.trim() },
    }
  )
}

type Judged = {
  rule: ChangeRuleId
  place: Omit<StructuralPlace, 'operation'>
  whole?: WholeChange
} | null

const pathShape = (path: unknown) => String(path).replaceAll(/\{[^}]*\}/g, '{}')

/** A path whose parameters are renamed is the same URL; another path is another operation. */
function pathRenamed(diff: Diff): JudgedDiff {
  const place = { part: `path ${String(diff.before)} → ${String(diff.after)}` }
  if (pathShape(diff.before) === pathShape(diff.after))
    return { rule: 'path-parameter-renamed', place }
  return { rule: 'operation-removed', place }
}

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
function securityChange(context: DiffContext, path: Segment[]): Judged {
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
function isSchemeUsed(context: DiffContext, scheme: string): boolean {
  const names = (document: JsonObject) => {
    const lists = [document.security]
    if (isJsonObject(document.paths))
      for (const item of Object.values(document.paths))
        if (isJsonObject(item))
          for (const method of HTTP_METHODS) {
            const operation = item[method]
            if (isJsonObject(operation)) lists.push(operation.security)
          }
    return lists.flatMap((list) =>
      Array.isArray(list) ? list.filter(isJsonObject).flatMap(Object.keys) : [],
    )
  }
  return names(context.base).includes(scheme) || names(context.head).includes(scheme)
}

/** A path item's own keys: its summary and description, or its parameters shared by every method. */
function pathItemChange(diff: Diff, rest: Segment[], context: DiffContext): Judged {
  const [key] = rest
  if (key === 'parameters') return parameterChange(diff, rest.slice(1), context)
  if (typeof key === 'string' && COMPARED_AS_RULES.has(key)) return null
  if (isExtension(key)) return { rule: 'extension-changed', place: { keyword: String(key) } }
  return { rule: 'annotation-changed', place: { keyword: String(key) } }
}

function operationChange(diff: Diff, rest: Segment[], context: DiffContext): Judged {
  const [key] = rest
  if (key === undefined)
    return {
      rule: diff.action === 'remove' ? 'operation-removed' : 'operation-added',
      place: {},
    }
  if (key === 'parameters') return parameterChange(diff, rest.slice(1), context)
  if (key === 'requestBody') return requestBodyChange(diff, rest.slice(1), context)
  if (key === 'responses') return responseChange(diff, rest.slice(1), context)
  if (key === 'operationId') return { rule: 'operation-id-changed', place: { keyword: key } }
  if (key === 'callbacks') return callbackChange(diff, rest.slice(1), context)
  if (key === 'servers') return { rule: 'document-changed', place: { keyword: key } }
  if (typeof key === 'string' && COMPARED_AS_RULES.has(key)) return null
  if (isExtension(key)) return { rule: 'extension-changed', place: { keyword: String(key) } }
  return { rule: 'annotation-changed', place: { keyword: String(key) } }
}

/** The parameter's `in` and name, from the value before or after (api-smart-diff resolved it). */
function parameterPart(diff: Diff, rest: Segment[], context: DiffContext): string {
  const at = (diff.path as Segment[]).slice(0, diff.path.length - rest.length + 1)
  const around = valuesAt(context, at)
  const value = rest.length === 1 ? (diff.after ?? diff.before) : (around.before ?? around.after)
  if (isJsonObject(value) && typeof value.name === 'string')
    return `parameter ${String(value.in ?? '')} "${value.name}"`.replace('  ', ' ')
  return `parameter #${String(rest[0])}`
}

function parameterChange(diff: Diff, rest: Segment[], context: DiffContext): Judged {
  if (rest.length === 0) {
    // The whole list added or removed: judged by the most demanding parameter in it.
    const list = [diff.after ?? diff.before].flat()
    const names = list.map((each) => (isJsonObject(each) ? String(each.name) : '?')).join(', ')
    const place = { part: `parameters ${names}` }
    if (diff.action === 'remove') return { rule: 'parameter-removed', place }
    const required = list.some((each) => isJsonObject(each) && each.required === true)
    return { rule: required ? 'parameter-added-required' : 'parameter-added-optional', place }
  }
  const part = parameterPart(diff, rest, context)
  const [, key] = rest
  if (key === undefined) {
    if (diff.action === 'remove') return { rule: 'parameter-removed', place: { part } }
    const required = isJsonObject(diff.after) && diff.after.required === true
    return {
      rule: required ? 'parameter-added-required' : 'parameter-added-optional',
      place: { part },
    }
  }
  if (key === 'required')
    return {
      rule: diff.after === true ? 'parameter-made-required' : 'parameter-made-optional',
      place: { part, keyword: key },
    }
  if (key === 'schema') return schemaChange(diff, 'request', part, rest.slice(2), context)
  if (key === 'content') return contentChange(diff, 'request', part, rest.slice(2), context)
  if (typeof key === 'string' && ANNOTATIONS.has(key))
    return { rule: 'annotation-changed', place: { part, keyword: key } }
  if (isExtension(key)) return { rule: 'extension-changed', place: { part, keyword: String(key) } }
  // A path parameter's name is not sent: the URL is the same (its path is renamed alike).
  if (key === 'name' && /^parameter path /.test(part))
    return { rule: 'path-parameter-renamed', place: { part, keyword: key } }
  return { rule: 'parameter-style-changed', place: { part, keyword: String(key) } }
}

function requestBodyChange(diff: Diff, rest: Segment[], context: DiffContext): Judged {
  const part = 'request body'
  const [key] = rest
  if (key === undefined) {
    if (diff.action === 'remove') return { rule: 'request-body-removed', place: { part } }
    const required = isJsonObject(diff.after) && diff.after.required === true
    return {
      rule: required ? 'request-body-added-required' : 'request-body-added-optional',
      place: { part },
    }
  }
  if (key === 'required')
    return {
      rule: diff.after === true ? 'request-body-made-required' : 'request-body-made-optional',
      place: { part, keyword: key },
    }
  if (key === 'content') return contentChange(diff, 'request', part, rest.slice(1), context)
  if (isExtension(key)) return { rule: 'extension-changed', place: { part, keyword: String(key) } }
  return { rule: 'annotation-changed', place: { part, keyword: String(key) } }
}

/** A `content` map: its media types, and the schema and examples of each. */
function contentChange(
  diff: Diff,
  side: Side,
  part: string,
  rest: Segment[],
  context: DiffContext,
): Judged {
  const [mediaType, key] = rest
  const at = mediaType === undefined ? part : `${part} (${String(mediaType)})`
  if (key === undefined) {
    const added = diff.action === 'add'
    if (side === 'request')
      return {
        rule: added ? 'request-media-type-added' : 'request-media-type-removed',
        place: { part: at },
      }
    return {
      rule: added ? 'response-media-type-added' : 'response-media-type-removed',
      place: { part: at },
    }
  }
  if (key === 'schema') return schemaChange(diff, side, part, rest.slice(2), context)
  if (isExtension(key)) return { rule: 'extension-changed', place: { part, keyword: String(key) } }
  if (typeof key === 'string' && ANNOTATIONS.has(key))
    return { rule: 'annotation-changed', place: { part, keyword: key } }
  return { rule: 'schema-changed', place: { part, keyword: String(key) } }
}

function responseChange(diff: Diff, rest: Segment[], context: DiffContext): Judged {
  const [status, key, name, headerKey] = rest
  const part = `response ${String(status)}`
  if (status === undefined) return { rule: 'schema-changed', place: { keyword: 'responses' } }
  if (key === undefined) {
    if (diff.action === 'remove') return { rule: 'response-removed', place: { part } }
    if (diff.action !== 'add') return { rule: 'schema-changed', place: { part } }
    const success = /^[23]/.test(String(status))
    return { rule: success ? 'response-success-added' : 'response-error-added', place: { part } }
  }
  if (key === 'content') return contentChange(diff, 'response', part, rest.slice(2), context)
  if (key === 'headers') {
    const header = `${part} header "${String(name)}"`
    if (name === undefined) {
      // The whole map added or removed: judged by the most demanding header in it.
      const headers = diff.after ?? diff.before
      const place = {
        part: `${part} headers ${isJsonObject(headers) ? Object.keys(headers).join(', ') : ''}`,
      }
      if (diff.action === 'remove') return { rule: 'response-header-removed', place }
      const required =
        isJsonObject(headers) &&
        Object.values(headers).some((header) => isJsonObject(header) && header.required === true)
      return {
        rule: required ? 'response-header-added-required' : 'response-header-added-optional',
        place,
      }
    }
    if (headerKey === undefined) {
      if (diff.action === 'remove')
        return { rule: 'response-header-removed', place: { part: header } }
      const required = isJsonObject(diff.after) && diff.after.required === true
      return {
        rule: required ? 'response-header-added-required' : 'response-header-added-optional',
        place: { part: header },
      }
    }
    if (headerKey === 'required')
      return {
        rule:
          diff.after === true ? 'response-header-made-required' : 'response-header-made-optional',
        place: { part: header, keyword: headerKey },
      }
    if (headerKey === 'schema')
      return schemaChange(diff, 'response', header, rest.slice(4), context)
    if (headerKey === 'content')
      return contentChange(diff, 'response', header, rest.slice(4), context)
    if (isExtension(headerKey))
      return { rule: 'extension-changed', place: { part: header, keyword: String(headerKey) } }
    if (typeof headerKey === 'string' && ANNOTATIONS.has(headerKey))
      return { rule: 'annotation-changed', place: { part: header, keyword: headerKey } }
    return { rule: 'schema-changed', place: { part: header, keyword: String(headerKey) } }
  }
  if (isExtension(key)) return { rule: 'extension-changed', place: { part, keyword: String(key) } }
  return { rule: 'annotation-changed', place: { part, keyword: String(key) } }
}

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

type Direction = 'tightened' | 'loosened' | 'changed'

/** Which way a keyword's change goes: allowing less, allowing more, or neither to tell. */
function directionOf(
  keyword: string,
  action: ActionType,
  before: unknown,
  after: unknown,
  indexed: boolean,
): Direction {
  if (LOWER_BOUNDS.has(keyword) || UPPER_BOUNDS.has(keyword)) {
    if (action === 'add') return 'tightened'
    if (action === 'remove') return 'loosened'
    if (typeof before !== 'number' || typeof after !== 'number') return 'changed'
    const larger = after > before
    return LOWER_BOUNDS.has(keyword) === larger ? 'tightened' : 'loosened'
  }
  if (keyword === 'type') {
    if (indexed)
      return action === 'add' ? 'loosened' : action === 'remove' ? 'tightened' : 'changed'
    if (action === 'add') return 'tightened'
    if (action === 'remove') return 'loosened'
    const was = new Set([before].flat())
    const is = new Set([after].flat())
    // Every integer is a number: `integer` → `number` allows more.
    const within = (type: unknown, types: Set<unknown>) =>
      types.has(type) || (type === 'integer' && types.has('number'))
    if ([...was].every((type) => within(type, is))) return 'loosened'
    if ([...is].every((type) => within(type, was))) return 'tightened'
    return 'changed'
  }
  if (keyword === 'enum') {
    // A value added to a list allows more; the list itself added allows less.
    if (indexed)
      return action === 'add' ? 'loosened' : action === 'remove' ? 'tightened' : 'changed'
    return action === 'add' ? 'tightened' : action === 'remove' ? 'loosened' : 'changed'
  }
  if (keyword === 'oneOf' || keyword === 'anyOf') {
    if (!indexed) return 'changed'
    return action === 'add' ? 'loosened' : action === 'remove' ? 'tightened' : 'changed'
  }
  if (keyword === 'allOf') {
    if (!indexed) return 'changed'
    return action === 'add' ? 'tightened' : action === 'remove' ? 'loosened' : 'changed'
  }
  if (keyword === 'additionalProperties' || keyword === 'unevaluatedProperties') {
    if (action === 'add' || after === false) return 'tightened'
    if (action === 'remove' || before === false) return 'loosened'
    return 'changed'
  }
  if (keyword === 'nullable') return after === true ? 'loosened' : 'tightened'
  if (keyword === 'const')
    return action === 'add' ? 'tightened' : action === 'remove' ? 'loosened' : 'changed'
  if (RESTRICTIONS.has(keyword))
    return action === 'remove' ? 'loosened' : action === 'add' ? 'tightened' : 'changed'
  return 'changed'
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

function schemaChange(
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

/** Patterns that match every string: one of them is as good as none. */
const UNIVERSAL_PATTERNS = new Set(['', '.*', '^.*', '.*$', '^.*$', '[\\s\\S]*', '^[\\s\\S]*$'])

const anchorsOf = (pattern: string) =>
  Number(pattern.startsWith('^')) + Number(pattern.endsWith('$') && !pattern.endsWith('\\$'))
const unanchored = (pattern: string) => pattern.replace(/^\^/, '').replace(/\$$/, '')

/**
 * Which way a pattern's change goes where that can be told: to or from a pattern that matches
 * everything, or the same pattern with fewer anchors (it matches more). Otherwise unknown.
 */
function patternDirection(action: ActionType, before: unknown, after: unknown): Direction {
  const was = action === 'add' ? undefined : String(before)
  const is = action === 'remove' ? undefined : String(after)
  const allowsAll = (pattern: string | undefined) =>
    pattern === undefined || UNIVERSAL_PATTERNS.has(pattern)
  if (allowsAll(is)) return allowsAll(was) ? 'changed' : 'loosened'
  if (allowsAll(was)) return 'tightened'
  if (was !== undefined && is !== undefined && unanchored(was) === unanchored(is))
    return anchorsOf(is) < anchorsOf(was) ? 'loosened' : 'tightened'
  if (was !== undefined && is !== undefined) return characterClassDirection(was, is)
  return 'changed'
}

/** `^[class]quantifier$`: a whole string of characters from one class. */
const ONE_CLASS = /^\^\[([^\]]+)\]([*+]|\{\d+(?:,\d*)?\})\$$/

/**
 * Two patterns of one character class each, with the same quantifier: the one whose class holds
 * fewer characters allows less. The classes are compared over the first 0x3000 code points (past
 * them a class of ranges is assumed alike); anything else is unknown.
 */
function characterClassDirection(was: string, is: string): Direction {
  const old = ONE_CLASS.exec(was)
  const now = ONE_CLASS.exec(is)
  if (!old || !now || old[2] !== now[2]) return 'changed'
  let oldClass: RegExp
  let newClass: RegExp
  try {
    oldClass = new RegExp(`^[${old[1]}]$`, 'u')
    newClass = new RegExp(`^[${now[1]}]$`, 'u')
  } catch {
    return 'changed'
  }
  let fewer = true
  let more = true
  for (let code = 0; code < 0x3000; code += 1) {
    const character = String.fromCodePoint(code)
    const before = oldClass.test(character)
    const after = newClass.test(character)
    if (after && !before) fewer = false
    if (before && !after) more = false
  }
  if (fewer && more) return 'changed'
  return fewer ? 'tightened' : more ? 'loosened' : 'changed'
}

const COMBINERS = new Set(['oneOf', 'anyOf'])

/** A `oneOf`/`anyOf` that only adds `null` to one other schema. */
function nullableWrap(document: JsonObject, branches: unknown): JsonObject | undefined {
  if (!Array.isArray(branches) || branches.length !== 2) return undefined
  const isNull = (branch: unknown) => {
    const each = resolved(document, branch)
    return isJsonObject(each) && each.type === 'null' && Object.keys(each).length === 1
  }
  const nullAt = branches.findIndex(isNull)
  if (nullAt < 0) return undefined
  const other = resolved(document, branches[1 - nullAt])
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
