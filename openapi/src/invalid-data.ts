/**
 * The one invalid-data engine: where a value sits in a body (a path), how a valid body is broken
 * there (one edit), every way to break one constraint of a body schema (breakages), and how that
 * is named. The runner's negative checks and the fuzzer's broken bodies both draw from it.
 */
import { isJsonObject, type OpenApiDocument, stringList } from './document'
import { childPointer } from './pointer'
import { mergeAllOf, numberOr, resolveSchema, type Schema, typesOf } from './schemas'
import type { SchemaValidator } from './validator'

/** Where a value sits in a JSON body: property names and array indexes. */
export type Path = ReadonlyArray<string | number>

/**
 * One change to a body: a value set at a path, the value there removed, or the array there made
 * `count` copies of its own first item (null when it has none).
 */
export type Edit =
  | { kind: 'set'; value: unknown }
  | { kind: 'delete' }
  | { kind: 'repeat'; count: number }

/** `messages.0.content`; the whole body is `body`. */
export const labelOf = (path: Path): string => (path.length === 0 ? 'body' : path.join('.'))

/** A plain JSON object (not an array, not an instance of a class). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/**
 * A copy of `root` with the edit made at `path`; missing containers are created (an array for
 * an index, an object for a name). The input is never changed.
 */
export function applyEdit(root: unknown, path: Path, edit: Edit): unknown {
  if (path.length === 0) {
    if (edit.kind === 'set') return edit.value
    if (edit.kind === 'delete') return undefined
    const first = Array.isArray(root) && root.length > 0 ? root[0] : null
    return Array.from({ length: edit.count }, () => structuredClone(first))
  }
  const [head, ...rest] = path
  if (head === undefined) return root
  if (typeof head === 'number') {
    const list = Array.isArray(root) ? [...root] : []
    if (rest.length === 0 && edit.kind === 'delete') list.splice(head, 1)
    else list[head] = applyEdit(list[head], rest, edit)
    return list
  }
  const copy: Record<string, unknown> = isPlainObject(root) ? { ...root } : {}
  if (rest.length === 0 && edit.kind === 'delete') delete copy[head]
  // defineProperty: a key such as __proto__ must become an own field, as JSON.parse would make it.
  else
    Object.defineProperty(copy, head, {
      value: applyEdit(copy[head], rest, edit),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  return copy
}

/** `applyEdit` with `undefined` meaning "remove": a copy of `root` with `value` at `path`. */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  return applyEdit(root, path, value === undefined ? { kind: 'delete' } : { kind: 'set', value })
}

// ---------------------------------------------------------------------------------------------
// The engine: where a body schema can be broken (its sites) and every way to break one of its
// constraints there (its breakages). The runner sends one breakage per constraint on the
// documented example; the fuzzer draws any of them onto generated valid bodies.

/** A place in a body schema: where the value sits, its schema and where that schema is. */
export type BodySite = { path: Path; schema: Schema; pointer: string; required: boolean }

/** The constraint a breakage breaks; the runner sends one breakage per constraint and place. */
export type Constraint =
  | 'type'
  | 'required'
  | 'maxLength'
  | 'minLength'
  | 'pattern'
  | 'format'
  | 'enum'
  | 'minimum'
  | 'maximum'
  | 'maxItems'
  | 'minItems'
  | 'uniqueItems'
  | 'additionalProperties'
  | 'maxProperties'
  | 'propertyNames'
  // Broken by the fuzzer's hostile payloads only: bytes that are not UTF-8, deep nesting.
  | 'encoding'
  | 'depth'

/** How a valid body is broken: one constraint, one edit, and the name reports give it. */
export type Breakage = {
  label: string
  /** The place whose constraint breaks (the object, for a field added to it). */
  site: Path
  /** Where the edit is made. */
  path: Path
  edit: Edit
  constraint: Constraint
  /** Set when the only change is an unknown field: the contract says the 400 names it. */
  unknownField?: string
}

/** The unknown field the runner adds to a closed object. */
export const UNKNOWN_FIELD = 'contractUnknownField'

const MAX_SITE_DEPTH = 6

/** Formats the validator checks (`password` is documentation only: every string is one). */
export const CHECKED_FORMATS: readonly string[] = [
  'email',
  'date-time',
  'date',
  'uuid',
  'uri',
  'uri-reference',
]

/** One value of each JSON type, to put where the schema wants another. */
const VALUE_OF_TYPE: ReadonlyArray<[type: string, value: unknown]> = [
  ['integer', 12345],
  ['number', 1.5],
  ['string', 'not-a-number'],
  ['boolean', true],
  ['array', ['not', 'an', 'object']],
  ['object', { not: 'an array' }],
  ['null', null],
]

/** Strings off a format or a pattern, each wrong in another way. */
const MALFORMED_TEXT: readonly string[] = [
  'not-valid',
  'a@',
  '@b.c',
  '2025-13-01',
  '00000000-0000-0000-0000-00000000000g',
  'x y',
  '',
]

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'an array'
  if (value === null) return 'null'
  if (typeof value === 'object') return 'an object'
  return `a ${typeof value}`
}

