import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { diffContracts } from '.'

// For a generated document and a generated edit that only loosens requests, or only tightens
// responses, the diff never says clients break: clients keep sending what they sent and keep
// reading what they read. OpenAPI 3.0 and 3.1 both.

// biome-ignore lint/suspicious/noExplicitAny: generated documents edited as plain data
type Loose = any

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'omega']

const stringSchema = fc.record(
  {
    type: fc.constant('string'),
    minLength: fc.integer({ min: 1, max: 5 }),
    maxLength: fc.integer({ min: 10, max: 50 }),
    pattern: fc.constantFrom('^[a-z]+$', '^[a-z0-9]*$', '^[A-Z][a-z]+$'),
    format: fc.constantFrom('email', 'uuid', 'date-time'),
    enum: fc.uniqueArray(fc.constantFrom(...WORDS), { minLength: 2, maxLength: 4 }),
  },
  { requiredKeys: ['type'] },
)
const numberSchema = fc.record(
  {
    type: fc.constantFrom('integer', 'number'),
    minimum: fc.integer({ min: 0, max: 10 }),
    maximum: fc.integer({ min: 100, max: 1000 }),
    enum: fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { minLength: 2, maxLength: 4 }),
  },
  { requiredKeys: ['type'] },
)
const arraySchema = fc.record(
  {
    type: fc.constant('array'),
    items: stringSchema,
    minItems: fc.integer({ min: 1, max: 3 }),
    maxItems: fc.integer({ min: 5, max: 20 }),
  },
  { requiredKeys: ['type', 'items'] },
)
const propertySchema = fc.oneof(stringSchema, numberSchema, arraySchema)

const objectSchema = fc
  .dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e'), propertySchema, { minKeys: 1, maxKeys: 4 })
  .chain((properties) =>
    fc
      .subarray(Object.keys(properties))
      .map((required) => ({ type: 'object', properties, required })),
  )

const documentArbitrary = fc
  .record({
    version: fc.constantFrom('3.0.3', '3.1.0'),
    body: objectSchema,
    response: objectSchema,
    query: stringSchema,
    queryRequired: fc.boolean(),
  })
  .map(({ version, body, response, query, queryRequired }) => ({
    openapi: version,
    info: { title: 'generated', version: '1' },
    paths: {
      '/things': {
        post: {
          parameters: [{ name: 'q', in: 'query', required: queryRequired, schema: query }],
          requestBody: { required: true, content: { 'application/json': { schema: body } } },
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: response } },
            },
          },
        },
      },
    },
  }))

const operationOf = (document: Loose) => document.paths['/things'].post
const requestSchemas = (document: Loose): Loose[] => {
  const operation = operationOf(document)
  const body = operation.requestBody.content['application/json'].schema
  return [
    operation.parameters[0].schema,
    ...Object.values(body.properties),
    ...Object.values(body.properties)
      .map((property: Loose) => property.items)
      .filter(Boolean),
  ]
}
const responseSchemas = (document: Loose): Loose[] => {
  const body = operationOf(document).responses['200'].content['application/json'].schema
  return [
    ...Object.values(body.properties),
    ...Object.values(body.properties)
      .map((property: Loose) => property.items)
      .filter(Boolean),
  ]
}

/** Edits of one schema that allow more (each picks from what the schema has). */
const LOOSENINGS: ReadonlyArray<(schema: Loose, pick: number) => void> = [
  (schema) => {
    delete schema.minLength
    delete schema.minimum
    delete schema.minItems
  },
  (schema) => {
    delete schema.maxLength
    delete schema.maximum
    delete schema.maxItems
  },
  (schema) => {
    delete schema.pattern
    delete schema.format
  },
  (schema) => {
    delete schema.enum
  },
  (schema, pick) => {
    if (Array.isArray(schema.enum))
      schema.enum.push(schema.type === 'string' ? `extra${pick}` : 100 + pick)
  },
  (schema, pick) => {
    if (typeof schema.maxLength === 'number') schema.maxLength += 1 + pick
    if (typeof schema.maximum === 'number') schema.maximum += 1 + pick
    if (typeof schema.minLength === 'number') schema.minLength = Math.max(0, schema.minLength - 1)
  },
  (schema) => {
    if (schema.type === 'integer') schema.type = 'number'
  },
]

/** Edits of one schema that allow less. */
const TIGHTENINGS: ReadonlyArray<(schema: Loose, pick: number) => void> = [
  (schema, pick) => {
    if (Array.isArray(schema.enum) && schema.enum.length > 1)
      schema.enum.splice(pick % schema.enum.length, 1)
  },
  (schema) => {
    if (schema.type === 'string' && schema.enum === undefined) schema.enum = ['alpha', 'beta']
  },
  (schema, pick) => {
    if (schema.type === 'string') schema.maxLength = Math.max(schema.minLength ?? 1, 8 - (pick % 3))
    if (schema.type === 'array') schema.maxItems = Math.max(schema.minItems ?? 1, 4)
  },
  (schema) => {
    if (schema.type === 'string' && schema.pattern === undefined) schema.pattern = '^[a-z]+$'
  },
  (schema) => {
    if (schema.type === 'number') schema.type = 'integer'
  },
  (schema, pick) => {
    if (typeof schema.minimum === 'number') schema.minimum += 1 + (pick % 5)
  },
]

const edits = fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 })

const clientBreaks = (base: unknown, head: unknown) =>
  diffContracts(base, head).changes.filter((change) => change.breaks.includes('clients'))

describe('edits that only loosen requests or only tighten responses break no client', () => {
  it('requests loosened', () => {
    fc.assert(
      fc.property(documentArbitrary, edits, fc.boolean(), (document, chosen, optional) => {
        const head: Loose = structuredClone(document)
        const schemas = requestSchemas(head)
        for (const [which, edit, pick] of chosen)
          LOOSENINGS[edit % LOOSENINGS.length]?.(schemas[which % schemas.length], pick)
        const body = operationOf(head).requestBody.content['application/json'].schema
        if (optional) {
          body.required = body.required.slice(1)
          operationOf(head).parameters[0].required = false
        }
        expect(clientBreaks(document, head)).toEqual([])
      }),
      { numRuns: 150 },
    )
  })

  it('responses tightened', () => {
    fc.assert(
      fc.property(documentArbitrary, edits, fc.boolean(), (document, chosen, required) => {
        const head: Loose = structuredClone(document)
        const schemas = responseSchemas(head)
        for (const [which, edit, pick] of chosen)
          TIGHTENINGS[edit % TIGHTENINGS.length]?.(schemas[which % schemas.length], pick)
        const body = operationOf(head).responses['200'].content['application/json'].schema
        if (required) body.required = Object.keys(body.properties)
        expect(clientBreaks(document, head)).toEqual([])
      }),
      { numRuns: 150 },
    )
  })
})
