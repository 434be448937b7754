import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { ErrorObject, ValidateFunction } from 'ajv'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { parse } from 'yaml'

export type JsonObject = { [key: string]: unknown }

/** The parsed contract, typed only as far as this module relies on it. */
export type OpenApiDocument = JsonObject & {
  openapi: string
  info: JsonObject & { title: string; version: string }
  paths: Record<string, JsonObject>
  components?: JsonObject
  security?: SecurityRequirement[]
}

export type SecurityRequirement = Record<string, string[]>

export const HTTP_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const

export type HttpMethod = (typeof HTTP_METHODS)[number]

/** One `x-rate-limits` entry (see the document's description). */
export type RateLimit = {
  kind: 'window' | 'lock'
  scope: 'client' | 'email' | 'user'
  limit: number
  periodSeconds: number
}

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

export type SchemaError = {
  instancePath: string
  schemaPath: string
  keyword: string
  message: string
  params: Record<string, unknown>
}

export type ValidationResult = { valid: boolean; errors: SchemaError[] }

export type SchemaValidator = {
  /** Validates against the schema at a JSON pointer of the document, e.g. `#/components/schemas/Profile`. */
  validate: (pointer: string, value: unknown) => ValidationResult
  /** Validates against `#/components/schemas/<name>`. */
  validateComponent: (name: string, value: unknown) => ValidationResult
  /** Validates a request body of an operation; `undefined` stands for "no body". */
  validateRequestBody: (operationId: string, value: unknown, mediaType?: string) => ValidationResult
  /** Validates a response body of an operation for a status; `undefined` stands for "no body". */
  validateResponse: (
    operationId: string,
    status: number | string,
    value: unknown,
    mediaType?: string,
  ) => ValidationResult
}

export const OPENAPI_DOCUMENT_URL = new URL('../openapi.yaml', import.meta.url)
export const OPENAPI_DOCUMENT_PATH = fileURLToPath(OPENAPI_DOCUMENT_URL)

