import { HTTP_METHODS, isJsonObject, type JsonObject } from '@devenv/openapi'

// Rewrites a document into an equivalent one that api-smart-diff 1.0.6 reads right, before it is
// diffed. Each step keeps what the document means on the wire and removes a shape the library
// misreads: its own diff of a document against itself must be empty, and a change must be found
// where it stands.

/** Marks a property a schema requires but does not define (any value is allowed). */
export const IMPLIED_PROPERTY_KEY = 'x-devenv-implied'

/** Values that are data, not schemas: never rewritten. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const'])

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

const parameterKey = (document: JsonObject, parameter: unknown) => {
  const each = resolved(document, parameter)
  return isJsonObject(each) ? `${String(each.in)} ${String(each.name)}` : undefined
}

/**
 * Path-level parameters moved into each operation, an operation's own parameter of the same name
 * and place winning (OpenAPI's override). The library appends the path's list to the operation's,
 * so a parameter named in both is counted twice, on one side only when one side repeats it.
 */
function mergePathParameters(document: JsonObject): void {
  if (!isJsonObject(document.paths)) return
  for (const item of Object.values(document.paths)) {
    if (!isJsonObject(item) || !Array.isArray(item.parameters)) continue
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

function walk(value: unknown, isMap = false): unknown {
  if (Array.isArray(value)) return value.map((each) => walk(each))
  if (!isJsonObject(value)) return value
  const node = isMap ? value : normaliseSchema(value)
  for (const [key, child] of Object.entries(node))
    if (isMap) node[key] = walk(child)
    else if (!DATA_KEYS.has(key) && !key.startsWith('x-'))
      node[key] = walk(child, MAP_KEYS.has(key))
  return node
}

/** An equivalent copy of the document that api-smart-diff reads right. */
export function normaliseForDiff<T>(document: T): T {
  const copy = structuredClone(document) as unknown as JsonObject
  mergePathParameters(copy)
  return walk(copy) as T
}
