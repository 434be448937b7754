import { isPlainObject } from '@devenv/openapi'
/**
 * A piece of a request body that JSON.stringify cannot make: thousands of nested brackets,
 * bytes that are not UTF-8, a string of megabytes. It is spliced into the serialized body, and
 * described in reports instead of being printed.
 */
export class RawJson {
  constructor(
    readonly description: string,
    private readonly make: () => Buffer,
  ) {}
  bytes(): Buffer {
    return this.make()
  }
  toString(): string {
    return `<${this.description}>`
  }
}

/** Byte sequences no UTF-8 decoder may accept. */
export const INVALID_UTF8: ReadonlyArray<{ name: string; bytes: number[] }> = [
  { name: 'lone continuation byte', bytes: [0x80] },
  { name: 'overlong "/"', bytes: [0xc0, 0xaf] },
  { name: 'encoded surrogate', bytes: [0xed, 0xa0, 0x80] },
  { name: 'code point above U+10FFFF', bytes: [0xf4, 0x90, 0x80, 0x80] },
  { name: 'byte 0xFF', bytes: [0xff] },
  { name: 'truncated sequence', bytes: [0xe2, 0x82] },
  { name: 'Latin-1 "é"', bytes: [0xe9] },
]

/** `depth` nested arrays or objects around a number, e.g. `[[[1]]]`. */
export function deepNesting(depth: number, shape: 'array' | 'object'): RawJson {
  return new RawJson(`${shape}s nested ${depth} deep`, () =>
    Buffer.from(
      shape === 'array'
        ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
        : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
      'utf8',
    ),
  )
}

/** A JSON string holding bytes that are not UTF-8 between two ordinary halves. */
export function invalidUtf8String(kind: number, before: string, after: string): RawJson {
  const sequence = INVALID_UTF8[kind % INVALID_UTF8.length] ?? { name: 'byte 0xFF', bytes: [0xff] }
  return new RawJson(`string with ${sequence.name}`, () =>
    Buffer.concat([
      Buffer.from(JSON.stringify(before).slice(0, -1), 'utf8'),
      Buffer.from(sequence.bytes),
      Buffer.from(JSON.stringify(after).slice(1), 'utf8'),
    ]),
  )
}

/** A JSON string of `length` characters, made only when sent. */
export function hugeString(length: number, unit: string): RawJson {
  return new RawJson(`string of ${length} characters`, () =>
    Buffer.from(JSON.stringify(unit.repeat(Math.ceil(length / unit.length)).slice(0, length))),
  )
}

const TOKEN = '\u0001raw\u0001'

/** Replaces every value by `replace(value)` where it returns something, deeply. */
export function mapLeaves(value: unknown, replace: (leaf: unknown) => unknown): unknown {
  const replaced = replace(value)
  if (replaced !== undefined) return replaced
  if (Array.isArray(value)) return value.map((item) => mapLeaves(item, replace))
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) {
      // defineProperty: a field named __proto__ stays a field, as JSON.parse makes it.
      Object.defineProperty(copy, key, {
        value: mapLeaves(item, replace),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    return copy
  }
  return value
}

/** The bytes of a body: JSON, with every RawJson spliced in where it stands. */
export function serialize(body: unknown): Buffer {
  const raws: RawJson[] = []
  const marked = mapLeaves(body, (leaf) => {
    if (!(leaf instanceof RawJson)) return undefined
    raws.push(leaf)
    return `${TOKEN}${raws.length - 1}${TOKEN}`
  })
  const text = JSON.stringify(marked) ?? ''
  if (raws.length === 0) return Buffer.from(text, 'utf8')
  const pieces: Buffer[] = []
  // JSON.stringify escapes \u0001, so the marker is found in its escaped form, quotes included.
  const escaped = JSON.stringify(TOKEN).slice(1, -1)
  const pattern = new RegExp(`"${escapeRegExp(escaped)}(\\d+)${escapeRegExp(escaped)}"`, 'g')
  let last = 0
  for (const match of text.matchAll(pattern)) {
    pieces.push(Buffer.from(text.slice(last, match.index), 'utf8'))
    const raw = raws[Number(match[1])]
    if (raw) pieces.push(raw.bytes())
    last = match.index + match[0].length
  }
  pieces.push(Buffer.from(text.slice(last), 'utf8'))
  return Buffer.concat(pieces)
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** A short, printable description of a body for reports (raw parts described, long strings cut). */
export function describeBody(body: unknown): string {
  const shown = mapLeaves(body, (leaf) => {
    if (leaf instanceof RawJson) return leaf.toString()
    if (typeof leaf === 'string' && leaf.length > 120)
      return `${leaf.slice(0, 60)}…(${leaf.length} characters)`
    if (typeof leaf === 'object' && leaf !== null && !Array.isArray(leaf) && !isPlainObject(leaf))
      return String(leaf)
    return undefined
  })
  const text = JSON.stringify(shown) ?? 'undefined'
  return text.length > 1500 ? `${text.slice(0, 1500)}…` : text
}
