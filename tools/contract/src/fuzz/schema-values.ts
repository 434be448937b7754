import {
  codePointLength,
  isJsonObject,
  mergeAllOf,
  numberOr,
  type OpenApiDocument,
  resolveSchema,
  type Schema,
  stringList,
  typesOf,
} from '@devenv/openapi'
import fc from 'fast-check'

/**
 * A value the run's state supplies when the request is sent (a signed-in account's e-mail, its
 * current refresh token): generated requests then reach real accounts, sessions and
 * environments, not only random ones.
 */
export class WorldRef {
  constructor(readonly handle: string) {}
  toString(): string {
    return `<${this.handle}>`
  }
}

/** Handles the run's state can fill in for a named component schema (`Email`, `RefreshToken`). */
export type ValueSources = (component: string) => readonly string[]

export type ValueGenerator = {
  /** Arbitrary of values the schema accepts, honouring every keyword the contract uses. */
  valid: (schema: unknown) => fc.Arbitrary<unknown>
}

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

/** Property names worth trying in open objects: each means something to JavaScript. */
const HOSTILE_KEYS = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', 'prototype', '']

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

function withinLength(min: number, max: number) {
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

function stringValues({ min, max, format, pattern }: StringSchemaFacts): fc.Arbitrary<string> {
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

/**
 * Builds arbitraries of valid values from the contract's schemas: type, enum, const, format,
 * pattern, lengths, bounds, items, uniqueItems, properties, required, additionalProperties,
 * maxProperties, propertyNames, allOf, oneOf and `$ref`. Components that the run's state can
 * supply (`sources`) sometimes get a WorldRef instead of a random value.
 */
export function createValueGenerator(
  document: OpenApiDocument,
  sources: ValueSources = () => [],
): ValueGenerator {
  const cache = new Map<unknown, fc.Arbitrary<unknown>>()

  const valid = (raw: unknown): fc.Arbitrary<unknown> => {
    const known = cache.get(raw)
    if (known) return known
    const { schema, component } = resolveSchema(document, raw)
    let arbitrary = fromSchema(mergeAllOf(document, schema))
    const handles = component === undefined ? [] : sources(component)
    if (handles.length > 0) {
      arbitrary = fc.oneof(
        { weight: 1, arbitrary },
        { weight: 1, arbitrary: fc.constantFrom(...handles).map((handle) => new WorldRef(handle)) },
      )
    }
    cache.set(raw, arbitrary)
    return arbitrary
  }

  const fromSchema = (schema: Schema): fc.Arbitrary<unknown> => {
    if ('const' in schema) return fc.constant(schema.const)
    if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum)
    if (Array.isArray(schema.oneOf)) {
      return fc.oneof(...schema.oneOf.map((branch) => valid(branch)))
    }
    const types = typesOf(schema)
    if (types.length > 1) return fc.oneof(...types.map((type) => ofType(schema, type)))
    return ofType(schema, types[0] ?? 'object')
  }

  const ofType = (schema: Schema, type: string): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return stringValues({
          min: numberOr(schema.minLength, 0),
          max: numberOr(schema.maxLength, 200),
          format: typeof schema.format === 'string' ? schema.format : undefined,
          pattern: typeof schema.pattern === 'string' ? schema.pattern : undefined,
        })
      case 'integer':
        return fc.integer({
          min: numberOr(schema.minimum, Number.MIN_SAFE_INTEGER),
          max: numberOr(schema.maximum, Number.MAX_SAFE_INTEGER),
        })
      case 'number':
        return fc.double({
          min: numberOr(schema.minimum, -Number.MAX_VALUE),
          max: numberOr(schema.maximum, Number.MAX_VALUE),
          noNaN: true,
          noDefaultInfinity: true,
        })
      case 'boolean':
        return fc.boolean()
      case 'null':
        return fc.constant(null)
      case 'array':
        return arrayOf(schema)
      default:
        return objectOf(schema)
    }
  }

  const arrayOf = (schema: Schema): fc.Arbitrary<unknown[]> => {
    const items = valid(schema.items ?? {})
    const minLength = numberOr(schema.minItems, 0)
    const maxLength = numberOr(schema.maxItems, 20)
    const build = (min: number, max: number) =>
      schema.uniqueItems === true
        ? fc.uniqueArray(items, {
            minLength: min,
            maxLength: max,
            selector: (item) => JSON.stringify(item),
          })
        : fc.array(items, { minLength: min, maxLength: max })
    // The upper bound itself (50 chat messages), which fast-check's small sizes rarely reach.
    return fc.oneof(
      { weight: 9, arbitrary: build(minLength, maxLength) },
      { weight: 1, arbitrary: build(maxLength, maxLength) },
    )
  }

  const objectOf = (schema: Schema): fc.Arbitrary<Record<string, unknown>> => {
    const properties = isJsonObject(schema.properties) ? schema.properties : {}
    const required = stringList(schema.required)
    const model: Record<string, fc.Arbitrary<unknown>> = {}
    for (const [name, property] of Object.entries(properties)) model[name] = valid(property)
    const base = fc.record(model, { requiredKeys: required.filter((name) => name in properties) })
    const extra = schema.additionalProperties
    if (!isJsonObject(extra)) return base
    const names = isJsonObject(schema.propertyNames) ? schema.propertyNames : {}
    const keys = fc
      .oneof(
        {
          weight: 4,
          arbitrary: fc.string({
            minLength: numberOr(names.minLength, 0),
            maxLength: numberOr(names.maxLength, 32),
          }),
        },
        { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_KEYS) },
      )
      // __proto__ is no ordinary name in JavaScript: see the hostile payloads instead.
      .filter((key) => !(key in properties) && key !== '__proto__')
      .filter(withinLength(numberOr(names.minLength, 0), numberOr(names.maxLength, 64)))
    const maxProperties = numberOr(schema.maxProperties, 20)
    const minProperties = numberOr(schema.minProperties, 0)
    return base.chain((present) => {
      const count = Object.keys(present).length
      const room = Math.max(0, maxProperties - count)
      const needed = Math.max(0, minProperties - count)
      return fc
        .dictionary(keys, valid(extra), {
          minKeys: needed,
          maxKeys: Math.max(needed, Math.min(room, 6)),
        })
        .map((more) => ({ ...more, ...present }))
    })
  }

  return { valid }
}
