import { describe, expect, it } from 'vitest'
import { printable } from './printable'

describe('text from a target, printed', () => {
  it('shows control characters instead of sending them to the terminal', () => {
    const hostile = '\u001b]0;owned\u0007\u001b[2K\rcontract: 999 passed\u009b8m'
    expect(printable(hostile)).toBe('\\x1b]0;owned\\x07\\x1b[2K\\x0dcontract: 999 passed\\x9b8m')
    expect(printable('plain text, ünïcödé')).toBe('plain text, ünïcödé')
  })
})
