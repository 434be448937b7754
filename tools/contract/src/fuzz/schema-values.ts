import {
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
import { stringValues, withinLength } from './string-values'

// Valid values of any schema of the contract, built keyword by keyword; strings come from
// string-values.ts.

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

/** Property names worth trying in open objects: each means something to JavaScript. */
const HOSTILE_KEYS = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', 'prototype', '']

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
