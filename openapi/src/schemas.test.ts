import { describe, expect, it } from 'vitest'
import { loadOpenApiDocument } from './document-file'
import {
  codePointLength,
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
