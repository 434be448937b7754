import { HTTP_METHODS, isJsonObject, type JsonObject } from '@devenv/openapi'

// Rewrites a document into an equivalent one that api-smart-diff 1.0.6 reads right, before it is
// diffed. Each step keeps what the document means on the wire and removes a shape the library
// misreads: its own diff of a document against itself must be empty, and a change must be found
// where it stands.

/** Marks a property a schema requires but does not define (any value is allowed). */
export const IMPLIED_PROPERTY_KEY = 'x-devenv-implied'

/** Values that are data, not schemas: never rewritten. */
export const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const'])

/** The value a local `$ref` names (followed to the end), or the value itself. */
export function resolved(document: JsonObject, value: unknown, seen = new Set<string>()): unknown {
  if (!isJsonObject(value) || typeof value.$ref !== 'string' || !value.$ref.startsWith('#/'))
    return value
  if (seen.has(value.$ref)) return value
  let at: unknown = document
  for (const segment of value.$ref.slice(2).split('/')) {
    const key = segment.replaceAll('~1', '/').replaceAll('~0', '~')
    at = isJsonObject(at) ? at[key] : Array.isArray(at) ? at[Number(key)] : undefined
  }
  return at === undefined ? value : resolved(document, at, new Set([...seen, value.$ref]))
}

/** A parameter's place and name (`query q`): what tells it apart among an operation's. */
export const parameterKey = (document: JsonObject, parameter: unknown) => {
  const each = resolved(document, parameter)
  return isJsonObject(each) ? `${String(each.in)} ${String(each.name)}` : undefined
}

/** Every path item of the document: the paths', the webhooks', and the callbacks' in operations. */
function pathItemsOf(document: JsonObject): JsonObject[] {
  const items: JsonObject[] = []
  const collect = (map: unknown) => {
    if (!isJsonObject(map)) return
    for (const item of Object.values(map)) {
      if (!isJsonObject(item)) continue
      items.push(item)
      for (const method of HTTP_METHODS) {
        const operation = item[method]
        if (isJsonObject(operation) && isJsonObject(operation.callbacks))
          for (const callback of Object.values(operation.callbacks)) collect(callback)
      }
    }
  }
  collect(document.paths)
  collect(document.webhooks)
  return items
}

/**
 * Path-level parameters moved into each operation, an operation's own parameter of the same name
 * and place winning (OpenAPI's override), in every path item: paths, webhooks and callbacks. The
 * library appends the path's list to the operation's, so a parameter named in both is counted
 * twice, on one side only when one side repeats it; under webhooks it compares the path's list
 * apart, so a change the override hides was reported.
 */
function mergePathParameters(document: JsonObject): void {
  for (const item of pathItemsOf(document)) {
    if (!Array.isArray(item.parameters)) continue
    const shared = item.parameters
    for (const method of HTTP_METHODS) {
      const operation = item[method]
      if (!isJsonObject(operation)) continue
      const own = Array.isArray(operation.parameters) ? operation.parameters : []
      const overridden = new Set(own.map((each) => parameterKey(document, each)))
      const inherited = shared.filter((each) => !overridden.has(parameterKey(document, each)))
      if (inherited.length > 0 || own.length > 0) operation.parameters = [...own, ...inherited]
    }
    delete item.parameters
  }
}

