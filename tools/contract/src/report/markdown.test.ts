import { describe, expect, it } from 'vitest'
import { markdownCode, markdownText } from './markdown'

describe("Markdown of a contract's text", () => {
  it('fences a code span longer than any run of backticks inside it', () => {
    expect(markdownCode('GET /health')).toBe('`GET /health`')
    expect(markdownCode('a`b')).toBe('``a`b``')
    // The longest run inside is three: a fence of four, padded as it starts with a backtick.
    expect(markdownCode('``a` ``` `b')).toBe('```` ``a` ``` `b ````')
    // A backtick or a blank at either end is padded, as CommonMark strips one blank a side.
    expect(markdownCode('`x')).toBe('`` `x ``')
    expect(markdownCode(' x ')).toBe('`  x  `')
  })

  it('keeps a code span on one line, and in a table its cell', () => {
    expect(markdownCode('a\nb|c')).toBe('`a\\x0ab|c`')
    expect(markdownCode('a|b', { inTable: true })).toBe('`a\\|b`')
  })

  it('leaves words plain, and puts anything else in code', () => {
    expect(markdownText('request body "email" pattern added')).toBe(
      'request body "email" pattern added',
    )
    for (const live of [
      '[x](https://e.example)',
      '@octocat',
      'www.e.example',
      '<b>',
      'GH-1',
      '#1',
      '*x*',
    ])
      expect(markdownText(live)).toBe(markdownCode(live))
  })
})
