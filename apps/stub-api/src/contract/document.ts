import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import {
  createSchemaValidator,
  findDocumentedResponse,
  findOperation,
  findRequiredResponseHeaders,
  isJsonObject,
  type JsonObject,
  listOperations,
  loadOpenApiDocument,
  type OpenApiDocument,
  type OperationSummary,
  resolveReference,
  type SchemaValidator,
  toJsonPointer,
} from '@devenv/openapi'

/** A parameter of an operation, with where its schema is, for validation. */
export type ParameterSpec = {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required: boolean
  schemaPointer: string
  /** The JSON type the text of the parameter is coerced to before validation. */
  coerceTo: 'string' | 'integer' | 'number' | 'boolean'
}

export type ContractOperation = OperationSummary & {
  parameters: ParameterSpec[]
  /** Where the JSON request body's schema is, looked up once (the validator then needs no search). */
  bodySchemaPointer: string | null
  /** Fastify path, `/environments/:id`. */
  routePath: string
}

export type Contract = {
  document: OpenApiDocument
  validator: SchemaValidator
  operations: ContractOperation[]
  byId: ReadonlyMap<string, ContractOperation>
  documentPath: string
  /** openapi/dist/reference.html when `pnpm --filter @devenv/openapi build` has made it. */
  referencePath: string | null
}

// Resolved through the package's export, so the source, the tests and the bundled dist/ all find it.
function contractPath(): string {
  return createRequire(import.meta.url).resolve('@devenv/openapi/openapi.yaml')
}

function coercionOf(schema: unknown): ParameterSpec['coerceTo'] {
  const type = isJsonObject(schema) ? schema.type : undefined
  return type === 'integer' || type === 'number' || type === 'boolean' ? type : 'string'
}

function parametersOf(document: OpenApiDocument, operationId: string): ParameterSpec[] {
  const { path, pointer, operation } = findOperation(document, operationId)
  const sources = [
    { list: document.paths[path]?.parameters, base: toJsonPointer(['paths', path, 'parameters']) },
    { list: operation.parameters, base: `${pointer}/parameters` },
  ]
  const specs = new Map<string, ParameterSpec>()
  for (const { list, base } of sources) {
    if (!Array.isArray(list)) continue
    list.forEach((raw: unknown, index) => {
      const located = resolveReference(document, { value: raw, pointer: `${base}/${index}` })
      const parameter = located.value
      if (!isJsonObject(parameter) || typeof parameter.name !== 'string') return
      const where = parameter.in
      if (where !== 'path' && where !== 'query' && where !== 'header' && where !== 'cookie') return
      const schema = resolveReference(document, {
        value: parameter.schema,
        pointer: `${located.pointer}/schema`,
      })
      // Operation-level parameters override path-level ones of the same name and place.
      specs.set(`${where}:${parameter.name}`, {
        name: parameter.name,
        in: where,
        required: parameter.required === true,
        schemaPointer: schema.pointer,
        coerceTo: coercionOf(schema.value),
      })
    })
  }
  return [...specs.values()]
}

function bodySchemaPointerOf(document: OpenApiDocument, operationId: string): string | null {
  const { operation, pointer } = findOperation(document, operationId)
  const body = resolveReference(document, {
    value: operation.requestBody,
    pointer: `${pointer}/requestBody`,
  })
  const content = isJsonObject(body.value) ? body.value.content : undefined
  if (!isJsonObject(content) || !isJsonObject(content['application/json'])) return null
  return `${body.pointer}/content/${toJsonPointer(['application/json']).slice(2)}/schema`
}

let cached: Contract | undefined

/** The contract, loaded and compiled once per process (Ajv compilation is the slow part). */
export function loadContract(): Contract {
  if (cached) return cached
  const documentPath = contractPath()
  const document = loadOpenApiDocument(documentPath)
  const validator = createSchemaValidator(document)
  const operations = listOperations(document).map((summary) => ({
    ...summary,
    parameters: parametersOf(document, summary.operationId),
    bodySchemaPointer: bodySchemaPointerOf(document, summary.operationId),
    routePath: summary.path.replace(/\{([^}]+)\}/g, ':$1'),
  }))
  const reference = join(dirname(documentPath), 'dist', 'reference.html')
  cached = {
    document,
    validator,
    operations,
    byId: new Map(operations.map((operation) => [operation.operationId, operation])),
    documentPath,
    referencePath: existsSync(reference) ? reference : null,
  }
  return cached
}

/** The resolved response object of an operation for a status, or undefined if undocumented. */
export function documentedResponse(
  contract: Contract,
  operationId: string,
  status: number,
): JsonObject | undefined {
  return findDocumentedResponse(contract.document, operationId, status)
}

export function isDocumentedStatus(
  contract: Contract,
  operationId: string,
  status: number,
): boolean {
  return documentedResponse(contract, operationId, status) !== undefined
}

/** Names of the headers a response must carry (`Retry-After` on 429, `Location` on 201). */
export function requiredResponseHeaders(
  contract: Contract,
  operationId: string,
  status: number,
): string[] {
  return findRequiredResponseHeaders(contract.document, operationId, status)
}

/** The first documented example body of a response (what `Prefer: code=` answers). */
export function exampleBody(
  contract: Contract,
  operationId: string,
  status: number,
): { found: boolean; body: unknown } {
  const response = documentedResponse(contract, operationId, status)
  if (!response) return { found: false, body: undefined }
  const content = isJsonObject(response.content) ? response.content : undefined
  const media =
    content && isJsonObject(content['application/json']) ? content['application/json'] : undefined
  if (!media) return { found: true, body: undefined }
  if ('example' in media) return { found: true, body: media.example }
  const examples = isJsonObject(media.examples) ? Object.values(media.examples) : []
  for (const example of examples) {
    const resolved = resolveReference(contract.document, { value: example, pointer: '#' }).value
    if (isJsonObject(resolved) && 'value' in resolved) return { found: true, body: resolved.value }
  }
  return { found: true, body: undefined }
}

/** The enum of a component schema, e.g. the regions, so the stub never keeps a second list. */
export function componentEnum(contract: Contract, name: string): string[] {
  const schemas = contract.document.components?.schemas
  const schema = isJsonObject(schemas) ? schemas[name] : undefined
  const values = isJsonObject(schema) ? schema.enum : undefined
  return Array.isArray(values) ? values.filter((value) => typeof value === 'string') : []
}