/** Names one slip away from a real field name: case, plural, a letter dropped, a space. */
export function nearMisses(names: readonly string[]): string[] {
  const misses = names.flatMap((name) => [
    name.charAt(0) === name.charAt(0).toUpperCase()
      ? name.charAt(0).toLowerCase() + name.slice(1)
      : name.charAt(0).toUpperCase() + name.slice(1),
    `${name}s`,
    name.slice(0, -1),
    `${name} `,
    name.toUpperCase(),
  ])
  return [...new Set(misses)].filter((miss) => miss !== '' && !names.includes(miss))
}

/** Every place of the body schema at `pointer`, the body itself first, `allOf`s folded. */
export function bodySites(document: OpenApiDocument, pointer: string): BodySite[] {
  const sites: BodySite[] = []
  const walk = (raw: unknown, at: string, path: Path, required: boolean, depth: number) => {
    if (depth > MAX_SITE_DEPTH) return
    const resolved = resolveSchema(document, raw)
    const where = resolved.pointer ?? at
    const schema = mergeAllOf(document, resolved.schema)
    sites.push({ path, schema, pointer: where, required })
    const properties = isJsonObject(schema.properties) ? schema.properties : {}
    const requiredNames = stringList(schema.required)
    for (const [name, property] of Object.entries(properties))
      walk(
        property,
        childPointer(where, 'properties', name),
        [...path, name],
        requiredNames.includes(name),
        depth + 1,
      )
    if (schema.items !== undefined)
      walk(schema.items, childPointer(where, 'items'), [...path, 0], false, depth + 1)
  }
  walk({ $ref: pointer }, pointer, [], true, 0)
  return sites
}

/**
 * Every way to break one constraint of a site, with fixed values (the fuzzer adds random ones
 * of its own). A value that the site's schema would still accept is never offered.
 */
export function breakagesAt(site: BodySite, validator: SchemaValidator): Breakage[] {
  const { schema, path } = site
  const types = typesOf(schema)
  const refused = (value: unknown) => !validator.validate(site.pointer, value).valid
  const breakages: Breakage[] = []
  const set = (constraint: Constraint, label: string, value: unknown, at: Path = path) =>
    breakages.push({
      constraint,
      label: `${labelOf(path)} ${label}`,
      site: path,
      path: at,
      edit: { kind: 'set', value },
    })

  for (const [type, value] of VALUE_OF_TYPE) {
    const allowed = types.includes(type) || (type === 'integer' && types.includes('number'))
    if (types.length > 0 && !allowed && refused(value))
      set('type', `of the wrong type (${describeValue(value)})`, value)
  }
  if (site.required && path.length > 0)
    breakages.push({
      constraint: 'required',
      label: `without required ${labelOf(path)}`,
      site: path,
      path,
      edit: { kind: 'delete' },
    })
  if (types.includes('string')) {
    if (typeof schema.maxLength === 'number')
      set('maxLength', `longer than ${schema.maxLength}`, 'a'.repeat(schema.maxLength + 1))
    if (typeof schema.minLength === 'number' && schema.minLength > 0)
      set('minLength', `shorter than ${schema.minLength}`, 'a'.repeat(schema.minLength - 1))
    const format = typeof schema.format === 'string' ? schema.format : undefined
    if (typeof schema.pattern === 'string' || (format && CHECKED_FORMATS.includes(format))) {
      const [constraint, label] =
        typeof schema.pattern === 'string'
          ? (['pattern', 'off its pattern'] as const)
          : (['format', `not a valid ${format}`] as const)
      for (const text of MALFORMED_TEXT.filter(refused)) set(constraint, label, text)
    }
    const enumerated = Array.isArray(schema.enum)
      ? stringList(schema.enum)
      : typeof schema.const === 'string'
        ? [schema.const]
        : []
    if (enumerated.length > 0) {
      const misses = [
        'contract-not-in-enum',
        ...enumerated.flatMap((each) => [each.toUpperCase(), ` ${each}`, `${each}\u0000`]),
      ]
      const label = `off its ${Array.isArray(schema.enum) ? 'enum' : 'const'}`
      for (const miss of [...new Set(misses)].filter(refused)) set('enum', label, miss)
    }
  }
  if (types.includes('integer') || types.includes('number')) {
    if (typeof schema.minimum === 'number')
      set('minimum', `below ${schema.minimum}`, schema.minimum - 1)
    if (typeof schema.maximum === 'number')
      set('maximum', `above ${schema.maximum}`, schema.maximum + 1)
  }
  if (types.includes('array')) {
    const repeat = (constraint: Constraint, label: string, count: number) =>
      breakages.push({
        constraint,
        label: `${labelOf(path)} ${label}`,
        site: path,
        path,
        edit: { kind: 'repeat', count },
      })
    if (typeof schema.maxItems === 'number')
      repeat('maxItems', `with more than ${schema.maxItems} items`, schema.maxItems + 1)
    if (typeof schema.minItems === 'number' && schema.minItems > 0)
      set('minItems', `with fewer than ${schema.minItems} items`, [])
    if (schema.uniqueItems === true) repeat('uniqueItems', 'with a repeated item', 2)
  }
  if (types.includes('object')) breakages.push(...objectBreakages(site, validator))
  return breakages
}

