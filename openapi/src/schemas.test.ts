import { describe, expect, it } from 'vitest'
import { matchesFormat } from './ajv'
import { loadOpenApiDocument } from './document-file'
import {
  codePointLength,
  formatPointers,
  jsonTypeOf,
  mergeAllOf,
  resolveSchema,
  schemaAtPointer,
  typesOf,
} from './schemas'

const document = loadOpenApiDocument()

describe('schema helpers', () => {
  it('follow $refs and remember the component name', () => {
    const resolved = resolveSchema(document, { $ref: '#/components/schemas/Email' })
    expect(resolved.component).toBe('Email')
    expect(resolved.pointer).toBe('#/components/schemas/Email')
    expect(resolved.schema.type).toBe('string')
    expect(resolveSchema(document, { type: 'integer' })).toEqual({
      schema: { type: 'integer' },
      component: undefined,
      pointer: undefined,
    })
    expect(schemaAtPointer(document, '#/components/schemas/Email').component).toBe('Email')
  })

  it('tell the JSON types a schema allows', () => {
    expect(typesOf({ type: ['string', 'null'] })).toEqual(['string', 'null'])
    expect(typesOf({ enum: ['a', 1, null] })).toEqual(['string', 'integer', 'null'])
    expect(typesOf({ const: 1.5 })).toEqual(['number'])
    expect(jsonTypeOf([])).toBe('array')
  })

  it('fold allOf into one schema', () => {
    const merged = mergeAllOf(document, {
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        { properties: { b: { type: 'integer' } }, required: ['b'] },
      ],
    })
    expect(Object.keys(merged.properties as object)).toEqual(['a', 'b'])
    expect(merged.required).toEqual(['a', 'b'])
  })

  it('count code points as JSON Schema does', () => {
    expect(codePointLength('a😀')).toBe(2)
  })
})

describe('formatPointers', () => {
  it('finds where uuid and date-time values stand in an answer, through refs, allOf and arrays', () => {
    const list = formatPointers(
      loadOpenApiDocument(),
      { $ref: '#/components/schemas/EnvironmentList' },
      new Set(['uuid', 'date-time']),
    )
    expect(Object.fromEntries(list)).toEqual({
      '/items/*/id': 'uuid',
      '/items/*/createdAt': 'date-time',
    })
  })

  it('walks a schema that refers to itself once', () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: {
        schemas: {
          Node: {
            type: 'object',
            properties: {
              at: { type: 'string', format: 'date-time' },
              next: { $ref: '#/components/schemas/Node' },
            },
          },
        },
      },
    }
    const found = formatPointers(
      document as never,
      { $ref: '#/components/schemas/Node' },
      new Set(['date-time']),
    )
    expect([...found.keys()]).toEqual(['/at'])
  })
})

describe('matchesFormat', () => {
  it("tells a uuid and a date-time as the validator's formats do, and knows no other name", () => {
    expect(matchesFormat('uuid', '62fa61e0-c4a7-4b7a-a0cb-62521df9a244')).toBe(true)
    expect(matchesFormat('uuid', '62fa61e0-c4a7-4b7a')).toBe(false)
    expect(matchesFormat('date-time', '2026-11-30T19:39:13.683Z')).toBe(true)
    expect(matchesFormat('date-time', '2026-11-30')).toBe(false)
    expect(matchesFormat('no-such-format', 'anything')).toBe(false)
  })
})
