import { describe, expect, it } from 'vitest'
import {
  createSchemaValidator,
  findOperations,
  isJsonObject,
  type Located,
  loadOpenApiDocument,
  resolveReference,
  toJsonPointer,
} from './index'

const document = loadOpenApiDocument()
const validator = createSchemaValidator(document)

type ExampleCase = {
  /** Where the example is written (JSON pointer, after following references). */
  at: string
  /** Pointer of the schema the example must satisfy. */
  schema: string
  value: unknown
}

const child = (parent: string, ...segments: string[]) =>
  `${parent}${toJsonPointer(segments).slice(1)}`

const resolve = (value: unknown, pointer: string): Located =>
  resolveReference(document, { value, pointer })

/** Examples of a media type, parameter or header object: `examples` map or single `example`. */
function examplesOf(holder: Located, schemaPointer: string): ExampleCase[] {
  if (!isJsonObject(holder.value)) return []
  const cases: ExampleCase[] = []
  if ('example' in holder.value) {
    cases.push({
      at: child(holder.pointer, 'example'),
      schema: schemaPointer,
      value: holder.value.example,
    })
  }
  const examples = holder.value.examples
  if (isJsonObject(examples)) {
    for (const [name, example] of Object.entries(examples)) {
      const resolved = resolve(example, child(holder.pointer, 'examples', name))
      if (isJsonObject(resolved.value) && 'value' in resolved.value) {
        cases.push({ at: resolved.pointer, schema: schemaPointer, value: resolved.value.value })
      }
    }
  }
  return cases
}

function contentExamples(holder: Located): Map<string, ExampleCase[]> {
  const byMediaType = new Map<string, ExampleCase[]>()
  const content = isJsonObject(holder.value) ? holder.value.content : undefined
  if (!isJsonObject(content)) return byMediaType
  for (const mediaType of Object.keys(content)) {
    const media = {
      value: content[mediaType],
      pointer: child(holder.pointer, 'content', mediaType),
    }
    byMediaType.set(mediaType, examplesOf(media, child(media.pointer, 'schema')))
  }
  return byMediaType
}

function parameterOrHeaderExamples(holder: Located): ExampleCase[] {
  return examplesOf(holder, child(holder.pointer, 'schema'))
}

type OperationExamples = {
  operationId: string
  requestBody: Map<string, ExampleCase[]> | undefined
  responses: Map<string, { hasContent: boolean; examples: ExampleCase[] }>
  parameters: ExampleCase[]
  headers: ExampleCase[]
}

const operationExamples: OperationExamples[] = findOperations(document).map(
  ({ path, operation, pointer }) => {
    const pathItem = document.paths[path] ?? {}
    const parameters = [
      ...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []).map((parameter, index) =>
        resolve(parameter, child(toJsonPointer(['paths', path]), 'parameters', String(index))),
      ),
      ...(Array.isArray(operation.parameters) ? operation.parameters : []).map((parameter, index) =>
        resolve(parameter, child(pointer, 'parameters', String(index))),
      ),
    ]
    const requestBody =
      operation.requestBody === undefined
        ? undefined
        : contentExamples(resolve(operation.requestBody, child(pointer, 'requestBody')))
    const responses = new Map<string, { hasContent: boolean; examples: ExampleCase[] }>()
    const headers: ExampleCase[] = []
    for (const [status, response] of Object.entries(
      isJsonObject(operation.responses) ? operation.responses : {},
    )) {
      const resolved = resolve(response, child(pointer, 'responses', status))
      const byMediaType = contentExamples(resolved)
      responses.set(status, {
        hasContent: byMediaType.size > 0,
        examples: [...byMediaType.values()].flat(),
      })
      const responseHeaders = isJsonObject(resolved.value) ? resolved.value.headers : undefined
      for (const [name, header] of Object.entries(
        isJsonObject(responseHeaders) ? responseHeaders : {},
      )) {
        headers.push(
          ...parameterOrHeaderExamples(resolve(header, child(resolved.pointer, 'headers', name))),
        )
      }
    }
    return {
      operationId: String(operation.operationId),
      requestBody,
      responses,
      parameters: parameters.flatMap(parameterOrHeaderExamples),
      headers,
    }
  },
)

/** Every example of the document, each once (shared components are reached from many operations). */
const allExamples = [
  ...new Map(
    operationExamples
      .flatMap((each) => [
        ...[...(each.requestBody?.values() ?? [])].flat(),
        ...[...each.responses.values()].flatMap((response) => response.examples),
        ...each.parameters,
        ...each.headers,
      ])
      .map((example) => [example.at, example]),
  ).values(),
]

describe('examples of the contract', () => {
  it('finds examples to check in request bodies, responses, parameters and headers', () => {
    expect(allExamples.length).toBeGreaterThan(50)
    expect(allExamples.some((example) => example.at.includes('/requestBodies/'))).toBe(true)
    expect(allExamples.some((example) => example.at.includes('/responses/'))).toBe(true)
    expect(allExamples.some((example) => example.at.includes('/parameters/'))).toBe(true)
    expect(allExamples.some((example) => example.at.includes('/headers/'))).toBe(true)
  })

  it.each(allExamples.map((example) => [example.at, example] as const))(
    '%s satisfies its schema',
    (_at, example) => {
      const result = validator.validate(example.schema, example.value)
      expect(result.errors).toEqual([])
      expect(result.valid).toBe(true)
    },
  )

  it.each(operationExamples.map((each) => [each.operationId, each] as const))(
    '%s has an example for its request body and for every response with a body',
    (_operationId, each) => {
      for (const [mediaType, examples] of each.requestBody ?? []) {
        expect(examples.length, `request ${mediaType}`).toBeGreaterThan(0)
      }
      for (const [status, response] of each.responses) {
        if (response.hasContent)
          expect(response.examples.length, `status ${status}`).toBeGreaterThan(0)
      }
    },
  )

  it('gives every error answer a message', () => {
    const errorExamples = operationExamples.flatMap((each) =>
      [...each.responses]
        .filter(([status]) => /^[45]/.test(status))
        .flatMap(([, response]) => response.examples),
    )
    expect(errorExamples.length).toBeGreaterThan(0)
    for (const example of errorExamples) {
      expect(isJsonObject(example.value) && typeof example.value.message, example.at).toBe('string')
    }
  })
})
