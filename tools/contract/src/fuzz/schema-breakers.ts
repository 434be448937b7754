import {
  applyEdit,
  type Edit,
  isJsonObject,
  jsonTypeOf,
  labelOf,
  mergeAllOf,
  numberOr,
  type OpenApiDocument,
  type Path,
  resolveSchema,
  type Schema,
  type SchemaValidator,
  stringList,
  toJsonPointer,
  typesOf,
} from '@devenv/openapi'
import fc from 'fast-check'
import { deepNesting, hugeString, INVALID_UTF8, invalidUtf8String, RawJson } from './raw-json'
import { repeatToLength, textValues, type ValueGenerator } from './schema-values'

/** How a valid body was broken, for reports and for the checks that need to know. */
export type Breakage = {
  label: string
  path: Path
  edit: Edit
  /** Set when the only change is an unknown field: the contract says the 400 names it. */
  unknownField?: string
}

export type BrokenBody = { body: unknown; breakage: Breakage }

/** A place in a body schema: where the value sits, its schema and where that schema is. */
type Site = { path: Path; schema: Schema; pointer: string; required: boolean }

/** Formats Ajv checks (`password` is documentation only: every string is one). */
const CHECKED_FORMATS: readonly string[] = [
  'email',
  'date-time',
  'date',
  'uuid',
  'uri',
  'uri-reference',
]

/** Values of each JSON type, to put where the schema wants another. */
const WRONG_TYPE_VALUES: readonly unknown[] = [
  0,
  -1,
  1.5,
  1e308,
  '',
  'text',
  true,
  false,
  [],
  ['x'],
  {},
  { a: 1 },
  null,
]

function allows(types: readonly string[], value: unknown): boolean {
  if (types.length === 0) return true
  const type = jsonTypeOf(value)
  return types.includes(type) || (type === 'integer' && types.includes('number'))
}

function pointerJoin(pointer: string, ...segments: string[]): string {
  return `${pointer}${toJsonPointer(segments).slice(1)}`
}

function collectSites(document: OpenApiDocument, pointer: string): Site[] {
  const sites: Site[] = []
  const walk = (raw: unknown, at: string, path: Path, required: boolean, depth: number) => {
    if (depth > 6) return
    const resolved = resolveSchema(document, raw)
    const where = resolved.pointer ?? at
    const schema = mergeAllOf(document, resolved.schema)
    sites.push({ path, schema, pointer: where, required })
    const properties = isJsonObject(schema.properties) ? schema.properties : {}
    const requiredNames = stringList(schema.required)
    for (const [name, property] of Object.entries(properties)) {
      walk(
        property,
        pointerJoin(where, 'properties', name),
        [...path, name],
        requiredNames.includes(name),
        depth + 1,
      )
    }
    if (schema.items !== undefined)
      walk(schema.items, pointerJoin(where, 'items'), [...path, 0], false, depth + 1)
  }
  walk({ $ref: pointer }, pointer, [], true, 0)
  return sites
}

/** Names one slip away from a real field name: case, plural, a letter dropped, a space. */
function nearMisses(names: readonly string[]): string[] {
  return names
    .flatMap((name) => [
      name.charAt(0) === name.charAt(0).toUpperCase()
        ? name.charAt(0).toLowerCase() + name.slice(1)
        : name.charAt(0).toUpperCase() + name.slice(1),
      `${name}s`,
      name.slice(0, -1),
      `${name} `,
      name.toUpperCase(),
    ])
    .filter((miss) => !names.includes(miss))
}

/**
 * Schema-invalid variants of an operation's body, one broken constraint at a time: a required
 * field left out, a value of the wrong type, a string too long, too short, off its pattern or
 * format, a value off its enum, an array with too many, too few or repeated items, an unknown
 * field where the object is closed, too many properties, a property name too long, a huge
 * string, deep nesting, bytes that are not UTF-8.
 */
