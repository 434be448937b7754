import { createRequire } from 'node:module'
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

export type NamedExample = { name: string; value: unknown }

export type PathParameter = {
  name: string
  schemaPointer: string
  schema: JsonObject
  example: string | undefined
}

export type RunnerOperation = OperationSummary & {
  /** Pointer to the JSON request body schema, when the operation takes a body. */
  bodySchemaPointer: string | undefined
  bodyExamples: NamedExample[]
  pathParameters: PathParameter[]
}

export type Contract = {
  document: OpenApiDocument
  validator: SchemaValidator
  operations: RunnerOperation[]
}

const JSON_MEDIA = 'application/json'

function mediaPointer(base: string): string {
  return `${base}/content/${toJsonPointer([JSON_MEDIA]).slice(2)}`
}

function examplesOf(document: OpenApiDocument, media: unknown): NamedExample[] {
  if (!isJsonObject(media)) return []
  if ('example' in media) return [{ name: 'example', value: media.example }]
  if (!isJsonObject(media.examples)) return []
  return Object.entries(media.examples).flatMap(([name, raw]) => {
    const example = resolveReference(document, { value: raw, pointer: '#' }).value
    return isJsonObject(example) && 'value' in example ? [{ name, value: example.value }] : []
  })
}

function describeOperation(document: OpenApiDocument, summary: OperationSummary): RunnerOperation {
  const { operation, pointer, path } = findOperation(document, summary.operationId)
  const body = resolveReference(document, {
    value: operation.requestBody,
    pointer: `${pointer}/requestBody`,
  })
  const content =
    isJsonObject(body.value) && isJsonObject(body.value.content) ? body.value.content : undefined
  const media = content?.[JSON_MEDIA]
  const bodySchemaPointer = isJsonObject(media) ? `${mediaPointer(body.pointer)}/schema` : undefined

  const parameterLists = [
    { list: document.paths[path]?.parameters, base: toJsonPointer(['paths', path, 'parameters']) },
    { list: operation.parameters, base: `${pointer}/parameters` },
  ]
  const pathParameters: PathParameter[] = []
  for (const { list, base } of parameterLists) {
    if (!Array.isArray(list)) continue
    list.forEach((raw: unknown, index) => {
      const located = resolveReference(document, { value: raw, pointer: `${base}/${index}` })
      const parameter = located.value
      if (!isJsonObject(parameter) || parameter.in !== 'path' || typeof parameter.name !== 'string')
        return
      const schema = resolveReference(document, {
        value: parameter.schema,
        pointer: `${located.pointer}/schema`,
      })
      const [first] = examplesOf(document, parameter)
      pathParameters.push({
        name: parameter.name,
        schemaPointer: schema.pointer,
        schema: isJsonObject(schema.value) ? schema.value : {},
        example: typeof first?.value === 'string' ? first.value : undefined,
      })
    })
  }
  return {
    ...summary,
    bodySchemaPointer,
    bodyExamples: examplesOf(document, media),
    pathParameters,
  }
}

/** The contract the runner checks against: the workspace's openapi.yaml unless another is given. */
export function loadContract(path?: string): Contract {
  const documentPath =
    path ?? createRequire(import.meta.url).resolve('@devenv/openapi/openapi.yaml')
  const document = loadOpenApiDocument(documentPath)
  return {
    document,
    validator: createSchemaValidator(document),
    operations: listOperations(document).map((summary) => describeOperation(document, summary)),
  }
}

/** The resolved response of an operation for a status (exact, range, default), if documented. */
export function documentedResponse(
  contract: Contract,
  operationId: string,
  status: number,
): JsonObject | undefined {
  return findDocumentedResponse(contract.document, operationId, status)
}

/** Required response headers of a status, lower-cased (Retry-After on 429, Location on 201). */
export function requiredHeaders(contract: Contract, operationId: string, status: number): string[] {
  return findRequiredResponseHeaders(contract.document, operationId, status)
}

/** Resolves a schema at a pointer, following `$ref`s. */
export function schemaAt(
  contract: Contract,
  pointer: string,
): { schema: JsonObject; pointer: string } {
  const located = resolveReference(contract.document, { value: { $ref: pointer }, pointer })
  return { schema: isJsonObject(located.value) ? located.value : {}, pointer: located.pointer }
}
