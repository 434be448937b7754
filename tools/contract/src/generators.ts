import {
  type Contract,
  isJsonObject,
  type JsonObject,
  type Operation,
  schemaAtPointer,
} from '@devenv/openapi'

/** A request the contract says must be refused (4xx), generated from the schemas. */
export type InvalidRequest =
  | { kind: 'body'; name: string; body: unknown }
  | { kind: 'raw'; name: string; payload: string; contentType: string }
  | { kind: 'no-body'; name: string }
  | { kind: 'parameter'; name: string; parameter: string; value: string }

type Path = ReadonlyArray<string | number>
type Mutation = { name: string; body: unknown }

/** Most generated requests per operation, so a huge schema cannot make a run endless. */
export const MAX_INVALID_REQUESTS = 80
const MAX_DEPTH = 4
export const UNKNOWN_FIELD = 'contractUnknownField'

const label = (path: Path) => (path.length === 0 ? 'body' : path.join('.'))

function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T)
}

function container(value: unknown, key: string | number): unknown {
  if (Array.isArray(value) && typeof key === 'number') return value[key]
  return isJsonObject(value) ? value[String(key)] : undefined
}

/** A copy of `root` with the value at `path` replaced (or removed when `value` is undefined). */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value
  const copy = clone(root) ?? {}
  let parent: unknown = copy
  for (const key of path.slice(0, -1)) {
    let next = container(parent, key)
    if (next === undefined && isJsonObject(parent)) {
      next = {}
      parent[String(key)] = next
    }
    parent = next
  }
  const last = path.at(-1)
  if (last === undefined) return copy
  if (Array.isArray(parent) && typeof last === 'number') {
    if (value === undefined) parent.splice(last, 1)
    else parent[last] = value
  } else if (isJsonObject(parent)) {
    if (value === undefined) delete parent[String(last)]
    else parent[String(last)] = value
  }
  return copy
}

/** The JSON types a schema allows, from `type`, or else from its `enum`/`const` values. */
export function typesOf(schema: JsonObject): string[] {
  if (typeof schema.type === 'string') return [schema.type]
  if (Array.isArray(schema.type)) return schema.type.filter((each) => typeof each === 'string')
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : []
  const types = values.map((value) =>
    Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value,
  )
  if (isJsonObject(schema.properties)) types.push('object')
  return [...new Set(types)]
}

const WRONG_TYPE_CANDIDATES: ReadonlyArray<{ type: string; value: unknown }> = [
  { type: 'integer', value: 12345 },
  { type: 'string', value: 'not-a-number' },
  { type: 'boolean', value: true },
  { type: 'array', value: ['not', 'an', 'object'] },
  { type: 'object', value: { not: 'an array' } },
  { type: 'null', value: null },
]

/** A value of a JSON type the schema does not allow; undefined when it allows them all. */
export function wrongTypeValue(schema: JsonObject): unknown {
  const types = typesOf(schema)
  if (types.length === 0) return undefined
  const allows = (type: string) =>
    types.includes(type) || (type === 'integer' && types.includes('number'))
  return WRONG_TYPE_CANDIDATES.find((candidate) => !allows(candidate.type))?.value
}