/** Keywords that describe what they stand in and allow or refuse nothing (judged as annotations). */
export const ANNOTATIONS = new Set([
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

/**
 * What may stand beside a schema it wraps without clashing: the annotations, and the keywords
 * that only say which side sends a value or what it is by default.
 */
const BESIDE = new Set([...ANNOTATIONS, 'default', 'readOnly', 'writeOnly', 'nullable'])

/**
 * OpenAPI 3.0's way to make a referenced schema nullable, `{nullable: true, allOf: [$ref X]}`,
 * as the one schema it means: X with `nullable: true`. The library compares the `allOf` as
 * branches and X's keywords as removed, so the wrap read as a schema change and as X's enum and
 * type dropped, and a value X lost inside it was not listed. Left alone when X refers on (a
 * cycle) or the wrap holds a keyword X has too, other than an annotation.
 */
function unwrapNullableAllOf(node: JsonObject, document: JsonObject): JsonObject {
  if (node.nullable !== true || !Array.isArray(node.allOf) || node.allOf.length !== 1) return node
  const inner = resolved(document, node.allOf[0])
  if (!isJsonObject(inner) || '$ref' in inner) return node
  const { allOf: _, ...wrap } = node
  return clashes(wrap, inner) ? node : { ...structuredClone(inner), ...wrap }
}

/** Whether `outer` holds a keyword `inner` has too, other than one that may stand beside it. */
const clashes = (outer: JsonObject, inner: JsonObject) =>
  Object.keys(outer).some((key) => !BESIDE.has(key) && !key.startsWith('x-') && key in inner)

/** How one version is being walked: the document its references point into, and those expanded. */
type Walk = { document: JsonObject; expanding: readonly string[] }

const localReference = (value: JsonObject) =>
  typeof value.$ref === 'string' && value.$ref.startsWith('#/') ? value.$ref : undefined

/**
 * A value with every reference in it replaced by what it refers to, siblings kept beside it (in
 * one schema when they describe or add to it without clashing, else with it as an `allOf`); a
 * reference inside its own expansion (a cycle), or to nothing, is left as it is.
 */
function inlinedAll(value: unknown, walk: Walk): unknown {
  if (Array.isArray(value)) return value.map((each) => inlinedAll(each, walk))
  if (!isJsonObject(value)) return value
  const ref = localReference(value)
  if (ref !== undefined && !walk.expanding.includes(ref)) {
    const target = resolved(walk.document, { $ref: ref })
    if (isJsonObject(target) && !('$ref' in target)) {
      const { $ref: _, ...siblings } = value
      const inner = inlinedAll(target, { ...walk, expanding: [...walk.expanding, ref] })
      const whole = isJsonObject(inner) && !clashes(siblings, inner) ? inner : { allOf: [inner] }
      return { ...whole, ...(inlinedAll(siblings, walk) as JsonObject) }
    }
  }
  const copy: JsonObject = {}
  for (const [key, child] of Object.entries(value))
    copy[key] = DATA_KEYS.has(key) || key.startsWith('x-') ? child : inlinedAll(child, walk)
  return copy
}

/**
 * Both versions walked side by side. Where only one refers, or they refer to different targets,
 * both are given what their references mean, all the way down: the library compares a reference
 * with an inline schema as different schemas, so moving a schema into `components` and back, a
 * common refactoring, was listed as breaking changes, and a wrap around a reference (a nullable
 * `oneOf`, `allOf`) met the same. Where both refer to the same target the library compares the
 * targets, themselves walked here under `components`, so those stay references: inlining every
 * reference made a self-diff of this repository's contract 3.8 times slower. The diff's input
 * bound counts each reference as what it refers to (sources.ts), so the copies stay within it.
 */
function pairReferences(base: unknown, head: unknown, was: Walk, is: Walk): [unknown, unknown] {
  if (Array.isArray(base) && Array.isArray(head)) {
    const pairs = base.map((each, at) =>
      at < head.length ? pairReferences(each, head[at], was, is) : [each, undefined],
    )
    return [pairs.map(([each]) => each), head.map((each, at) => pairs[at]?.[1] ?? each)]
  }
  if (!isJsonObject(base) || !isJsonObject(head)) return [base, head]
  const before = localReference(base)
  const after = localReference(head)
  if (before !== after) return [inlinedAll(base, was), inlinedAll(head, is)]
  if (before !== undefined) return [base, head]
  const [older, newer] = [{ ...base }, { ...head }]
  for (const key of Object.keys(base))
    if (key in head && !DATA_KEYS.has(key) && !key.startsWith('x-'))
      [older[key], newer[key]] = pairReferences(base[key], head[key], was, is)
  return [older, newer]
}

/** A schema's keywords the library misreads, rewritten (see each step). */
function normaliseSchema(node: JsonObject): JsonObject {
  // A discriminator names which branch a value is; it accepts and refuses nothing. The library
  // copies it into every branch and reports the branches' properties removed: it is compared
  // apart (discriminatorChanges).
  if (isJsonObject(node.discriminator) && typeof node.discriminator.propertyName === 'string')
    delete node.discriminator
  // A required name the properties do not define: the library's rule for it throws and prints an
  // error. It is defined as what the schema already allows for it, marked so it is not listed.
  if (Array.isArray(node.required) && node.properties !== undefined) {
    const properties = isJsonObject(node.properties) ? node.properties : {}
    for (const name of node.required)
      if (typeof name === 'string' && !(name in properties)) {
        const extra = node.additionalProperties
        properties[name] = {
          ...(isJsonObject(extra) ? structuredClone(extra) : extra === false ? { not: {} } : {}),
          [IMPLIED_PROPERTY_KEY]: true,
        }
      }
    node.properties = properties
  }
  return node
}

/**
 * Keys whose value is a map by name (of schemas, media types, headers...): the map itself is not
 * a schema, so a schema or a property named `discriminator` in it is left alone.
 */
const MAP_KEYS = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
  'schemas',
  'paths',
  'responses',
  'content',
  'headers',
  'parameters',
  'requestBodies',
  'securitySchemes',
  'callbacks',
  'links',
  'webhooks',
  'encoding',
])

/** How a schema is rewritten where it stands: the document's own steps for its version. */
type SchemaStep = (node: JsonObject) => JsonObject

function walk(value: unknown, step: SchemaStep, isMap = false): unknown {
  if (Array.isArray(value)) return value.map((each) => walk(each, step))
  if (!isJsonObject(value)) return value
  const node = isMap ? value : step(value)
  for (const [key, child] of Object.entries(node))
    if (isMap) node[key] = walk(child, step)
    else if (!DATA_KEYS.has(key) && !key.startsWith('x-'))
      node[key] = walk(child, step, MAP_KEYS.has(key))
  return node
}

/** One version rewritten into an equivalent that api-smart-diff reads right. */
function normaliseVersion(document: JsonObject): JsonObject {
  mergePathParameters(document)
  // `nullable` is a keyword of 3.0 only; 3.1 writes the wrap as a oneOf with null (schema-changes.ts).
  // The wrapped schema is read from the document being walked: a part already rewritten reads the
  // same (each step is idempotent), and the copy made of it is walked in turn.
  const isOpenApi30 = typeof document.openapi === 'string' && document.openapi.startsWith('3.0')
  const step: SchemaStep = isOpenApi30
    ? (node) => normaliseSchema(unwrapNullableAllOf(node, document))
    : normaliseSchema
  return walk(document, step) as JsonObject
}

/** Equivalent copies of both versions that api-smart-diff reads right, compared side by side. */
export function normaliseForDiff(base: JsonObject, head: JsonObject): [JsonObject, JsonObject] {
  const [older, newer] = [structuredClone(base), structuredClone(head)]
  const [was, is] = [
    { document: base, expanding: [] },
    { document: head, expanding: [] },
  ]
  for (const root of ['paths', 'webhooks', 'components']) {
    const [before, after] = pairReferences(older[root], newer[root], was, is)
    if (before !== undefined) older[root] = before
    if (after !== undefined) newer[root] = after
  }
  return [normaliseVersion(older), normaliseVersion(newer)]
}
