import { describe, expect, it } from 'vitest'
import { printable } from './printable'

describe('text from a target, printed', () => {
  it('shows control characters instead of sending them to the terminal', () => {
    const hostile = '\u001b]0;owned\u0007\u001b[2K\rcontract: 999 passed\u009b8m'
    expect(printable(hostile)).toBe('\\x1b]0;owned\\x07\\x1b[2K\\x0dcontract: 999 passed\\x9b8m')
    expect(printable('plain text, ünïcödé')).toBe('plain text, ünïcödé')
  })

  // A fuzzed body that was a lone U+00A0 printed as a blank.
  it('shows invisible characters as their escapes, and leaves a plain space, tab and letters be', () => {
    expect(printable('\u00a0')).toBe('\\u00a0')
    expect(printable('a\u200bb\ufeff\u2028\u3000\u202e \u{e0001}')).toBe(
      'a\\u200bb\\ufeff\\u2028\\u3000\\u202e \\u{e0001}',
    )
    expect(printable('ünï cödé')).toBe('ünï cödé')
  })
})
