import {
  HTTP_METHODS,
  type HttpMethod,
  isJsonObject,
  type JsonObject,
  type OpenApiDocument,
  type SecurityRequirement,
  stringList,
} from './document'
import { type RateLimit, rateLimitsOf } from './extensions'
import { childPointer, type Located, resolveReference, toJsonPointer } from './pointer'

export type OperationSummary = {
  method: HttpMethod
  path: string
  operationId: string
  summary: string | undefined
  tags: string[]
  deprecated: boolean
  /** True when every security alternative needs a scheme (no `{}` and not `security: []`). */
  requiresAuth: boolean
  /** Names of the security schemes the operation accepts. */
  securitySchemes: string[]
  hasRequestBody: boolean
  requestBodyRequired: boolean
  /** Documented response statuses, as written (`'200'`, `'4XX'`, `'default'`). */
  statuses: string[]
  rateLimits: RateLimit[]
}

export type LocatedOperation = {
  method: HttpMethod
  path: string
  operation: JsonObject
  pointer: string
}

export const JSON_MEDIA_TYPE = 'application/json'

export function findOperations(document: OpenApiDocument): LocatedOperation[] {
  const found: LocatedOperation[] = []
  for (const [path, pathItem] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method]
      if (isJsonObject(operation)) {
        found.push({ method, path, operation, pointer: toJsonPointer(['paths', path, method]) })
      }
    }
  }
  return found
}

export function findOperation(document: OpenApiDocument, operationId: string): LocatedOperation {
  const found = findOperations(document).find((each) => each.operation.operationId === operationId)
  if (!found) throw new Error(`No operation with operationId ${operationId}`)
  return found
}

/** The security alternatives of an operation: its own, else the document's. */
export function securityOf(
  document: OpenApiDocument,
  operation: JsonObject,
): SecurityRequirement[] {
  const security = operation.security ?? document.security ?? []
  return Array.isArray(security) ? security.filter(isJsonObject).map(toRequirement) : []
}

function toRequirement(requirement: JsonObject): SecurityRequirement {
  return Object.fromEntries(
    Object.entries(requirement).map(([scheme, scopes]) => [scheme, stringList(scopes)]),
  )
}

function summarise(document: OpenApiDocument, located: LocatedOperation): OperationSummary {
  const { method, path, operation, pointer } = located
  const security = securityOf(document, operation)
  const requestBody = resolveReference(document, {
    value: operation.requestBody,
    pointer: `${pointer}/requestBody`,
  }).value
  const responses = isJsonObject(operation.responses) ? operation.responses : {}
  return {
    method,
    path,
    operationId: typeof operation.operationId === 'string' ? operation.operationId : '',
    summary: typeof operation.summary === 'string' ? operation.summary : undefined,
    tags: stringList(operation.tags),
    deprecated: operation.deprecated === true,
    requiresAuth:
      security.length > 0 && security.every((alternative) => Object.keys(alternative).length > 0),
    securitySchemes: [...new Set(security.flatMap((alternative) => Object.keys(alternative)))],
    hasRequestBody: isJsonObject(requestBody),
    requestBodyRequired: isJsonObject(requestBody) && requestBody.required === true,
    statuses: Object.keys(responses),
    rateLimits: rateLimitsOf(operation, pointer),
  }
}

/** Every operation of the document with what the stub, the contract runner and tests need. */
export function listOperations(document: OpenApiDocument): OperationSummary[] {
  return findOperations(document).map((located) => summarise(document, located))
}

/** Looks a status up as OpenAPI does: exact code, then its range (`4XX`), then `default`. */
export function findResponseKey(
  responses: JsonObject,
  status: number | string,
): string | undefined {
  const exact = String(status)
  const range = `${exact.charAt(0)}XX`
  return [exact, range, 'default'].find((key) => key in responses)
}

/** The resolved response object of an operation for a status (exact, range, default), if documented. */
export function findDocumentedResponse(
  document: OpenApiDocument,
  operationId: string,
  status: number,
): JsonObject | undefined {
  const { operation, pointer } = findOperation(document, operationId)
  const responses = isJsonObject(operation.responses) ? operation.responses : {}
  const key = findResponseKey(responses, status)
  if (key === undefined) return undefined
  const response = resolveReference(document, {
    value: responses[key],
    pointer: `${pointer}/responses/${key}`,
  }).value
  return isJsonObject(response) ? response : undefined
}

/** Required response headers of a status, lower-cased (Retry-After on 429, Location on 201). */
export function findRequiredResponseHeaders(
  document: OpenApiDocument,
  operationId: string,
  status: number,
): string[] {
  const headers = findDocumentedResponse(document, operationId, status)?.headers
  if (!isJsonObject(headers)) return []
  return Object.entries(headers)
    .filter(([, header]) => {
      const resolved = resolveReference(document, { value: header, pointer: '#' }).value
      return isJsonObject(resolved) && resolved.required === true
    })
    .map(([name]) => name.toLowerCase())
}

// ---------------------------------------------------------------------------------------------
// The full description of an operation, built once per contract.

