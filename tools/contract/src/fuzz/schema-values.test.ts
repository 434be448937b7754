import { codePointLength, isJsonObject, loadContract } from '@devenv/openapi'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { interpretBody } from './payloads'
import { mapLeaves, serialize } from './raw-json'
import { createBreakers } from './schema-breakers'
import { createValueGenerator, WorldRef } from './schema-values'
import { dateTimeValues, dateValues, repeatToLength, textValues } from './string-values'
import { SAMPLE_WORLD_VALUES, WORLD_SOURCES } from './world'

const contract = loadContract()
const values = createValueGenerator(
  contract.document,
  (component) => WORLD_SOURCES[component] ?? [],
)
const breakers = createBreakers(contract.document, contract.validator, values)
const RUNS = { numRuns: 150 }

/** The world's values filled in with stand-ins of the same shape. */
const filled = (value: unknown) =>
  mapLeaves(value, (leaf) =>
    leaf instanceof WorldRef ? SAMPLE_WORLD_VALUES[leaf.handle] : undefined,
  )

const schemas = contract.document.components?.schemas
const componentNames = isJsonObject(schemas) ? Object.keys(schemas) : []
const withBody = contract.operations.filter(
  (operation) => operation.bodySchemaPointer !== undefined,
)
const withParameters = contract.operations.flatMap((operation) =>
  operation.pathParameters.map((parameter) => ({
    operationId: operation.operationId,
    ...parameter,
  })),
)

describe('valid values from the schemas', () => {
  it('covers every component schema, request body and path parameter of the contract', () => {
    expect(componentNames.length).toBeGreaterThan(50)
    expect(withBody.length).toBeGreaterThanOrEqual(18)
    expect(withParameters.map((parameter) => parameter.operationId).sort()).toEqual([
      'deleteEnvironment',
      'getEnvironment',
    ])
  })

  it.each(componentNames)('%s: Ajv accepts every generated value', (name) => {
    fc.assert(
      fc.property(values.valid({ $ref: `#/components/schemas/${name}` }), (value) => {
        expect(contract.validator.validateComponent(name, filled(value)).errors).toEqual([])
      }),
      RUNS,
    )
  })

  it.each(withBody.map((operation) => operation.operationId))(
    '%s: every generated request body is valid',
    (operationId) => {
      const pointer = contract.byId.get(operationId)?.bodySchemaPointer ?? ''
      fc.assert(
        fc.property(values.valid({ $ref: pointer }), (body) => {
          expect(contract.validator.validateRequestBody(operationId, filled(body)).errors).toEqual(
            [],
          )
        }),
        RUNS,
      )
    },
  )

  it.each(withParameters.map((parameter) => [parameter.operationId, parameter]))(
    '%s: every generated path parameter is valid',
    (_operationId, parameter) => {
      fc.assert(
        fc.property(values.valid({ $ref: parameter.schemaPointer }), (value) => {
          expect(contract.validator.validate(parameter.schemaPointer, value).errors).toEqual([])
        }),
        RUNS,
      )
    },
  )

  it('reaches the length bounds, counted in code points as JSON Schema counts them', () => {
    const lengths = new Set(
      fc.sample(textValues(3, 40), { numRuns: 400, seed: 7 }).map(codePointLength),
    )
    expect(lengths.has(3)).toBe(true)
    expect(lengths.has(40)).toBe(true)
    expect([...lengths].every((length) => length >= 3 && length <= 40)).toBe(true)
    expect(codePointLength(repeatToLength('🧪a', 5))).toBe(5)
  })

  it("offers the world's values for e-mails, passwords and refresh tokens", () => {
    const bodies = fc.sample(
      values.valid({ $ref: contract.byId.get('refreshToken')?.bodySchemaPointer ?? '' }),
      {
        numRuns: 200,
        seed: 3,
      },
    )
    const handles = new Set(
      bodies.flatMap((body) =>
        isJsonObject(body) && body.refreshToken instanceof WorldRef
          ? [body.refreshToken.handle]
          : [],
      ),
    )
    expect([...handles].sort()).toEqual([
      'demo.refresh',
      'user.refresh',
      'user.revokedRefresh',
      'user.usedRefresh',
    ])
  })
})

describe('invalid variants from the schemas', () => {
  it.each(withBody.map((operation) => operation.operationId))(
    '%s: the contract refuses every broken body',
    (operationId) => {
      const broken = breakers.broken(contract.byId.get(operationId)?.bodySchemaPointer ?? '')
      if (!broken) throw new Error(`no broken bodies for ${operationId}`)
      fc.assert(
        fc.property(broken, ({ body, breakage }) => {
          const read = interpretBody(serialize(filled(body)), 'application/json')
          if (read.kind === 'json') {
            expect(
              contract.validator.validateRequestBody(operationId, read.value).valid,
              breakage.label,
            ).toBe(false)
          } else {
            // Bytes that are not UTF-8 make no JSON at all; a __proto__ field is refused on purpose.
            expect(['unreadable', 'hostile'], breakage.label).toContain(read.kind)
          }
        }),
        RUNS,
      )
    },
  )

  it('breaks every kind of constraint the request bodies use', () => {
    const labels = withBody.flatMap((operation) => {
      const broken = breakers.broken(operation.bodySchemaPointer ?? '')
      return broken
        ? fc.sample(broken, { numRuns: 300, seed: 11 }).map(({ breakage }) => breakage.label)
        : []
    })
    const kinds = [
      'without required',
      'of the wrong type',
      'longer than',
      'shorter than',
      // Email's rule is its pattern (a broken address is 'off its pattern'), not its format.
      'off its pattern',
      'not a valid date-time',
      'not a valid uri',
      'off its enum',
      'off its const',
      'with more than 50 items',
      'with fewer than 1 items',
      'with unknown field',
      'with more than 20 properties',
      'with a property name longer than 64',
      'with an extra property of the wrong kind',
      'a huge string',
      'nested',
      'with bytes that are not UTF-8',
    ]
    for (const kind of kinds)
      expect(
        labels.some((label) => label.includes(kind)),
        kind,
      ).toBe(true)
  })
})

// A real server refused "2000-01-01T00:00:00+0000" 55 times, rightly: RFC 3339 writes the offset
// with its colon. Positive values come in each format's canonical, strictly valid form.
describe('dates and date-times are sent in their canonical RFC 3339 form', () => {
  const RFC_3339 = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:[0-5]\d(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

  it('date-time: T, seconds before 60, Z or an offset with its colon, a year from 0001', () => {
    for (const value of fc.sample(dateTimeValues(0, 100), { numRuns: 2_000, seed: 7 })) {
      const match = RFC_3339.exec(value)
      expect(match, value).not.toBeNull()
      expect(Number(match?.[1]), value).toBeGreaterThanOrEqual(1)
    }
  })

  it('date: a year from 0001', () => {
    for (const value of fc.sample(dateValues(), { numRuns: 2_000, seed: 7 }))
      expect(Number(value.slice(0, 4)), value).toBeGreaterThanOrEqual(1)
  })
})
