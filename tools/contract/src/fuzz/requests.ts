import type { Contract, Operation } from '@devenv/openapi'
import fc from 'fast-check'
import { BEARERS, type Bearer, FORGED_BEARERS } from './bearer'
import { JSON_CONTENT_TYPES, PAYLOAD_FORMS, type PayloadCase } from './payloads'
import type { Breakage, createBreakers } from './schema-breakers'
import type { ValueGenerator } from './schema-values'
import { CODE_POINT } from './string-values'

// The requests of the property-based run, generated in terms of a world that does not exist yet:
// which bearer, which environment id, which body. prepared-request.ts makes each one concrete
// against the world it is sent in.

/** Which environment id the path names: one of the world's, a random UUID, or raw text. */
export type IdCase =
  | { kind: 'world'; wanted: 'live' | 'deleting' | 'freed' | 'foreign'; index: number }
  | { kind: 'uuid'; value: string }
  | { kind: 'raw'; text: string; label: string }

export type BodyCase =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string; breakage?: Breakage }
  | { kind: 'payload'; value: unknown; payload: PayloadCase }

/** One generated request, in terms of the world it will run against (resolved when sent). */
export type FuzzCase = {
  operationId: string
  version: '' | '/v1'
  bearer: Bearer
  garbage: string
  id: IdCase | undefined
  body: BodyCase
  query: string
}

type Breakers = ReturnType<typeof createBreakers>

const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>): fc.WeightedArbitrary<T> => ({
  weight,
  arbitrary,
})

function bearerArbitrary(operation: Operation): fc.Arbitrary<Bearer> {
  if (!operation.requiresAuth) {
    // Public operations ignore the header; sometimes send one anyway.
    return fc.oneof(
      weighted(17, fc.constant<Bearer>('none')),
      weighted(3, fc.constantFrom(...BEARERS)),
    )
  }
  return fc.oneof(
    weighted(50, fc.constant<Bearer>('user')),
    weighted(3, fc.constant<Bearer>('user-lowercase-scheme')),
    weighted(10, fc.constant<Bearer>('demo')),
    weighted(6, fc.constant<Bearer>('none')),
    weighted(6, fc.constant<Bearer>('revoked')),
    weighted(25, fc.constantFrom(...FORGED_BEARERS)),
  )
}

/** Path ids: real ones of the world, unknown UUIDs, and text that is no UUID or no valid URL part. */
function idArbitrary(values: ValueGenerator, schemaPointer: string): fc.Arbitrary<IdCase> {
  const raw = fc.oneof(
    fc.string({ unit: CODE_POINT, maxLength: 40 }).map((text) => ({
      kind: 'raw' as const,
      text: encodeURIComponent(text),
      label: 'random text',
    })),
    fc.integer({ min: 101, max: 3000 }).map((length) => ({
      kind: 'raw' as const,
      text: 'a'.repeat(length),
      label: `${length} characters`,
    })),
    fc
      .constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '..', '.', '%2e%2e', '%00', 'null', '0', '-1')
      .map((text) => ({ kind: 'raw' as const, text, label: 'malformed' })),
    values.valid({ $ref: schemaPointer }).map((id) => ({
      kind: 'raw' as const,
      text: `${String(id)}%20`,
      label: 'UUID with a trailing space',
    })),
  )
  const ofWorld = (weight: number, wanted: Extract<IdCase, { kind: 'world' }>['wanted']) =>
    weighted(
      weight,
      fc.nat(3).map((index): IdCase => ({ kind: 'world', wanted, index })),
    )
  return fc.oneof(
    ofWorld(30, 'live'),
    ofWorld(10, 'deleting'),
    ofWorld(15, 'freed'),
    ofWorld(15, 'foreign'),
    weighted(
      15,
      values
        .valid({ $ref: schemaPointer })
        .map((value) => ({ kind: 'uuid' as const, value: String(value) })),
    ),
    weighted(15, raw),
  )
}

const payloadArbitrary: fc.Arbitrary<PayloadCase> = fc.record({
  form: fc.constantFrom(...PAYLOAD_FORMS),
  fraction: fc.double({ min: 0, max: 1, noNaN: true }),
  text: fc.string({ unit: CODE_POINT, maxLength: 16 }),
  choice: fc.nat(1000),
})

function bodyArbitrary(
  operation: Operation,
  values: ValueGenerator,
  breakers: Breakers,
): fc.Arbitrary<BodyCase> {
  const none = fc.constant<BodyCase>({ kind: 'none' })
  const pointer = operation.bodySchemaPointer
  if (!pointer) {
    // A GET body means nothing in HTTP; a DELETE with a body is worth a try.
    if (operation.method !== 'delete') return none
    return fc.oneof(
      weighted(9, none),
      weighted(
        1,
        fc
          .jsonValue({ maxDepth: 2 })
          .map((value): BodyCase => ({ kind: 'json', value, contentType: 'application/json' })),
      ),
    )
  }
  const valid = values.valid({ $ref: pointer })
  const contentType = fc.oneof(
    weighted(12, fc.constant('application/json')),
    weighted(3, fc.constantFrom(...JSON_CONTENT_TYPES)),
  )
  const broken = breakers.broken(pointer)
  const choices: fc.WeightedArbitrary<BodyCase>[] = [
    weighted(45, fc.record({ kind: fc.constant('json' as const), value: valid, contentType })),
    weighted(
      18,
      fc.record({ kind: fc.constant('payload' as const), value: valid, payload: payloadArbitrary }),
    ),
    weighted(2, none),
  ]
  // The documented examples, as written: what a client copying the contract sends first, and
  // what the coverage of examples counts.
  if (operation.bodyExamples.length > 0)
    choices.push(
      weighted(
        8,
        fc.constantFrom(...operation.bodyExamples).map(
          (example): BodyCase => ({
            kind: 'json',
            value: example.value,
            contentType: 'application/json',
          }),
        ),
      ),
    )
  if (broken) {
    choices.push(
      weighted(
        35,
        broken.map(
          ({ body, breakage }): BodyCase => ({
            kind: 'json',
            value: body,
            contentType: 'application/json',
            breakage,
          }),
        ),
      ),
    )
  }
  return fc.oneof(...choices)
}

/** Arbitrary requests for every operation of the contract, equally often. */
export function fuzzCases(
  contract: Contract,
  values: ValueGenerator,
  breakers: Breakers,
): fc.Arbitrary<FuzzCase> {
  const junkQuery = fc
    .dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 12 }), {
      minKeys: 1,
      maxKeys: 3,
    })
    .map((entries) => `?${new URLSearchParams(entries).toString()}`)
  return fc.oneof(
    ...contract.operations.map((operation) => {
      const idParameter = operation.pathParameters.find((parameter) => parameter.name === 'id')
      return fc.record({
        operationId: fc.constant(operation.operationId),
        version: fc.oneof(
          weighted(4, fc.constant<'' | '/v1'>('')),
          weighted(1, fc.constant<'' | '/v1'>('/v1')),
        ),
        bearer: bearerArbitrary(operation),
        garbage: fc.oneof(
          fc.string({ minLength: 1, maxLength: 60 }),
          fc.stringMatching(/^[A-Za-z0-9_-]{8,40}\.[A-Za-z0-9_-]{8,80}\.[A-Za-z0-9_-]{0,43}$/),
        ),
        id: idParameter ? idArbitrary(values, idParameter.schemaPointer) : fc.constant(undefined),
        body: bodyArbitrary(operation, values, breakers),
        query: fc.oneof(weighted(9, fc.constant('')), weighted(1, junkQuery)),
      })
    }),
  )
}