/** A documented example: its name in `examples` (or `example` for the single form) and value. */
export type NamedExample = { name: string; value: unknown }

/** A parameter of an operation (path-level and operation-level merged, the latter winning). */
export type Parameter = {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required: boolean
  /** Where its schema is, after following `$ref`s. */
  schemaPointer: string
  schema: JsonObject
  /** The JSON type the text of the parameter is coerced to before validation. */
  coerceTo: 'string' | 'integer' | 'number' | 'boolean'
  examples: NamedExample[]
  /** The first example when it is a string (what a path can carry as written). */
  example: string | undefined
}

/** A response header the contract marks `required`. */
export type RequiredHeader = {
  /** As written in the document (`Retry-After`). */
  name: string
  /** Where its schema is, to check the header's form; undefined when it has none. */
  schemaPointer: string | undefined
  /** The JSON type the header's text is coerced to before validation. */
  coerceTo: Parameter['coerceTo']
}

/** One documented response of an operation. */
export type DocumentedResponse = {
  /** The key as written: `'200'`, `'4XX'`, `'default'`. */
  status: string
  /** Where the (resolved) response object is. */
  pointer: string
  description: string | undefined
  /** Documented media types of its body; empty when the answer has no body. */
  mediaTypes: string[]
  /** Where the schema of each media type is. */
  schemaPointers: Record<string, string>
  /** Documented examples of the JSON body (`example` or each of `examples`). */
  examples: NamedExample[]
  requiredHeaders: RequiredHeader[]
}

/** Everything the stub, the runner, the fuzzer and the proxy know of an operation. */
export type Operation = OperationSummary & {
  /** Where the operation object is: `#/paths/~1environments~1{id}/delete`. */
  pointer: string
  /** The paths it answers under, one per API prefix: `/api/environments/{id}`, `/api/v1/...`. */
  servedPaths: string[]
  /** The path in Fastify's (and most routers') notation, without prefix: `/environments/:id`. */
  routePath: string
  security: SecurityRequirement[]
  parameters: Parameter[]
  pathParameters: Parameter[]
  /** Media types the request body may have; empty when the operation takes no body. */
  bodyMediaTypes: string[]
  /** Where the JSON request body's schema is; undefined when the operation takes no JSON body. */
  bodySchemaPointer: string | undefined
  bodyExamples: NamedExample[]
  /** Documented responses by key as written (`'200'`, `'4XX'`). */
  responses: Record<string, DocumentedResponse>
}

/** Examples of a media type, parameter or header object: the `example` or each of `examples`. */
export function examplesOf(document: OpenApiDocument, holder: unknown): NamedExample[] {
  if (!isJsonObject(holder)) return []
  if ('example' in holder) return [{ name: 'example', value: holder.example }]
  if (!isJsonObject(holder.examples)) return []
  return Object.entries(holder.examples).flatMap(([name, raw]) => {
    const example = resolveReference(document, { value: raw, pointer: '#' }).value
    return isJsonObject(example) && 'value' in example ? [{ name, value: example.value }] : []
  })
}

function coercionOf(schema: unknown): Parameter['coerceTo'] {
  const type = isJsonObject(schema) ? schema.type : undefined
  return type === 'integer' || type === 'number' || type === 'boolean' ? type : 'string'
}

function parametersOf(document: OpenApiDocument, located: LocatedOperation): Parameter[] {
  const { path, pointer, operation } = located
  const sources = [
    { list: document.paths[path]?.parameters, base: toJsonPointer(['paths', path, 'parameters']) },
    { list: operation.parameters, base: `${pointer}/parameters` },
  ]
  const specs = new Map<string, Parameter>()
  for (const { list, base } of sources) {
    if (!Array.isArray(list)) continue
    list.forEach((raw: unknown, index) => {
      const found = resolveReference(document, { value: raw, pointer: `${base}/${index}` })
      const parameter = found.value
      if (!isJsonObject(parameter) || typeof parameter.name !== 'string') return
      const where = parameter.in
      if (where !== 'path' && where !== 'query' && where !== 'header' && where !== 'cookie') return
      const schema = resolveReference(document, {
        value: parameter.schema,
        pointer: `${found.pointer}/schema`,
      })
      const examples = examplesOf(document, parameter)
      const first = examples[0]?.value
      // Operation-level parameters override path-level ones of the same name and place.
      specs.set(`${where}:${parameter.name}`, {
        name: parameter.name,
        in: where,
        required: parameter.required === true,
        schemaPointer: schema.pointer,
        schema: isJsonObject(schema.value) ? schema.value : {},
        coerceTo: coercionOf(schema.value),
        examples,
        example: typeof first === 'string' ? first : undefined,
      })
    })
  }
  return [...specs.values()]
}

function contentOf(located: Located): {
  media: Record<string, JsonObject>
  pointers: Record<string, string>
} {
  const content = isJsonObject(located.value) ? located.value.content : undefined
  const media: Record<string, JsonObject> = {}
  const pointers: Record<string, string> = {}
  if (!isJsonObject(content)) return { media, pointers }
  for (const [type, value] of Object.entries(content)) {
    if (!isJsonObject(value)) continue
    media[type] = value
    pointers[type] = childPointer(located.pointer, 'content', type, 'schema')
  }
  return { media, pointers }
}

