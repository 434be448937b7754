import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_REDIRECT, safeRedirect } from './redirect'

const SITE = 'https://site.example'

/** The proof that matters: resolving the answer against the site keeps us on the site. */
function staysOnSite(path: string): boolean {
  return new URL(path, SITE).origin === SITE
}

// The first property here also pays fast-check's warm-up (web URL generators): about 3 s on a
// loaded machine, ten times that on a slow one, and more under mutation testing, which is no
// failure of the rule under test.
describe('safeRedirect', { timeout: 120_000 }, () => {
  it.each([
    '/',
    '/dashboard',
    '/admin',
    '/my/page',
    '/technical#infrastructure',
    '/pricing?plan=starter&annual=1',
    '/a/b//c',
    '/100%',
    '/caf%C3%A9',
    '/javascript:alert(1)',
  ])('follows the same-origin path %j', (path) => {
    expect(safeRedirect(path)).toBe(path)
    expect(staysOnSite(path)).toBe(true)
  })

  it.each([
    '',
    'dashboard',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://evil.example',
    'http://evil.example/dashboard',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '/path\\..\\evil',
    '/%2F%2Fevil.example',
    '/%2f%2fevil.example',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/%252F%252Fevil.example',
    '/%25252F%25252Fevil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/%09/evil.example',
    '/%0A/evil.example',
    ' /dashboard',
    '\t/dashboard',
    '\u0000/dashboard',
    '/dash board',
    '/dashboard\u00a0',
    '?redirect=/dashboard',
    '#/dashboard',
  ])('falls back for %j', (value) => {
    expect(safeRedirect(value)).toBe(DEFAULT_REDIRECT)
  })

  it('falls back for values that are not strings', () => {
    for (const value of [undefined, null, 42, ['/admin'], { path: '/admin' }]) {
      expect(safeRedirect(value)).toBe('/dashboard')
    }
  })

  it('uses the given fallback', () => {
    expect(safeRedirect('//evil.example', '/')).toBe('/')
    expect(safeRedirect('/admin', '/')).toBe('/admin')
  })

  it('gives up on absurdly nested encodings instead of decoding forever', () => {
    let nested = '/%2F'
    for (let round = 0; round < 8; round += 1) nested = nested.replace('%', '%25')
    expect(safeRedirect(nested)).toBe(DEFAULT_REDIRECT)
  })

  const hostilePiece = fc.constantFrom(
    '/',
    '//',
    '\\',
    ':',
    '%2F',
    '%2f',
    '%5C',
    '%5c',
    '%25',
    '%',
    '%0A',
    '%09',
    'http',
    'https:',
    'javascript:',
    'data:',
    'evil.example',
    '@',
    '.',
    '..',
    '?',
    '#',
    ' ',
    '\t',
    '\n',
    '\r',
    '\u0000',
    '\u00a0',
    '\u3000',
    'a',
    'dashboard',
  )
  const hostile = fc.array(hostilePiece, { maxLength: 12 }).map((pieces) => pieces.join(''))

  it('never returns anything but the input or the fallback', () => {
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string(), fc.webUrl()), (value) => {
        const result = safeRedirect(value)
        expect(result === value || result === DEFAULT_REDIRECT).toBe(true)
      }),
    )
  })

  it('never leaves the origin, however the value is built', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          hostile,
          hostile.map((rest) => `/${rest}`),
          fc.string({ unit: 'binary' }),
          fc.webUrl(),
          fc.webUrl().map((url) => url.replace(/^https?:/, '')),
        ),
        (value) => {
          const result = safeRedirect(value)
          expect(staysOnSite(result)).toBe(true)
          // A router may decode once more before navigating; that must stay on the site too.
          expect(staysOnSite(safeDecode(result))).toBe(true)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('refuses every absolute web URL', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        expect(safeRedirect(url)).toBe(DEFAULT_REDIRECT)
      }),
    )
  })

  it('follows every ordinary path unchanged', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/)
    const path = fc
      .tuple(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.option(segment), fc.boolean())
      .map(([segments, query, trailing]) => {
        const base = `/${segments.join('/')}${trailing ? '/' : ''}`
        return query === null ? base : `${base}?q=${query}`
      })
    fc.assert(
      fc.property(path, (value) => {
        expect(safeRedirect(value)).toBe(value)
      }),
    )
  })
})

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

describe('safeRedirect and control characters', () => {
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) => from + index)
  // C0 (U+0000 to U+001F), DEL (U+007F) and C1 (U+0080 to U+009F); most are not whitespace.
  const controls = [...range(0x00, 0x1f), 0x7f, ...range(0x80, 0x9f)]

  it('refuses a path holding any C0 or C1 control character or DEL, typed or percent-encoded', () => {
    for (const code of controls) {
      const typed = `/dash${String.fromCodePoint(code)}board`
      const encoded = `/dash%${code.toString(16).padStart(2, '0')}board`
      expect(safeRedirect(typed), `U+${code.toString(16)}`).toBe(DEFAULT_REDIRECT)
      expect(safeRedirect(encoded), encoded).toBe(DEFAULT_REDIRECT)
    }
  })

  it('follows the printable characters next to the control ranges', () => {
    for (const path of ['/a!b', '/a~b', '/a\u00a1b', '/caf\u00e9']) {
      expect(safeRedirect(path)).toBe(path)
    }
  })

  it('refuses whitespace that is no control character', () => {
    for (const space of [' ', '\u00a0', '\u2028', '\u3000', '\ufeff']) {
      expect(safeRedirect(`/dash${space}board`), JSON.stringify(space)).toBe(DEFAULT_REDIRECT)
    }
  })

  it('decodes at most five rounds: a path encoded four times is followed, five times is not', () => {
    // '/%41' is '/A' encoded once; each further round encodes its '%' as '%25'.
    const encoded = (times: number) => `/%${'25'.repeat(times - 1)}41`
    expect(safeRedirect(encoded(4))).toBe(encoded(4))
    expect(safeRedirect(encoded(5))).toBe(DEFAULT_REDIRECT)
  })
})
