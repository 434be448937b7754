import { describe, expect, it } from 'vitest'
import { searchChoice, searchText } from './search-params'

describe('searchText', () => {
  it('keeps a string up to the limit', () => {
    expect(searchText('/pricing', 2048)).toBe('/pricing')
    expect(searchText('x'.repeat(2048), 2048)).toHaveLength(2048)
  })

  it('drops what is too long, empty or not a string', () => {
    expect(searchText('x'.repeat(2049), 2048)).toBeUndefined()
    expect(searchText('', 2048)).toBeUndefined()
    // The router parses ?redirect=123 as a number and ?redirect={"a":1} as an object.
    expect(searchText(123, 2048)).toBeUndefined()
    expect(searchText({ a: 1 }, 2048)).toBeUndefined()
    expect(searchText(undefined, 2048)).toBeUndefined()
  })
})

describe('searchChoice', () => {
  const modals = ['login', 'register'] as const

  it('keeps one of the values', () => {
    expect(searchChoice('register', modals)).toBe('register')
  })

  it('drops anything else', () => {
    expect(searchChoice('admin', modals)).toBeUndefined()
    expect(searchChoice(['login'], modals)).toBeUndefined()
    expect(searchChoice(undefined, modals)).toBeUndefined()
  })
})
