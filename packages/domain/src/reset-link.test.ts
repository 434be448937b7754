import { describe, expect, it } from 'vitest'
import { en } from './messages/en'
import { checkResetLink, RESET_LINK_PROBLEMS } from './reset-link'

const hex = (length: number) => 'a1B2c3D4e5F6a7b8c9d0'.repeat(4).slice(0, length)

describe('checkResetLink', () => {
  it('needs both user and hash', () => {
    expect(checkResetLink({ user: 'nino@example.ge', hash: undefined })).toBe('invalid-link')
    expect(checkResetLink({ user: null, hash: hex(40) })).toBe('invalid-link')
    expect(checkResetLink({})).toBe('invalid-link')
    expect(checkResetLink({ user: '  ', hash: hex(40) })).toBe('invalid-link')
    expect(checkResetLink({ user: 'nino@example.ge', hash: '' })).toBe('invalid-link')
  })

  it('reports a missing value before a malformed hash', () => {
    expect(checkResetLink({ user: '', hash: 'not-hex' })).toBe('invalid-link')
  })

  it.each([
    [39, 'invalid-token'],
    [40, 'ok'],
    [52, 'ok'],
    [64, 'ok'],
    [65, 'invalid-token'],
  ])('judges a %i-character hex hash as %s', (length, expected) => {
    expect(checkResetLink({ user: 'nino@example.ge', hash: hex(length) })).toBe(expected)
  })

  it('accepts hex in either case', () => {
    expect(checkResetLink({ user: 'u', hash: 'ABCDEF0123'.repeat(4) })).toBe('ok')
    expect(checkResetLink({ user: 'u', hash: 'abcdef0123'.repeat(4) })).toBe('ok')
    expect(checkResetLink({ user: 'u', hash: 'aBcDeF0123'.repeat(4) })).toBe('ok')
  })

  it('rejects non-hex characters and surrounding whitespace', () => {
    expect(checkResetLink({ user: 'u', hash: `${hex(39)}g` })).toBe('invalid-token')
    expect(checkResetLink({ user: 'u', hash: ` ${hex(40)}` })).toBe('invalid-token')
    expect(checkResetLink({ user: 'u', hash: `${hex(20)}-${hex(20)}` })).toBe('invalid-token')
  })

  it('maps each problem to its required title (RESET-4)', () => {
    expect(en[RESET_LINK_PROBLEMS['invalid-link'].title]).toBe('Invalid Reset Link')
    expect(en[RESET_LINK_PROBLEMS['invalid-token'].title]).toBe('Invalid Reset Token')
  })
})
