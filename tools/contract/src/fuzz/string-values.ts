import { codePointLength } from '@devenv/openapi'
import fc from 'fast-check'

// Valid strings of a length, a format or a pattern: free text with the hostile strings among it,
// and the formats the contract's validator checks (e-mail, date, date-time, uuid, uri) as a
// strict server reads them. schema-values.ts picks these for a string schema.

/** Strings that have broken servers before: markup, injections, controls, odd Unicode. */
export const HOSTILE_TEXT: readonly string[] = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  'Robert"); DROP TABLE users;--',
  // Template syntaxes of several engines, meant literally ("$" and "{" apart for the linter).
  `{{7*7}}$${'{'}7*7}<%= 7*7 %>`,
  '../../../../etc/passwd',
  '%00%0d%0a',
  '\u0000',
  '\r\nSet-Cookie: stolen=1',
  '\u202eevil\u202c',
  '\ufeff',
  '\u2028\u2029',
  '𝓗𝓮𝓵𝓵𝓸 🧪🚀',
  'ნინო ბერიძე',
  'null',
  'undefined',
  'NaN',
  'constructor',
  'toString',
  '__defineGetter__',
  ' ',
  '\t\n',
  '-1',
  '1e309',
  'true',
  '[object Object]',
]

/**
 * Any code point but a lone surrogate: ASCII mostly, controls, the rest of the BMP and astral
 * ones (two UTF-16 units, one code point for JSON Schema's lengths). Built from integers, not
 * fast-check's 'binary' unit: that one builds a map of all 1.1 million code points for every
 * string arbitrary made with it.
 */
export const CODE_POINT: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x1f }) },
    { weight: 2, arbitrary: fc.integer({ min: 0x80, max: 0xd7ff }) },
    { weight: 1, arbitrary: fc.integer({ min: 0xe000, max: 0xffff }) },
    { weight: 2, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }) },
  )
  .map((point) => String.fromCodePoint(point))

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
const LOWER_ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789'
const ATEXT = `${ALPHANUMERIC}!#$%&'*+/=?^_\`{|}~-`
const chars = (alphabet: string) => fc.constantFrom(...alphabet.split(''))

/** Repeats the code points of `seed` to exactly `length` code points. */
export function repeatToLength(seed: string, length: number): string {
  const points = [...seed]
  if (points.length === 0 || length === 0) return ''
  return Array.from({ length }, (_, index) => points[index % points.length]).join('')
}

/** Whether a text has min..max code points, as JSON Schema counts lengths. */
export function withinLength(min: number, max: number) {
  return (text: string) => {
    const length = codePointLength(text)
    return length >= min && length <= max
  }
}

/** Free text of min..max code points: ASCII, any code point, hostile strings, boundaries. */
export function textValues(min: number, max: number): fc.Arbitrary<string> {
  // fast-check keeps generated strings short (size "small"); the boundaries come from repetition.
  const boundary = fc
    .tuple(fc.string({ unit: CODE_POINT, minLength: 1, maxLength: 4 }), fc.constantFrom(min, max))
    .map(([seed, length]) => repeatToLength(seed, length))
  const hostile = HOSTILE_TEXT.filter(withinLength(min, max))
  const choices: fc.WeightedArbitrary<string>[] = [
    { weight: 5, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: max }) },
    { weight: 5, arbitrary: fc.string({ unit: CODE_POINT, minLength: min, maxLength: max }) },
    { weight: 2, arbitrary: boundary },
  ]
  if (hostile.length > 0) choices.push({ weight: 2, arbitrary: fc.constantFrom(...hostile) })
  return fc.oneof(...choices)
}

const label = fc
  .tuple(
    chars(ALPHANUMERIC),
    fc.string({ unit: chars(`${ALPHANUMERIC}-`), maxLength: 12 }),
    chars(ALPHANUMERIC),
  )
  .map(([first, middle, last]) => (middle === '' ? first : `${first}${middle}${last}`))

