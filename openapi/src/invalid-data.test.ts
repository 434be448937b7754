import { describe, expect, it } from 'vitest'
import { applyEdit, isPlainObject, labelOf, setAt } from './invalid-data'

describe('edits of a body', () => {
  it('set, add and remove nested values on a copy', () => {
    const original = { a: { b: 1 }, list: [{ c: 'x' }, { c: 'y' }] }
    expect(applyEdit(original, ['a', 'b'], { kind: 'set', value: 2 })).toEqual({
      ...original,
      a: { b: 2 },
    })
    expect(applyEdit(original, ['list', 0], { kind: 'delete' })).toEqual({
      ...original,
      list: [{ c: 'y' }],
    })
    expect(setAt(original, ['new', 0], true)).toEqual({ ...original, new: [true] })
    expect(setAt(original, [], 'whole')).toBe('whole')
    expect(original).toEqual({ a: { b: 1 }, list: [{ c: 'x' }, { c: 'y' }] })
  })

  it('make __proto__ an own field, as JSON.parse does', () => {
    const edited = setAt({}, ['__proto__'], { polluted: true }) as Record<string, unknown>
    expect(Object.hasOwn(edited, '__proto__')).toBe(true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('name a path and tell plain objects', () => {
    expect(labelOf([])).toBe('body')
    expect(labelOf(['messages', 0, 'content'])).toBe('messages.0.content')
    expect(isPlainObject({})).toBe(true)
    expect(isPlainObject(new (class Raw {})())).toBe(false)
    expect(isPlainObject([])).toBe(false)
  })
})
