import { HTTP_METHODS, type HttpMethod, isJsonObject } from '@devenv/openapi'
import type { ActionType, Diff } from 'api-smart-diff'
import type { ChangeRuleId } from './change-rules'

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

export type JudgedDiff = { rule: ChangeRuleId; place: StructuralPlace }

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
export function judgeStructuralDiff(diff: Diff): JudgedDiff | null {
  const path = diff.path as Segment[]
  const [root, second, third] = path
  if (root === 'paths') {
    if (path.length === 2) return null // a whole path: api-smart-diff reports each operation
    if (!isMethod(third)) return pathItemChange(diff, path.slice(2))
    const operation = { method: third, path: String(second) }
    const judged = operationChange(diff, path.slice(3))
    return judged && { rule: judged.rule, place: { operation, ...judged.place } }
  }
  if (root === 'components') {
    if (second === 'securitySchemes') return { rule: 'security-scheme-changed', place: {} }
    return null
  }
  if (typeof root === 'string' && COMPARED_AS_RULES.has(root)) return null
  if (isExtension(root)) return { rule: 'extension-changed', place: { keyword: String(root) } }
  if (root === 'security') return { rule: 'security-changed', place: { keyword: 'security' } }
  return { rule: 'document-changed', place: { keyword: String(root) } }
}

type Judged = { rule: ChangeRuleId; place: Omit<StructuralPlace, 'operation'> } | null

/** A path item's own keys: its summary and description, or its parameters shared by every method. */
function pathItemChange(diff: Diff, rest: Segment[]): Judged {
  const [key] = rest
  if (key === 'parameters') return parameterChange(diff, rest.slice(1))
  if (typeof key === 'string' && COMPARED_AS_RULES.has(key)) return null
  if (isExtension(key)) return { rule: 'extension-changed', place: { keyword: String(key) } }
  return { rule: 'annotation-changed', place: { keyword: String(key) } }
}

function operationChange(diff: Diff, rest: Segment[]): Judged {
  const [key] = rest
  if (key === undefined)
    return {
      rule: diff.action === 'remove' ? 'operation-removed' : 'operation-added',
      place: {},
    }
  if (key === 'parameters') return parameterChange(diff, rest.slice(1))
  if (key === 'requestBody') return requestBodyChange(diff, rest.slice(1))
  if (key === 'responses') return responseChange(diff, rest.slice(1))
  if (key === 'operationId') return { rule: 'operation-id-changed', place: { keyword: key } }
  if (key === 'security') return { rule: 'security-changed', place: { keyword: key } }
  if (key === 'callbacks') return { rule: 'schema-changed', place: { keyword: key } }
  if (key === 'servers') return { rule: 'document-changed', place: { keyword: key } }
  if (typeof key === 'string' && COMPARED_AS_RULES.has(key)) return null
  if (isExtension(key)) return { rule: 'extension-changed', place: { keyword: String(key) } }
  return { rule: 'annotation-changed', place: { keyword: String(key) } }
}

/** The parameter's `in` and name, from the value before or after (api-smart-diff resolved it). */
function parameterPart(diff: Diff, rest: Segment[]): string {
  const value = rest.length === 1 ? (diff.after ?? diff.before) : undefined
  if (isJsonObject(value) && typeof value.name === 'string')
    return `parameter ${String(value.in ?? '')} "${value.name}"`.replace('  ', ' ')
  return `parameter #${String(rest[0])}`
}

function parameterChange(diff: Diff, rest: Segment[]): Judged {
  if (rest.length === 0) {
    // The whole list added or removed: judged by the most demanding parameter in it.
    const list = [diff.after ?? diff.before].flat()
    const names = list.map((each) => (isJsonObject(each) ? String(each.name) : '?')).join(', ')
    const place = { part: `parameters ${names}` }
    if (diff.action === 'remove') return { rule: 'parameter-removed', place }
    const required = list.some((each) => isJsonObject(each) && each.required === true)
    return { rule: required ? 'parameter-added-required' : 'parameter-added-optional', place }
  }
  const part = parameterPart(diff, rest)
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
  if (key === 'schema') return schemaChange(diff, 'request', part, rest.slice(2))
  if (key === 'content') return contentChange(diff, 'request', part, rest.slice(2))
  if (typeof key === 'string' && ANNOTATIONS.has(key))
    return { rule: 'annotation-changed', place: { part, keyword: key } }
  if (isExtension(key)) return { rule: 'extension-changed', place: { part, keyword: String(key) } }
  return { rule: 'parameter-style-changed', place: { part, keyword: String(key) } }
}