/** A domain of exactly `length` characters (at least 3): labels of up to 63 letters. */
function hostOfLength(length: number, letter: string): string {
  const labels: string[] = []
  let left = Math.max(3, length)
  while (left > 0) {
    // Never leave a single character: it would be a dot with no label after it.
    const size = left - Math.min(63, left) === 1 ? Math.min(63, left) - 1 : Math.min(63, left)
    labels.push(letter.repeat(size))
    left -= size + 1
  }
  return labels.length > 1 ? labels.join('.') : `${letter}.${letter}`
}

/** E-mail addresses of Ajv's `email` format: dot-atoms of atext, a domain of two or more labels. */
export function emailValues(min: number, max: number): fc.Arbitrary<string> {
  const atom = fc.string({ unit: chars(ATEXT), minLength: 1, maxLength: 10 })
  const local = fc.array(atom, { minLength: 1, maxLength: 3 }).map((atoms) => atoms.join('.'))
  const domain = fc.array(label, { minLength: 2, maxLength: 4 }).map((labels) => labels.join('.'))
  const plain = fc.tuple(local, domain).map(([name, host]) => `${name}@${host}`)
  // The longest address the contract allows: 64 characters before the @, labels of up to 63.
  const longest = fc
    .tuple(chars(LOWER_ALPHANUMERIC), chars(LOWER_ALPHANUMERIC))
    .map(([a, b]) => `${a.repeat(64)}@${hostOfLength(max - 65, b)}`)
  return fc
    .oneof({ weight: 9, arbitrary: plain }, { weight: 1, arbitrary: longest })
    .filter(withinLength(min, max))
}

const pad = (value: number, size: number) => String(value).padStart(size, '0')
const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/**
 * Calendar dates `YYYY-MM-DD` (RFC 3339 full-date), this century mostly, 0001-9999 sometimes. Year
 * 0000 is RFC 3339's but no common date type's (Python's starts at 1): a value a server may refuse
 * is no positive value.
 */
export function dateValues(): fc.Arbitrary<string> {
  const year = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 2000, max: 2099 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 9999 }) },
  )
  return fc
    .tuple(year, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
    .map(([y, m, d]) => {
      const last = m === 2 && isLeapYear(y) ? 29 : (DAYS_IN_MONTH[m - 1] ?? 28)
      return `${pad(y, 4)}-${pad(m, 2)}-${pad(Math.min(d, last), 2)}`
    })
}

/**
 * RFC 3339 date-times in their canonical form: `T`, seconds, an optional fraction, and `Z` or an
 * offset with its colon (`+04:00`). The contract says RFC 3339; Ajv's `date-time` also takes a
 * space, a lower-case `t` or `z`, an offset without its colon and a leap second, which a strict
 * server may refuse, so none of those is sent as a value the server must accept.
 */
export function dateTimeValues(min: number, max: number): fc.Arbitrary<string> {
  const zone = fc.oneof(
    fc.constant('Z'),
    fc
      .tuple(
        fc.constantFrom('+', '-'),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
      )
      .map(([sign, h, m]) => `${sign}${pad(h, 2)}:${pad(m, 2)}`),
  )
  const time = fc
    .tuple(
      fc.integer({ min: 0, max: 23 }),
      fc.integer({ min: 0, max: 59 }),
      fc.integer({ min: 0, max: 59 }),
    )
    .map(([h, m, s]) => `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}`)
  const fraction = fc.oneof(
    fc.constant(''),
    fc
      .string({ unit: chars('0123456789'), minLength: 1, maxLength: 9 })
      .map((digits) => `.${digits}`),
  )
  return fc
    .tuple(dateValues(), time, fraction, zone)
    .map(([date, clock, fractionPart, offset]) => `${date}T${clock}${fractionPart}${offset}`)
    .filter(withinLength(min, max))
}