function requiredHeadersOf(document: OpenApiDocument, response: Located): RequiredHeader[] {
  const headers = isJsonObject(response.value) ? response.value.headers : undefined
  if (!isJsonObject(headers)) return []
  return Object.entries(headers).flatMap(([name, raw]) => {
    const header = resolveReference(document, {
      value: raw,
      pointer: childPointer(response.pointer, 'headers', name),
    })
    if (!isJsonObject(header.value) || header.value.required !== true) return []
    const schema = isJsonObject(header.value.schema)
      ? resolveReference(document, {
          value: header.value.schema,
          pointer: `${header.pointer}/schema`,
        })
      : undefined
    return [
      {
        name,
        schemaPointer: schema?.pointer,
        coerceTo: coercionOf(schema?.value),
      },
    ]
  })
}

function responsesOf(
  document: OpenApiDocument,
  located: LocatedOperation,
): Record<string, DocumentedResponse> {
  const responses = isJsonObject(located.operation.responses) ? located.operation.responses : {}
  const described: Record<string, DocumentedResponse> = {}
  for (const [status, raw] of Object.entries(responses)) {
    const response = resolveReference(document, {
      value: raw,
      pointer: childPointer(located.pointer, 'responses', status),
    })
    const { media, pointers } = contentOf(response)
    described[status] = {
      status,
      pointer: response.pointer,
      description:
        isJsonObject(response.value) && typeof response.value.description === 'string'
          ? response.value.description
          : undefined,
      mediaTypes: Object.keys(media),
      schemaPointers: pointers,
      examples: examplesOf(document, media[JSON_MEDIA_TYPE]),
      requiredHeaders: requiredHeadersOf(document, response),
    }
  }
  return described
}

/**
 * The API prefixes the document's first server names, every value of its variables expanded:
 * `{origin}/api{version}` with `version` in `['', '/v1']` gives `['/api', '/api/v1']`.
 * The origin variable (scheme, host and port) is not part of the path.
 */
export function apiPrefixesOf(document: OpenApiDocument): string[] {
  const server = document.servers?.[0]
  const url = isJsonObject(server) && typeof server.url === 'string' ? server.url : ''
  const variables = isJsonObject(server) && isJsonObject(server.variables) ? server.variables : {}
  let prefixes = [url.replace(/^\{origin\}/, '').replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')]
  for (const [name, raw] of Object.entries(variables)) {
    if (name === 'origin' || !isJsonObject(raw)) continue
    const values = Array.isArray(raw.enum) ? stringList(raw.enum) : [String(raw.default ?? '')]
    prefixes = prefixes.flatMap((prefix) =>
      prefix.includes(`{${name}}`)
        ? values.map((value) => prefix.replaceAll(`{${name}}`, value))
        : [prefix],
    )
  }
  const cleaned = prefixes.map((prefix) => prefix.replace(/\/+$/, ''))
  return [...new Set(cleaned)]
}

/** Every operation of the document, fully described (see `Operation`). */
export function describeOperations(
  document: OpenApiDocument,
  prefixes: readonly string[] = apiPrefixesOf(document),
): Operation[] {
  return findOperations(document).map((located) => {
    const body = resolveReference(document, {
      value: located.operation.requestBody,
      pointer: `${located.pointer}/requestBody`,
    })
    const { media, pointers } = contentOf(body)
    const parameters = parametersOf(document, located)
    return {
      ...summarise(document, located),
      pointer: located.pointer,
      servedPaths: prefixes.map((prefix) => `${prefix}${located.path}`),
      routePath: located.path.replace(/\{([^}]+)\}/g, ':$1'),
      security: securityOf(document, located.operation),
      parameters,
      pathParameters: parameters.filter((parameter) => parameter.in === 'path'),
      bodyMediaTypes: Object.keys(media),
      bodySchemaPointer: pointers[JSON_MEDIA_TYPE],
      bodyExamples: examplesOf(document, media[JSON_MEDIA_TYPE]),
      responses: responsesOf(document, located),
    }
  })
}

/** An operation's method and path as the contract writes them: `POST /auth/auth`, `GET /environments/{id}`. */
export function routeOf(operation: Pick<OperationSummary, 'method' | 'path'>): string {
  return `${operation.method.toUpperCase()} ${operation.path}`
}

/**
 * A path template with its parameters filled in, each percent-encoded:
 * `fillPath('/environments/{id}', { id })`. A parameter without a value throws: a request sent to
 * `/environments/{id}` as written would test nothing.
 */
export function fillPath(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const value = values[name]
    if (value === undefined)
      throw new Error(`No value for the path parameter ${name} of ${template}`)
    return encodeURIComponent(value)
  })
}

/** The documented response of an operation for a status: exact, then range (`4XX`), then `default`. */
export function responseFor(
  operation: Pick<Operation, 'responses'>,
  status: number | string,
): DocumentedResponse | undefined {
  const key = findResponseKey(operation.responses, status)
  return key === undefined ? undefined : operation.responses[key]
}
