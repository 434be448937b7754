import { isJsonObject, type JsonObject, type OpenApiDocument, stringList } from './document'
import { childPointer, getAtPointer } from './pointer'

/** A JSON Schema (2020-12, as OpenAPI 3.1 writes it) of the contract, with `$ref`s unresolved. */
export type Schema = JsonObject

/** A schema found in the document: the schema itself and, if reached through one, its component name. */
export type ResolvedSchema = {
  schema: Schema
  component: string | undefined
  /** The last `$ref` followed: where the schema is in the document; undefined when inline. */
  pointer: string | undefined
}

const COMPONENT = /^#\/components\/schemas\/([^/]+)$/

/** Follows `$ref`s; remembers the last component name on the way (`Email`, `RefreshToken`). */
export function resolveSchema(document: OpenApiDocument, schema: unknown): ResolvedSchema {
  let component: string | undefined
  let pointer: string | undefined
  let current: unknown = schema
  const seen = new Set<string>()
  while (isJsonObject(current) && typeof current.$ref === 'string') {
    const target = current.$ref
    if (seen.has(target)) throw new Error(`Circular reference: ${target}`)
    seen.add(target)
    component = COMPONENT.exec(target)?.[1] ?? component
    pointer = target
    current = getAtPointer(document, target)
  }
  return { schema: isJsonObject(current) ? current : {}, component, pointer }
}

/** The schema at a JSON pointer of the document, resolved. */
export function schemaAtPointer(document: OpenApiDocument, pointer: string): ResolvedSchema {
  return resolveSchema(document, { $ref: pointer })
}

/** The JSON types a schema allows: its `type`, or else the types of its `enum`/`const` values. */
export function typesOf(schema: Schema): string[] {
  if (typeof schema.type === 'string') return [schema.type]
  if (Array.isArray(schema.type)) return stringList(schema.type)
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : []
  const types = values.map(jsonTypeOf)
  if (isJsonObject(schema.properties)) types.push('object')
  return [...new Set(types)]
}

export function jsonTypeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array'
  if (value === null) return 'null'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

export const numberOr = (value: unknown, fallback: number): number =>
  typeof value === 'number' ? value : fallback

/**
 * `allOf` folded into one schema: properties and required lists joined, the other keywords of
 * later branches win. Enough for the contract, whose `allOf`s add a `const` or a `required` to a
 * closed base object whose properties already list every name.
 */
export function mergeAllOf(document: OpenApiDocument, schema: Schema): Schema {
  if (!Array.isArray(schema.allOf)) return schema
  const { allOf, ...rest } = schema
  let merged: Schema = {}
  for (const branch of [...allOf, rest]) {
    const part = mergeAllOf(document, resolveSchema(document, branch).schema)
    const properties = { ...(isJsonObject(merged.properties) ? merged.properties : {}) }
    for (const [name, value] of Object.entries(
      isJsonObject(part.properties) ? part.properties : {},
    )) {
      const before = properties[name]
      properties[name] = before === undefined ? value : { allOf: [before, value] }
    }
    const required = [...new Set([...stringList(merged.required), ...stringList(part.required)])]
    merged = { ...merged, ...part, properties, required }
  }
  return merged
}

/** Length in code points, as JSON Schema's minLength/maxLength count it (Ajv's ucs2length). */
export function codePointLength(text: string): number {
  let length = 0
  for (const _ of text) length += 1
  return length
}

/**
 * Where in a value of `schema` a string of one of `formats` may stand: JSON pointers whose array
 * indices are `*` (`createdAt` of every item: `/items/*` then `/createdAt`), each with its format. `$ref`s, `allOf`, `anyOf` and
 * `oneOf` are followed; a recursive schema is walked once. The replay counts such values as noise:
 * two answers of one build differ in every `uuid` and `date-time` they hold.
 */
export function formatPointers(
  document: OpenApiDocument,
  schema: unknown,
  formats: ReadonlySet<string>,
): Map<string, string> {
  const found = new Map<string, string>()
  const walk = (raw: unknown, pointer: string, seen: ReadonlySet<unknown>) => {
    const target = resolveSchema(document, raw).schema
    if (seen.has(target)) return
    const inside = new Set(seen).add(target)
    const resolved = mergeAllOf(document, target)
    if (typeof resolved.format === 'string' && formats.has(resolved.format))
      found.set(pointer, resolved.format)
    for (const keyword of ['anyOf', 'oneOf'])
      for (const branch of Array.isArray(resolved[keyword]) ? resolved[keyword] : [])
        walk(branch, pointer, inside)
    if (isJsonObject(resolved.properties))
      for (const [name, value] of Object.entries(resolved.properties))
        walk(value, childPointer(pointer, name), inside)
    if (resolved.items !== undefined) walk(resolved.items, childPointer(pointer, '*'), inside)
  }
  walk(schema, '', new Set())
  return found
}