function requestBodyChange(diff: Diff, rest: Segment[]): Judged {
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
  if (key === 'content') return contentChange(diff, 'request', part, rest.slice(1))
  if (isExtension(key)) return { rule: 'extension-changed', place: { part, keyword: String(key) } }
  return { rule: 'annotation-changed', place: { part, keyword: String(key) } }
}

/** A `content` map: its media types, and the schema and examples of each. */
function contentChange(diff: Diff, side: Side, part: string, rest: Segment[]): Judged {
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
  if (key === 'schema') return schemaChange(diff, side, part, rest.slice(2))
  if (isExtension(key)) return { rule: 'extension-changed', place: { part, keyword: String(key) } }
  if (typeof key === 'string' && ANNOTATIONS.has(key))
    return { rule: 'annotation-changed', place: { part, keyword: key } }
  return { rule: 'schema-changed', place: { part, keyword: String(key) } }
}

function responseChange(diff: Diff, rest: Segment[]): Judged {
  const [status, key, name, headerKey] = rest
  const part = `response ${String(status)}`
  if (status === undefined) return { rule: 'schema-changed', place: { keyword: 'responses' } }
  if (key === undefined) {
    if (diff.action === 'remove') return { rule: 'response-removed', place: { part } }
    if (diff.action !== 'add') return { rule: 'schema-changed', place: { part } }
    const success = /^[23]/.test(String(status))
    return { rule: success ? 'response-success-added' : 'response-error-added', place: { part } }
  }
  if (key === 'content') return contentChange(diff, 'response', part, rest.slice(2))
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
    if (headerKey === 'schema') return schemaChange(diff, 'response', header, rest.slice(4))
    if (headerKey === 'content') return contentChange(diff, 'response', header, rest.slice(4))
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
        return { field: fieldText(), keyword: segment, index: undefined, property: name }
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
      return { field: fieldText(), keyword: segment, index: rest[at + 1], property: undefined }
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
    if ([...was].every((type) => is.has(type))) return 'loosened'
    if ([...is].every((type) => was.has(type))) return 'tightened'
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
      // Which way a replaced pattern or format goes is unknown: it may refuse what clients send.
      changed: 'request-constraint-tightened',
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
      changed: 'schema-changed',
    },
  },
}

function schemaChange(diff: Diff, side: Side, part: string, rest: Segment[]): Judged {
  const { field, keyword, index, property } = schemaPlace(rest)
  const place = (key?: string) => ({
    part,
    ...(field === '' ? {} : { field }),
    ...(key === undefined ? {} : { keyword: key }),
  })
  if (keyword === undefined) return { rule: 'schema-changed', place: place() }
  const name = String(keyword)
  if (keyword === 'properties' && property !== undefined) {
    const at = { part, field: field === '' ? property : `${field}.${property}` }
    if (diff.action === 'add') return { rule: `${side}-property-added`, place: at }
    if (diff.action === 'remove') return { rule: `${side}-property-removed`, place: at }
    return { rule: 'schema-changed', place: at }
  }
  if (keyword === 'required') {
    const names =
      index === undefined ? [diff.after ?? diff.before].flat() : [diff.after ?? diff.before]
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
  if (isExtension(name)) return { rule: 'extension-changed', place: place(name) }
  if (ANNOTATIONS.has(name)) return { rule: 'annotation-changed', place: place(name) }
  if (keyword === 'default')
    return {
      rule: side === 'request' ? 'request-default-changed' : 'annotation-changed',
      place: place(name),
    }
  if (keyword === 'readOnly' || keyword === 'writeOnly' || keyword === '$ref')
    return { rule: 'schema-changed', place: place(name) }
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