const DOCUMENT_ID = 'https://devenv.example/openapi.json'
const JSON_MEDIA_TYPE = 'application/json'

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Reads and parses openapi.yaml (next to this package's src/ and dist/ folders). */
export function loadOpenApiDocument(path: string = OPENAPI_DOCUMENT_PATH): OpenApiDocument {
  const parsed: unknown = parse(readFileSync(path, 'utf8'))
  if (!isOpenApiDocument(parsed)) {
    throw new Error(`${path} is not an OpenAPI document`)
  }
  return parsed
}

function isOpenApiDocument(value: unknown): value is OpenApiDocument {
  return (
    isJsonObject(value) &&
    typeof value.openapi === 'string' &&
    isJsonObject(value.info) &&
    isJsonObject(value.paths)
  )
}

/** Turns `['paths', '/auth/auth', 'post']` into `#/paths/~1auth~1auth/post`. */
export function toJsonPointer(segments: readonly string[]): string {
  return `#${segments.map((segment) => `/${segment.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')}`
}

function fromJsonPointer(pointer: string): string[] {
  if (!pointer.startsWith('#')) throw new Error(`Only local references are supported: ${pointer}`)
  const body = pointer.slice(1)
  if (body === '') return []
  return body
    .slice(1)
    .split('/')
    .map((segment) => decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~'))
}

/** Reads the value at a JSON pointer (`#/components/schemas/Error`). */
export function getAtPointer(document: OpenApiDocument, pointer: string): unknown {
  let current: unknown = document
  for (const segment of fromJsonPointer(pointer)) {
    if (Array.isArray(current)) current = current[Number(segment)]
    else if (isJsonObject(current)) current = current[segment]
    else return undefined
  }
  return current
}

export type Located = { value: unknown; pointer: string }

/** Follows local `$ref`s from a value found at `pointer`; answers the target and where it is. */
export function resolveReference(document: OpenApiDocument, located: Located): Located {
  let current = located
  const seen = new Set<string>()
  while (isJsonObject(current.value) && typeof current.value.$ref === 'string') {
    const target = current.value.$ref
    if (seen.has(target)) throw new Error(`Circular reference: ${target}`)
    seen.add(target)
    current = { value: getAtPointer(document, target), pointer: target }
  }
  return current
}

export type LocatedOperation = {
  method: HttpMethod
  path: string
  operation: JsonObject
  pointer: string
}

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

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []
}

function securityOf(document: OpenApiDocument, operation: JsonObject): SecurityRequirement[] {
  const security = operation.security ?? document.security ?? []
  return Array.isArray(security) ? security.filter(isJsonObject).map(toRequirement) : []
}

function toRequirement(requirement: JsonObject): SecurityRequirement {
  return Object.fromEntries(
    Object.entries(requirement).map(([scheme, scopes]) => [scheme, stringList(scopes)]),
  )
}

function isRateLimit(value: unknown): value is RateLimit {
  return (
    isJsonObject(value) &&
    (value.kind === 'window' || value.kind === 'lock') &&
    (value.scope === 'client' || value.scope === 'email' || value.scope === 'user') &&
    typeof value.limit === 'number' &&
    typeof value.periodSeconds === 'number'
  )
}

/** Every operation of the document with what the stub, the contract runner and tests need. */
export function listOperations(document: OpenApiDocument): OperationSummary[] {
  return findOperations(document).map(({ method, path, operation, pointer }) => {
    const security = securityOf(document, operation)
    const requestBody = resolveReference(document, {
      value: operation.requestBody,
      pointer: `${pointer}/requestBody`,
    }).value
    const responses = isJsonObject(operation.responses) ? operation.responses : {}
    const rateLimits = operation['x-rate-limits']
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
      rateLimits: Array.isArray(rateLimits) ? rateLimits.filter(isRateLimit) : [],
    }
  })
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

function toSchemaError(error: ErrorObject): SchemaError {
  return {
    instancePath: error.instancePath,
    schemaPath: error.schemaPath,
    keyword: error.keyword,
    message: error.message ?? error.keyword,
    params: { ...error.params },
  }
}

function failure(keyword: string, message: string): ValidationResult {
  return {
    valid: false,
    errors: [{ instancePath: '', schemaPath: '', keyword, message, params: {} }],
  }
}

const VALID: ValidationResult = { valid: true, errors: [] }

const isAbsentBody = (value: unknown) => value === undefined || value === ''

/**
 * Builds an Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) validator over the document.
 * The whole document is added as one schema with an `$id`, so the document's own
 * `#/components/...` references resolve as written.
 */
export function createSchemaValidator(document: OpenApiDocument): SchemaValidator {
  // OpenAPI documents are not strict JSON Schema (keywords such as `example`, unknown formats in
  // other documents): strict mode would reject them.
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  ajv.addVocabulary(['example', 'xml', 'externalDocs', 'discriminator'])
  addFormats(ajv)
  ajv.addSchema({ ...document, $id: DOCUMENT_ID })

  // Compiled checks per pointer, and what to check per operation (and status), found once: a call
  // is one Map lookup and the compiled Ajv function, no pointer re-encoding, no document search.
  // Failures are built per call (callers own their result); only VALID is shared, as before.
  const checks = new Map<string, ValidateFunction>()
  const checkAt = (pointer: string): ValidateFunction => {
    let check = checks.get(pointer)
    if (check) return check
    const encoded = toJsonPointer(fromJsonPointer(pointer))
      .split('/')
      .map((segment, index) => (index === 0 ? segment : encodeURIComponent(segment)))
      .join('/')
    check = ajv.getSchema(`${DOCUMENT_ID}${encoded}`)
    if (!check) throw new Error(`No schema at ${pointer}`)
    checks.set(pointer, check)
    return check
  }

  const run = (check: ValidateFunction, value: unknown): ValidationResult =>
    check(value) ? VALID : { valid: false, errors: (check.errors ?? []).map(toSchemaError) }

  const validate = (pointer: string, value: unknown): ValidationResult =>
    run(checkAt(pointer), value)

  type Plan = (value: unknown) => ValidationResult

  const mediaPlan = (container: Located, mediaType: string): Plan => {
    const content = isJsonObject(container.value) ? container.value.content : undefined
    if (!isJsonObject(content)) {
      return (value) =>
        isAbsentBody(value) ? VALID : failure('content', 'no body is documented here')
    }
    if (!isJsonObject(content[mediaType])) {
      return () => failure('mediaType', `media type ${mediaType} is not documented here`)
    }
    const check = checkAt(
      `${container.pointer}/content/${toJsonPointer([mediaType]).slice(2)}/schema`,
    )
    return (value) => run(check, value)
  }

  const requestPlans = new Map<string, Plan>()
  const requestPlan = (operationId: string, mediaType: string): Plan => {
    const planKey = `${operationId}\n${mediaType}`
    const known = requestPlans.get(planKey)
    if (known) return known
    const { operation, pointer } = findOperation(document, operationId)
    const requestBody = resolveReference(document, {
      value: operation.requestBody,
      pointer: `${pointer}/requestBody`,
    })
    let plan: Plan
    if (!isJsonObject(requestBody.value)) {
      plan = (value) =>
        isAbsentBody(value) ? VALID : failure('requestBody', 'the operation takes no body')
    } else {
      const required = requestBody.value.required === true
      const media = mediaPlan(requestBody, mediaType)
      plan = (value) => {
        if (value !== undefined) return media(value)
        return required ? failure('required', 'the request body is required') : VALID
      }
    }
    requestPlans.set(planKey, plan)
    return plan
  }

  const responsePlans = new Map<string, Plan>()
  const responsePlan = (operationId: string, status: number | string, mediaType: string): Plan => {
    const planKey = `${operationId}\n${String(status)}\n${mediaType}`
    const known = responsePlans.get(planKey)
    if (known) return known
    const { operation, pointer } = findOperation(document, operationId)
    const responses = isJsonObject(operation.responses) ? operation.responses : {}
    const key = findResponseKey(responses, status)
    let plan: Plan
    if (key === undefined) {
      plan = () => failure('status', `status ${status} is not documented for ${operationId}`)
    } else {
      const response = resolveReference(document, {
        value: responses[key],
        pointer: `${pointer}/responses/${toJsonPointer([key]).slice(2)}`,
      })
      plan = mediaPlan(response, mediaType)
    }
    responsePlans.set(planKey, plan)
    return plan
  }

  return {
    validate,
    validateComponent: (name, value) =>
      validate(toJsonPointer(['components', 'schemas', name]), value),
    validateRequestBody: (operationId, value, mediaType = JSON_MEDIA_TYPE) =>
      requestPlan(operationId, mediaType)(value),
    validateResponse: (operationId, status, value, mediaType = JSON_MEDIA_TYPE) =>
      responsePlan(operationId, status, mediaType)(value),
  }
}