export function createBreakers(
  document: OpenApiDocument,
  validator: SchemaValidator,
  values: ValueGenerator,
) {
  const invalidAt = (site: Site) => (value: unknown) =>
    value instanceof RawJson || !validator.validate(site.pointer, value).valid
  const set = (site: Site, label: string, value: unknown): Breakage => ({
    label: `${labelOf(site.path)} ${label}`,
    path: site.path,
    edit: { kind: 'set', value },
  })
  const seed = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 3 })

  const valueBreakers = (site: Site): fc.Arbitrary<Breakage>[] => {
    const { schema } = site
    const types = typesOf(schema)
    const breakers: fc.Arbitrary<Breakage>[] = []
    const wrong = WRONG_TYPE_VALUES.filter(
      (value) => !allows(types, value) && invalidAt(site)(value),
    )
    if (wrong.length > 0) {
      breakers.push(
        fc
          .constantFrom(...wrong)
          .map((value) => set(site, `of the wrong type (${jsonTypeOf(value)})`, value)),
      )
    }
    if (site.required && site.path.length > 0) {
      breakers.push(
        fc.constant({
          label: `without required ${labelOf(site.path)}`,
          path: site.path,
          edit: { kind: 'delete' },
        }),
      )
    }
    if (types.includes('string')) {
      const min = numberOr(schema.minLength, 0)
      const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined
      if (max !== undefined) {
        breakers.push(
          fc
            .tuple(seed, fc.integer({ min: 1, max: 3 }))
            .map(([unit, over]) =>
              set(site, `longer than ${max}`, repeatToLength(unit, max + over)),
            ),
        )
      }
      if (min > 0) {
        breakers.push(
          fc
            .tuple(seed, fc.integer({ min: 0, max: min - 1 }))
            .map(([unit, length]) =>
              set(site, `shorter than ${min}`, repeatToLength(unit, length)),
            ),
        )
      }
      const checkedFormat =
        typeof schema.format === 'string' && CHECKED_FORMATS.includes(schema.format)
      if (typeof schema.pattern === 'string' || checkedFormat) {
        const what =
          typeof schema.pattern === 'string'
            ? 'off its pattern'
            : `not a valid ${String(schema.format)}`
        breakers.push(
          fc
            .oneof(
              textValues(Math.max(min, 1), max ?? 64),
              fc.constantFrom(
                'not-valid',
                'a@',
                '@b.c',
                '2025-13-01',
                '00000000-0000-0000-0000-00000000000g',
                'x y',
              ),
            )
            .filter(invalidAt(site))
            .map((value) => set(site, what, value)),
        )
      }
      const enumerated = Array.isArray(schema.enum)
        ? stringList(schema.enum)
        : typeof schema.const === 'string'
          ? [schema.const]
          : []
      if (enumerated.length > 0) {
        const misses = enumerated.flatMap((each) => [
          each.toUpperCase(),
          each.toLowerCase(),
          ` ${each}`,
          `${each}\u0000`,
        ])
        breakers.push(
          fc
            .constantFrom('not-in-the-enum', ...misses)
            .filter(invalidAt(site))
            .map((value) =>
              set(site, `off its ${Array.isArray(schema.enum) ? 'enum' : 'const'}`, value),
            ),
        )
      }
      breakers.push(
        fc
          .tuple(
            fc.oneof(
              { weight: 9, arbitrary: fc.integer({ min: 20_000, max: 200_000 }) },
              { weight: 1, arbitrary: fc.integer({ min: 1_050_000, max: 1_200_000 }) },
            ),
            seed,
          )
          .map(([length, unit]) => set(site, 'a huge string', hugeString(length, unit))),
        fc
          .tuple(
            fc.nat({ max: INVALID_UTF8.length - 1 }),
            fc.string({ maxLength: 8 }),
            fc.string({ maxLength: 8 }),
          )
          .map(([kind, before, after]) =>
            set(site, 'with bytes that are not UTF-8', invalidUtf8String(kind, before, after)),
          ),
      )
    }
    if (types.includes('integer') || types.includes('number')) {
      if (typeof schema.minimum === 'number')
        breakers.push(
          fc
            .integer({ min: 1, max: 1000 })
            .map((under) =>
              set(site, `below ${String(schema.minimum)}`, numberOr(schema.minimum, 0) - under),
            ),
        )
      if (typeof schema.maximum === 'number')
        breakers.push(
          fc
            .integer({ min: 1, max: 1000 })
            .map((over) =>
              set(site, `above ${String(schema.maximum)}`, numberOr(schema.maximum, 0) + over),
            ),
        )
    }
    if (types.includes('array')) {
      const items = values.valid(schema.items ?? {})
      if (typeof schema.maxItems === 'number') {
        const max = schema.maxItems
        breakers.push(
          fc
            .array(items, { minLength: max + 1, maxLength: max + 3 })
            .map((list) => set(site, `with more than ${max} items`, list)),
        )
      }
      if (typeof schema.minItems === 'number' && schema.minItems > 0) {
        const min = schema.minItems
        breakers.push(
          fc
            .array(items, { maxLength: min - 1 })
            .map((list) => set(site, `with fewer than ${min} items`, list)),
        )
      }
      if (schema.uniqueItems === true) {
        breakers.push(items.map((item) => set(site, 'with a repeated item', [item, item])))
      }
    }
    breakers.push(
      fc
        .tuple(
          fc.constantFrom(16, 1_000, 50_000),
          fc.constantFrom<'array' | 'object'>('array', 'object'),
        )
        .map(([depth, shape]) => set(site, `nested ${depth} deep`, deepNesting(depth, shape))),
    )
    return breakers
  }

  const objectBreakers = (site: Site): fc.Arbitrary<Breakage>[] => {
    const { schema } = site
    if (!typesOf(schema).includes('object')) return []
    const properties = isJsonObject(schema.properties) ? Object.keys(schema.properties) : []
    const names = isJsonObject(schema.propertyNames) ? schema.propertyNames : {}
    const extra = schema.additionalProperties
    const addField = (
      label: string,
      key: string,
      value: unknown,
      unknownField?: string,
    ): Breakage => ({
      label: `${labelOf(site.path)} ${label}`,
      path: [...site.path, key],
      edit: { kind: 'set', value },
      ...(unknownField !== undefined ? { unknownField } : {}),
    })
    const breakers: fc.Arbitrary<Breakage>[] = []
    if (extra === false) {
      const unknownNames = fc
        .oneof(
          { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 24 }) },
          {
            weight: 3,
            arbitrary:
              properties.length > 0
                ? fc.constantFrom(...nearMisses(properties))
                : fc.constant('extra'),
          },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              'constructor',
              'toString',
              'hasOwnProperty',
              '__proto__',
              'valueOf',
            ),
          },
        )
        .filter((name) => !properties.includes(name))
      breakers.push(
        fc
          .tuple(unknownNames, values.valid({}))
          .map(([key, value]) =>
            addField(
              `with unknown field ${JSON.stringify(key)}`,
              key,
              value,
              labelOf([...site.path, key]),
            ),
          ),
      )
    }
    if (typeof schema.maxProperties === 'number') {
      const max = schema.maxProperties
      breakers.push(
        fc.constant({
          label: `${labelOf(site.path)} with more than ${max} properties`,
          path: site.path,
          edit: {
            kind: 'set',
            value: Object.fromEntries(
              Array.from({ length: max + 1 }, (_, index) => [`field${index}`, 'x']),
            ),
          },
        }),
      )
    }
    if (typeof names.maxLength === 'number') {
      const max = names.maxLength
      breakers.push(
        seed.map((unit) =>
          addField(`with a property name longer than ${max}`, repeatToLength(unit, max + 1), 'x'),
        ),
      )
    }
    if (isJsonObject(extra)) {
      // Values the extra properties' schema refuses (for `context`, scalars are fine: not those).
      const extraPointer = pointerJoin(site.pointer, 'additionalProperties')
      const candidates = [
        1,
        true,
        null,
        ['x'],
        { nested: 'x' },
        'x'.repeat(numberOr(extra.maxLength, 4096) + 1),
      ].filter((value) => !validator.validate(extraPointer, value).valid)
      if (candidates.length > 0) {
        breakers.push(
          fc
            .tuple(
              fc.string({ minLength: 1, maxLength: 12 }),
              fc.constantFrom<unknown>(...candidates),
            )
            .filter(([key]) => !properties.includes(key) && key !== '__proto__')
            .map(([key, value]) =>
              addField('with an extra property of the wrong kind', key, value),
            ),
        )
      }
    }
    return breakers
  }

  const cache = new Map<string, fc.Arbitrary<BrokenBody> | null>()

  /** Broken variants of the body at `pointer` (an operation's request body schema). */
  const broken = (pointer: string): fc.Arbitrary<BrokenBody> | null => {
    const known = cache.get(pointer)
    if (known !== undefined) return known
    const valid = values.valid({ $ref: pointer })
    const arbitraries = collectSites(document, pointer).flatMap((site) =>
      [...valueBreakers(site), ...objectBreakers(site)].map((breaker) =>
        fc.tuple(valid, breaker).map(([body, breakage]) => ({
          body: applyEdit(body, breakage.path, breakage.edit),
          breakage,
        })),
      ),
    )
    const result = arbitraries.length > 0 ? fc.oneof(...arbitraries) : null
    cache.set(pointer, result)
    return result
  }

  return { broken }
}