function objectBreakages(site: BodySite, validator: SchemaValidator): Breakage[] {
  const { schema, path } = site
  const properties = isJsonObject(schema.properties) ? Object.keys(schema.properties) : []
  const breakages: Breakage[] = []
  const addField = (constraint: Constraint, label: string, key: string, value: unknown) =>
    breakages.push({
      constraint,
      label,
      site: path,
      path: [...path, key],
      edit: { kind: 'set', value },
      ...(constraint === 'additionalProperties' && schema.additionalProperties === false
        ? { unknownField: labelOf([...path, key]) }
        : {}),
    })
  if (schema.additionalProperties === false)
    for (const key of [UNKNOWN_FIELD, ...nearMisses(properties), '__proto__', 'constructor'])
      addField('additionalProperties', `with unknown field ${labelOf([...path, key])}`, key, 'x')
  if (typeof schema.maxProperties === 'number') {
    const max = schema.maxProperties
    breakages.push({
      constraint: 'maxProperties',
      label: `${labelOf(path)} with more than ${max} properties`,
      site: path,
      path,
      edit: {
        kind: 'set',
        value: Object.fromEntries(Array.from({ length: max + 1 }, (_, at) => [`field${at}`, 'x'])),
      },
    })
  }
  const names = isJsonObject(schema.propertyNames) ? schema.propertyNames : {}
  if (typeof names.maxLength === 'number') {
    const max = names.maxLength
    addField(
      'propertyNames',
      `${labelOf(path)} with a property name longer than ${max}`,
      'k'.repeat(max + 1),
      'x',
    )
  }
  const extra = schema.additionalProperties
  if (isJsonObject(extra)) {
    // Values the extra properties' schema refuses (for open objects of strings: the others).
    const extraPointer = childPointer(site.pointer, 'additionalProperties')
    const wrong = [
      1,
      true,
      null,
      ['x'],
      { nested: 'x' },
      'x'.repeat(numberOr(extra.maxLength, 4096) + 1),
    ]
    for (const value of wrong.filter((each) => !validator.validate(extraPointer, each).valid))
      addField(
        'additionalProperties',
        `${labelOf(path)} with an extra property of the wrong kind (${describeValue(value)})`,
        'contractExtraField',
        value,
      )
  }
  return breakages
}

/** The value at `path` of a body; undefined where there is none. */
export function valueAt(root: unknown, path: Path): unknown {
  let current = root
  for (const key of path) {
    if (Array.isArray(current) && typeof key === 'number') current = current[key]
    else if (isPlainObject(current) && typeof key === 'string' && Object.hasOwn(current, key))
      current = current[key]
    else return undefined
  }
  return current
}

/**
 * The invalid variants of one valid body for the body schema at `pointer`: each breakage whose
 * place the body has (a field of an object the body holds, an item of an array it holds), applied
 * alone, and kept only when the contract's validator refuses the result. In the order of the
 * schema's places; the same body is not offered twice.
 */
export function invalidVariants(
  document: OpenApiDocument,
  validator: SchemaValidator,
  pointer: string,
  body: unknown,
): Array<{ body: unknown; breakage: Breakage }> {
  // The body itself is no variant of it (an edit that changes nothing breaks nothing).
  const seen = new Set<string>([JSON.stringify(body) ?? ''])
  const variants: Array<{ body: unknown; breakage: Breakage }> = []
  for (const site of bodySites(document, pointer)) {
    for (const breakage of breakagesAt(site, validator)) {
      const parent = valueAt(body, breakage.path.slice(0, -1))
      if (breakage.path.length > 0 && typeof parent !== 'object') continue
      if (breakage.path.length > 0 && parent === null) continue
      const broken = applyEdit(body, breakage.path, breakage.edit)
      const key = JSON.stringify(broken)
      if (broken === undefined || key === undefined || seen.has(key)) continue
      seen.add(key)
      if (!validator.validate(pointer, broken).valid) variants.push({ body: broken, breakage })
    }
  }
  return variants
}
