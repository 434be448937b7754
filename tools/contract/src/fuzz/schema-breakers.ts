import {
  applyEdit,
  type BodySite,
  type Breakage,
  bodySites,
  breakagesAt,
  CHECKED_FORMATS,
  isJsonObject,
  labelOf,
  numberOr,
  type OpenApiDocument,
  type SchemaValidator,
  typesOf,
} from '@devenv/openapi'
import fc from 'fast-check'
import { deepNesting, hugeString, INVALID_UTF8, invalidUtf8String, RawJson } from './raw-json'
import type { ValueGenerator } from './schema-values'
import { textValues } from './string-values'

export type { Breakage } from '@devenv/openapi'

export type BrokenBody = { body: unknown; breakage: Breakage }

/**
 * What the fuzzer adds to the contract's invalid-data engine at one place: random values where
 * the engine has fixed ones (unknown field names, text off a pattern or a format) and payloads
 * JSON.stringify cannot make (a huge string, bytes that are not UTF-8, deep nesting).
 */
function hostileBreakers(site: BodySite, validator: SchemaValidator): fc.Arbitrary<Breakage>[] {
  const { schema, path } = site
  const types = typesOf(schema)
  const refused = (value: unknown) =>
    value instanceof RawJson || !validator.validate(site.pointer, value).valid
  const set =
    (constraint: Breakage['constraint'], label: string) =>
    (value: unknown): Breakage => ({
      constraint,
      label: `${labelOf(path)} ${label}`,
      site: path,
      path,
      edit: { kind: 'set', value },
    })
  const breakers: fc.Arbitrary<Breakage>[] = []
  const unit = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 3 })
  if (types.includes('string')) {
    const min = numberOr(schema.minLength, 0)
    const max = typeof schema.maxLength === 'number' ? schema.maxLength : 64
    const checkedFormat =
      typeof schema.format === 'string' && CHECKED_FORMATS.includes(schema.format)
    if (typeof schema.pattern === 'string' || checkedFormat)
      breakers.push(
        textValues(Math.max(min, 1), max)
          .filter(refused)
          .map(
            set(
              typeof schema.pattern === 'string' ? 'pattern' : 'format',
              typeof schema.pattern === 'string'
                ? 'off its pattern'
                : `not a valid ${String(schema.format)}`,
            ),
          ),
      )
    breakers.push(
      fc
        .tuple(
          fc.oneof(
            { weight: 9, arbitrary: fc.integer({ min: 20_000, max: 200_000 }) },
            { weight: 1, arbitrary: fc.integer({ min: 1_050_000, max: 1_200_000 }) },
          ),
          unit,
        )
        .map(([length, seed]) => set('maxLength', 'a huge string')(hugeString(length, seed))),
      fc
        .tuple(
          fc.nat({ max: INVALID_UTF8.length - 1 }),
          fc.string({ maxLength: 8 }),
          fc.string({ maxLength: 8 }),
        )
        .map(([kind, before, after]) =>
          set('encoding', 'with bytes that are not UTF-8')(invalidUtf8String(kind, before, after)),
        ),
    )
  }
  if (types.includes('object') && schema.additionalProperties === false) {
    const properties = isJsonObject(schema.properties) ? Object.keys(schema.properties) : []
    breakers.push(
      fc
        .string({ minLength: 1, maxLength: 24 })
        .filter((key) => !properties.includes(key) && key !== '__proto__')
        .map((key) => ({
          constraint: 'additionalProperties' as const,
          label: `with unknown field ${labelOf([...path, key])}`,
          site: path,
          path: [...path, key],
          edit: { kind: 'set' as const, value: 'x' },
          unknownField: labelOf([...path, key]),
        })),
    )
  }
  breakers.push(
    fc
      .tuple(
        fc.constantFrom(16, 1_000, 50_000),
        fc.constantFrom<'array' | 'object'>('array', 'object'),
      )
      .map(([depth, shape]) => set('depth', `nested ${depth} deep`)(deepNesting(depth, shape))),
  )
  return breakers
}

/**
 * Schema-invalid variants of an operation's body, one broken constraint at a time, drawn onto
 * generated valid bodies: every breakage of the contract's invalid-data engine (a required field
 * left out, a value of the wrong type, a string too long, too short, off its pattern or format,
 * a value off its enum, an array with too many, too few or repeated items, an unknown field where
 * the object is closed, too many properties, a property name too long, an extra property of the
 * wrong kind) and the fuzzer's hostile payloads.
 */
export function createBreakers(
  document: OpenApiDocument,
  validator: SchemaValidator,
  values: ValueGenerator,
) {
  const cache = new Map<string, fc.Arbitrary<BrokenBody> | null>()

  /** Broken variants of the body at `pointer` (an operation's request body schema). */
  const broken = (pointer: string): fc.Arbitrary<BrokenBody> | null => {
    const known = cache.get(pointer)
    if (known !== undefined) return known
    const valid = values.valid({ $ref: pointer })
    const arbitraries = bodySites(document, pointer).flatMap((site) => {
      // One choice per broken constraint, so a place with many enum misses does not crowd out
      // its one too-many-properties.
      const byConstraint = new Map<string, Breakage[]>()
      for (const breakage of breakagesAt(site, validator))
        byConstraint.set(breakage.constraint, [
          ...(byConstraint.get(breakage.constraint) ?? []),
          breakage,
        ])
      return [
        ...[...byConstraint.values()].map((group) => fc.constantFrom(...group)),
        ...hostileBreakers(site, validator),
      ].map((breaker) =>
        fc.tuple(valid, breaker).map(([body, breakage]) => ({
          body: applyEdit(body, breakage.path, breakage.edit),
          breakage,
        })),
      )
    })
    const result = arbitraries.length > 0 ? fc.oneof(...arbitraries) : null
    cache.set(pointer, result)
    return result
  }

  return { broken }
}
