import { describe, expect, it } from 'vitest'
import { loadOpenApiDocument } from './document-file'
import {
  childPointer,
  fromJsonPointer,
  getAtPointer,
  resolveReference,
  toJsonPointer,
} from './pointer'

const document = loadOpenApiDocument()

describe('JSON pointers', () => {
  it('escape / and ~ both ways', () => {
    const pointer = toJsonPointer(['paths', '/environments/{id}', 'a~b'])
    expect(pointer).toBe('#/paths/~1environments~1{id}/a~0b')
    expect(fromJsonPointer(pointer)).toEqual(['paths', '/environments/{id}', 'a~b'])
    expect(childPointer('#/paths', '/auth/auth', 'post')).toBe('#/paths/~1auth~1auth/post')
  })

  it('refuse remote references', () => {
    expect(() => fromJsonPointer('other.yaml#/x')).toThrow('Only local references')
  })

  it('read values of the document and follow $refs to where they lead', () => {
    expect(getAtPointer(document, '#/info/title')).toBe(document.info.title)
    expect(getAtPointer(document, '#/no/such/thing')).toBeUndefined()
    const located = resolveReference(document, {
      value: { $ref: '#/components/schemas/Email' },
      pointer: '#/somewhere',
    })
    expect(located.pointer).toBe('#/components/schemas/Email')
    expect(located.value).toEqual(getAtPointer(document, '#/components/schemas/Email'))
  })

  it('stop on a circular reference', () => {
    const circular = {
      ...document,
      components: { a: { $ref: '#/components/b' }, b: { $ref: '#/components/a' } },
    }
    expect(() =>
      resolveReference(circular, { value: { $ref: '#/components/a' }, pointer: '#' }),
    ).toThrow('Circular reference')
  })
})