/** UUIDs in either case, the nil and the max UUID included. */
export function uuidValues(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '00000000-0000-0000-0000-000000000000',
        'ffffffff-ffff-ffff-ffff-ffffffffffff',
      ),
    },
  )
}

const percentEncoded = fc
  .nat(255)
  .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
const uriChar = (alphabet: string) =>
  fc.oneof({ weight: 8, arbitrary: chars(alphabet) }, { weight: 1, arbitrary: percentEncoded })
const PATH_CHARS = `${ALPHANUMERIC}-._~!$&'()*+,;=:@`
const QUERY_CHARS = `${PATH_CHARS}/?`

/**
 * Absolute URIs of RFC 3986 as Ajv's `uri` format reads them: web addresses with ports, paths,
 * percent-encoded bytes, queries and fragments, and other schemes. (Our own rather than
 * fast-check's webUrl, whose percent-encoding maps every code point up front.)
 */
export function uriValues(min: number, max: number): fc.Arbitrary<string> {
  const host = fc.oneof(
    fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.')),
    fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((parts) => parts.join('.')),
    fc.constantFrom('[::1]', 'localhost', '127.0.0.1'),
  )
  const port = fc.oneof(
    fc.constant(''),
    fc.integer({ min: 0, max: 65535 }).map((value) => `:${value}`),
  )
  const segment = fc.string({ unit: uriChar(PATH_CHARS), maxLength: 12 })
  const path = fc
    .array(segment, { maxLength: 5 })
    .map((segments) => segments.map((each) => `/${each}`).join(''))
  const suffix = (mark: string) =>
    fc.oneof(
      fc.constant(''),
      fc.string({ unit: uriChar(QUERY_CHARS), maxLength: 20 }).map((text) => `${mark}${text}`),
    )
  const web = fc
    .tuple(
      fc.constantFrom('http', 'https', 'HTTPS', 'ws', 'ftp'),
      host,
      port,
      path,
      suffix('?'),
      suffix('#'),
    )
    .map(
      ([scheme, name, portPart, pathPart, query, fragment]) =>
        `${scheme}://${name}${portPart}${pathPart}${query}${fragment}`,
    )
  const other = fc.constantFrom(
    'mailto:nino.beridze@example.com',
    'urn:isbn:0451450523',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'http://127.0.0.1:5173/',
    'https://devenv.example/pricing?plan=starter#faq',
  )
  return fc
    .oneof({ weight: 8, arbitrary: web }, { weight: 2, arbitrary: other })
    .filter(withinLength(min, max))
}

type StringSchemaFacts = {
  min: number
  max: number
  format: string | undefined
  pattern: string | undefined
}

/** Values of a string schema: its format's, kept to its pattern and lengths. */
export function stringValues({
  min,
  max,
  format,
  pattern,
}: StringSchemaFacts): fc.Arbitrary<string> {
  const formatted = formatValues(format, min, max)
  if (pattern === undefined) return formatted ?? textValues(min, max)
  const matches = new RegExp(pattern, 'u')
  // A format's own values kept to the pattern where the schema has both (the e-mail's pattern
  // states its format's rule): they look like real addresses, and drawing them is far cheaper than
  // fast-check's strings of a long pattern (the request bodies' tests went from 213 s to 6 s).
  if (formatted) return formatted.filter((value) => matches.test(value))
  return fc.stringMatching(matches, { size: 'medium' }).filter(withinLength(min, max))
}

/** Values of a format the contract's validator checks, or undefined for any other. */
function formatValues(
  format: string | undefined,
  min: number,
  max: number,
): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'email':
      return emailValues(min, max)
    case 'date-time':
      return dateTimeValues(min, max)
    case 'date':
      return dateValues().filter(withinLength(min, max))
    case 'uuid':
      return uuidValues().filter(withinLength(min, max))
    case 'uri':
      return uriValues(min, max)
    default:
      // `password` and formats Ajv does not check: any text.
      return undefined
  }
}