function describe(value: unknown): string {
  return Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`
}

function resolve(contract: Contract, schema: unknown): JsonObject {
  if (isJsonObject(schema) && typeof schema.$ref === 'string')
    return schemaAtPointer(contract.document, schema.$ref).schema
  return isJsonObject(schema) ? schema : {}
}

function leafMutations(
  schema: JsonObject,
  path: Path,
  current: unknown,
  example: unknown,
): Mutation[] {
  const mutations: Mutation[] = []
  const wrong = wrongTypeValue(schema)
  if (wrong !== undefined) {
    mutations.push({
      name: `${label(path)} of the wrong type (${describe(wrong)})`,
      body: setAt(example, path, wrong),
    })
  }
  if (typeof schema.maxLength === 'number') {
    mutations.push({
      name: `${label(path)} longer than ${schema.maxLength}`,
      body: setAt(example, path, 'a'.repeat(schema.maxLength + 1)),
    })
  }
  if (typeof schema.minLength === 'number' && schema.minLength > 0) {
    mutations.push({
      name: `${label(path)} shorter than ${schema.minLength}`,
      body: setAt(example, path, 'a'.repeat(schema.minLength - 1)),
    })
  }
  if (typeof schema.maxItems === 'number' && Array.isArray(current) && current.length > 0) {
    const items = Array.from({ length: schema.maxItems + 1 }, () => clone(current[0]))
    mutations.push({
      name: `${label(path)} with more than ${schema.maxItems} items`,
      body: setAt(example, path, items),
    })
  }
  if (typeof schema.minItems === 'number' && schema.minItems > 0) {
    mutations.push({
      name: `${label(path)} with fewer than ${schema.minItems} items`,
      body: setAt(example, path, []),
    })
  }
  if (Array.isArray(schema.enum)) {
    mutations.push({
      name: `${label(path)} outside its enum`,
      body: setAt(example, path, 'contract-not-in-enum'),
    })
  }
  return mutations
}

function objectMutations(
  contract: Contract,
  schema: JsonObject,
  path: Path,
  current: unknown,
  example: unknown,
  depth: number,
): Mutation[] {
  const mutations: Mutation[] = []
  const required = Array.isArray(schema.required)
    ? schema.required.filter((each) => typeof each === 'string')
    : []
  for (const name of required) {
    mutations.push({
      name: `without required ${label([...path, name])}`,
      body: setAt(example, [...path, name], undefined),
    })
  }
  if (schema.additionalProperties === false) {
    mutations.push({
      name: `with unknown field ${label([...path, UNKNOWN_FIELD])}`,
      body: setAt(example, [...path, UNKNOWN_FIELD], 'x'),
    })
  }
  const properties = isJsonObject(schema.properties) ? schema.properties : {}
  for (const [name, raw] of Object.entries(properties)) {
    mutations.push(
      ...walk(
        contract,
        resolve(contract, raw),
        [...path, name],
        container(current, name),
        example,
        depth + 1,
      ),
    )
  }
  return mutations
}

function walk(
  contract: Contract,
  schema: JsonObject,
  path: Path,
  current: unknown,
  example: unknown,
  depth: number,
): Mutation[] {
  if (depth > MAX_DEPTH) return []
  const mutations = path.length > 0 ? leafMutations(schema, path, current, example) : []
  const types = typesOf(schema)
  if (types.includes('object') && (path.length === 0 || current !== undefined)) {
    mutations.push(...objectMutations(contract, schema, path, current, example, depth))
  }
  if (types.includes('array') && Array.isArray(current) && current.length > 0) {
    mutations.push(
      ...walk(
        contract,
        resolve(contract, schema.items),
        [...path, 0],
        current[0],
        example,
        depth + 1,
      ),
    )
  }
  return mutations
}

/**
 * Schema-invalid bodies derived from an operation's body schema and a valid example: each
 * required field removed, each property of the wrong type, each string too long or too short,
 * each array too long or too short, each enum missed, an unknown field where bodies are closed.
 * Only bodies the contract's own validator refuses are kept.
 */
export function invalidBodies(
  contract: Contract,
  operation: Operation,
  example: unknown,
): Mutation[] {
  if (!operation.bodySchemaPointer) return []
  const { schema } = schemaAtPointer(contract.document, operation.bodySchemaPointer)
  const candidates: Mutation[] = [
    { name: 'body of the wrong type (an array)', body: [] },
    ...walk(contract, schema, [], example, example, 0),
  ]
  const seen = new Set<string>()
  return candidates.filter((mutation) => {
    const key = JSON.stringify(mutation.body) ?? 'undefined'
    if (seen.has(key) || mutation.body === undefined) return false
    seen.add(key)
    return !contract.validator.validateRequestBody(operation.operationId, mutation.body).valid
  })
}

/** Path parameter values the schema refuses (a UUID parameter gets a non-UUID, and so on). */
export function invalidParameters(contract: Contract, operation: Operation): InvalidRequest[] {
  return operation.pathParameters.flatMap((parameter) => {
    const candidates = [
      'contract-not-valid',
      '0',
      ...(typeof parameter.schema.maxLength === 'number'
        ? ['a'.repeat(parameter.schema.maxLength + 1)]
        : []),
    ]
    const refused = candidates.filter(
      (value) => !contract.validator.validate(parameter.schemaPointer, value).valid,
    )
    return refused.slice(0, 2).map((value) => ({
      kind: 'parameter' as const,
      name: `path parameter ${parameter.name}=${value.length > 20 ? `${value.slice(0, 17)}...` : value}`,
      parameter: parameter.name,
      value,
    }))
  })
}

/** Every invalid request for an operation: bodies, raw payloads, missing body, bad parameters. */
export function invalidRequests(contract: Contract, operation: Operation): InvalidRequest[] {
  const requests: InvalidRequest[] = [...invalidParameters(contract, operation)]
  if (operation.bodySchemaPointer) {
    const example = operation.bodyExamples[0]?.value ?? {}
    requests.push(
      {
        kind: 'raw',
        name: 'malformed JSON',
        payload: '{"contract": ',
        contentType: 'application/json',
      },
      {
        kind: 'raw',
        name: 'wrong content type (text/plain)',
        payload: JSON.stringify(example),
        contentType: 'text/plain',
      },
      {
        kind: 'raw',
        name: 'wrong content type (form)',
        payload: 'a=1&b=2',
        contentType: 'application/x-www-form-urlencoded',
      },
    )
    if (operation.requestBodyRequired) requests.push({ kind: 'no-body', name: 'no body at all' })
    for (const mutation of invalidBodies(contract, operation, example)) {
      requests.push({ kind: 'body', name: mutation.name, body: mutation.body })
    }
  }
  return requests.slice(0, MAX_INVALID_REQUESTS)
}
