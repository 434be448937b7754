import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { type ChangeRuleId, diffContracts } from '.'
import {
  documentOf,
  type Loose,
  operationWith as operation,
  VERSIONS,
  type Version,
} from './case-documents'

// oasdiff's breaking-change kinds (docs/diff-coverage.md), each replayed: a pair of small
// documents written from the kind's published description, the rule the diff must name, in
// OpenAPI 3.0 and 3.1 (3.1 only where the keyword is 3.1's). The page says "proven" for exactly
// the kinds listed here, with the rule named here: a test below reads it.

const inObject = (schema: Loose) => ({ type: 'object', properties: { p: schema } })

/** Where a schema stands, by the prefix oasdiff gives its kinds. */
const PLACES: Record<string, (schema: Loose) => Loose> = {
  'request-body': (schema) => operation({ body: schema }),
  'request-property': (schema) => operation({ body: inObject(schema) }),
  'request-parameter': (schema) => operation({ query: schema }),
  'request-parameter-property': (schema) => operation({ query: inObject(schema) }),
  'request-header-property': (schema) => operation({ header: inObject(schema) }),
  'response-body': (schema) => operation({ response: schema }),
  'response-property': (schema) => operation({ response: inObject(schema) }),
  'response-header': (schema) => operation({ responseHeader: schema }),
}

type SchemaEdit = {
  before: (version: Version) => Loose
  after: (version: Version) => Loose
  /** The keyword is 3.1's (JSON Schema 2020-12), absent from 3.0's schema object. */
  only31?: boolean
}
const edit = (before: Loose, after: Loose, only31 = false): SchemaEdit => ({
  before: () => before,
  after: () => after,
  only31,
})

const STRING = { type: 'string' }
const INTEGER = { type: 'integer' }
const ARRAY = { type: 'array', items: STRING }
const nullable = (version: Version) =>
  version === '3.1.0' ? { type: ['string', 'null'] } : { type: 'string', nullable: true }
const A = { type: 'object', properties: { a: STRING } }
/** `if … then`: a schema keyword, written as an entry so no object literal is a thenable. */
const WITH_THEN = {
  ...A,
  if: { required: ['a'] },
  ...Object.fromEntries([['then', { required: ['b'] }]]),
}
const B = { type: 'object', properties: { b: INTEGER } }
const SHORT_A = { properties: { a: { maxLength: 5 } } }

/** A schema's change by the suffix oasdiff gives its kinds. */
const EDITS: Record<string, SchemaEdit> = {
  'max-length-decreased': edit({ ...STRING, maxLength: 10 }, { ...STRING, maxLength: 5 }),
  'max-length-set': edit(STRING, { ...STRING, maxLength: 5 }),
  'max-length-increased': edit({ ...STRING, maxLength: 5 }, { ...STRING, maxLength: 10 }),
  'max-length-unset': edit({ ...STRING, maxLength: 5 }, STRING),
  'min-length-increased': edit({ ...STRING, minLength: 1 }, { ...STRING, minLength: 3 }),
  'min-length-decreased': edit({ ...STRING, minLength: 3 }, { ...STRING, minLength: 1 }),
  'max-decreased': edit({ ...INTEGER, maximum: 10 }, { ...INTEGER, maximum: 5 }),
  'max-increased': edit({ ...INTEGER, maximum: 5 }, { ...INTEGER, maximum: 10 }),
  'max-set': edit(INTEGER, { ...INTEGER, maximum: 5 }),
  'min-increased': edit({ ...INTEGER, minimum: 1 }, { ...INTEGER, minimum: 3 }),
  'min-decreased': edit({ ...INTEGER, minimum: 3 }, { ...INTEGER, minimum: 1 }),
  'min-set': edit(INTEGER, { ...INTEGER, minimum: 1 }),
  'exclusive-max-decreased': edit(
    { ...INTEGER, exclusiveMaximum: 10 },
    { ...INTEGER, exclusiveMaximum: 5 },
    true,
  ),
  'exclusive-max-increased': edit(
    { ...INTEGER, exclusiveMaximum: 5 },
    { ...INTEGER, exclusiveMaximum: 10 },
    true,
  ),
  'exclusive-max-set': edit(INTEGER, { ...INTEGER, exclusiveMaximum: 10 }, true),
  'exclusive-min-increased': edit(
    { ...INTEGER, exclusiveMinimum: 1 },
    { ...INTEGER, exclusiveMinimum: 3 },
    true,
  ),
  'exclusive-min-decreased': edit(
    { ...INTEGER, exclusiveMinimum: 3 },
    { ...INTEGER, exclusiveMinimum: 1 },
    true,
  ),
  'exclusive-min-set': edit(INTEGER, { ...INTEGER, exclusiveMinimum: 1 }, true),
  'min-items-increased': edit({ ...ARRAY, minItems: 1 }, { ...ARRAY, minItems: 3 }),
  'min-items-decreased': edit({ ...ARRAY, minItems: 3 }, { ...ARRAY, minItems: 1 }),
  'min-items-set': edit(ARRAY, { ...ARRAY, minItems: 2 }),
  'min-items-unset': edit({ ...ARRAY, minItems: 2 }, ARRAY),
  'max-items-decreased': edit({ ...ARRAY, maxItems: 10 }, { ...ARRAY, maxItems: 5 }),
  'max-contains-decreased': edit(
    { ...ARRAY, contains: STRING, maxContains: 5 },
    { ...ARRAY, contains: STRING, maxContains: 3 },
    true,
  ),
  'max-contains-increased': edit(
    { ...ARRAY, contains: STRING, maxContains: 3 },
    { ...ARRAY, contains: STRING, maxContains: 5 },
    true,
  ),
  'min-contains-increased': edit(
    { ...ARRAY, contains: STRING, minContains: 1 },
    { ...ARRAY, contains: STRING, minContains: 3 },
    true,
  ),
  'min-contains-decreased': edit(
    { ...ARRAY, contains: STRING, minContains: 3 },
    { ...ARRAY, contains: STRING, minContains: 1 },
    true,
  ),
  'pattern-added': edit(STRING, { ...STRING, pattern: '^[a-z]+$' }),
  // A pattern replaced by one neither wider nor narrower: its direction is not told.
  'pattern-changed': edit({ ...STRING, pattern: '^[a-z]+$' }, { ...STRING, pattern: '^[0-9]+$' }),
  'enum-value-removed': edit({ ...STRING, enum: ['a', 'b'] }, { ...STRING, enum: ['a'] }),
  'enum-value-added': edit({ ...STRING, enum: ['a'] }, { ...STRING, enum: ['a', 'b'] }),
  'became-enum': edit(STRING, { ...STRING, enum: ['a', 'b'] }),
  'const-added': edit(STRING, { ...STRING, const: 'a' }, true),
  'const-changed': edit({ ...STRING, const: 'a' }, { ...STRING, const: 'b' }, true),
  'const-removed': edit({ ...STRING, const: 'a' }, STRING, true),
  'type-changed': edit(STRING, INTEGER),
  'type-specialized': edit({ type: 'number' }, INTEGER),
  'type-generalized': edit(INTEGER, { type: 'number' }),
  'list-of-types-narrowed': edit({ type: ['string', 'integer'] }, STRING, true),
  'list-of-types-widened': edit(STRING, { type: ['string', 'integer'] }, true),
  'became-not-nullable': { before: nullable, after: () => STRING },
  'became-nullable': { before: () => STRING, after: nullable },
  // The library merges an allOf's conjuncts: a conjunct that bounds a field shows as that bound.
  'all-of-added': edit({ allOf: [A] }, { allOf: [A, SHORT_A] }),
  'all-of-removed': edit({ allOf: [A, SHORT_A] }, { allOf: [A] }),
  'any-of-removed': edit({ anyOf: [A, B] }, { anyOf: [A] }),
  'one-of-removed': edit({ oneOf: [A, B] }, { oneOf: [A] }),
  'one-of-added': edit({ oneOf: [A] }, { oneOf: [A, B] }),
  'contains-added': edit(ARRAY, { ...ARRAY, contains: STRING }, true),
  'contains-removed': edit({ ...ARRAY, contains: STRING }, ARRAY, true),
  'content-encoding-changed': edit(
    { ...STRING, contentEncoding: 'base64' },
    { ...STRING, contentEncoding: 'base32' },
    true,
  ),
  'content-media-type-changed': edit(
    { ...STRING, contentMediaType: 'image/png' },
    { ...STRING, contentMediaType: 'image/jpeg' },
    true,
  ),
  'content-schema-added': edit(
    { ...STRING, contentMediaType: 'application/json' },
    { ...STRING, contentMediaType: 'application/json', contentSchema: A },
    true,
  ),
  'content-schema-removed': edit(
    { ...STRING, contentMediaType: 'application/json', contentSchema: A },
    { ...STRING, contentMediaType: 'application/json' },
    true,
  ),
  'dependent-required-added': edit(A, { ...A, dependentRequired: { a: ['b'] } }, true),
  'dependent-required-changed': edit(
    { ...A, dependentRequired: { a: ['b'] } },
    { ...A, dependentRequired: { a: ['c'] } },
    true,
  ),
  'dependent-required-removed': edit({ ...A, dependentRequired: { a: ['b'] } }, A, true),
  'dependent-schema-added': edit(A, { ...A, dependentSchemas: { a: { required: ['b'] } } }, true),
  'dependent-schema-removed': edit({ ...A, dependentSchemas: { a: { required: ['b'] } } }, A, true),
  'if-added': edit(A, { ...A, if: { required: ['a'] } }, true),
  'if-removed': edit({ ...A, if: { required: ['a'] } }, A, true),
  'then-added': edit({ ...A, if: { required: ['a'] } }, WITH_THEN, true),
  'then-removed': edit(WITH_THEN, { ...A, if: { required: ['a'] } }, true),
  'else-added': edit(
    { ...A, if: { required: ['a'] } },
    { ...A, if: { required: ['a'] }, else: { required: ['b'] } },
    true,
  ),
  'else-removed': edit(
    { ...A, if: { required: ['a'] }, else: { required: ['b'] } },
    { ...A, if: { required: ['a'] } },
    true,
  ),
  'pattern-property-added': edit(A, { ...A, patternProperties: { '^x-': STRING } }, true),
  'pattern-property-removed': edit({ ...A, patternProperties: { '^x-': STRING } }, A, true),
  'prefix-items-removed': edit(
    { type: 'array', prefixItems: [STRING, INTEGER] },
    { type: 'array', prefixItems: [STRING] },
    true,
  ),
  'prefix-items-added': edit(
    { type: 'array', prefixItems: [STRING] },
    { type: 'array', prefixItems: [STRING, INTEGER] },
    true,
  ),
  'property-names-added': edit(A, { ...A, propertyNames: { pattern: '^[a-z]+$' } }, true),
  'property-names-removed': edit({ ...A, propertyNames: { pattern: '^[a-z]+$' } }, A, true),
  'unevaluated-items-added': edit(
    { type: 'array', prefixItems: [STRING] },
    { type: 'array', prefixItems: [STRING], unevaluatedItems: false },
    true,
  ),
  'unevaluated-items-removed': edit(
    { type: 'array', prefixItems: [STRING], unevaluatedItems: false },
    { type: 'array', prefixItems: [STRING] },
    true,
  ),
  'unevaluated-properties-added': edit(A, { ...A, unevaluatedProperties: false }, true),
  'unevaluated-properties-removed': edit({ ...A, unevaluatedProperties: false }, A, true),
}

type Case = {
  kind: string
  rule: ChangeRuleId
  /** The two documents for a version; undefined where the kind has no form in that version. */
  pair: (version: Version) => [Loose, Loose] | undefined
}

/** A kind made of a place and a schema edit: `request-property-max-length-decreased`. */
function schemaCase(place: string, suffix: string, rule: ChangeRuleId): Case {
  const at = PLACES[place]
  const change = EDITS[suffix]
  if (!at || !change) throw new Error(`no place or edit for ${place}-${suffix}`)
  return {
    kind: `${place}-${suffix}`,
    rule,
    pair: (version) =>
      change.only31 && version === '3.0.3'
        ? undefined
        : [
            documentOf(version, at(change.before(version))),
            documentOf(version, at(change.after(version))),
          ],
  }
}

/** A kind written out as its two documents (the same in both versions). */
const pairCase = (kind: string, rule: ChangeRuleId, before: Loose, after: Loose): Case => ({
  kind,
  rule,
  pair: (version) => [documentOf(version, before), documentOf(version, after)],
})

const REQUEST_SCHEMA_KINDS: Record<string, ChangeRuleId> = {
  'max-length-decreased': 'request-constraint-tightened',
  'max-length-set': 'request-constraint-tightened',
  'min-length-increased': 'request-constraint-tightened',
  'max-decreased': 'request-constraint-tightened',
  'max-set': 'request-constraint-tightened',
  'min-increased': 'request-constraint-tightened',
  'min-set': 'request-constraint-tightened',
  'exclusive-max-decreased': 'request-constraint-tightened',
  'exclusive-max-set': 'request-constraint-tightened',
  'exclusive-min-increased': 'request-constraint-tightened',
  'exclusive-min-set': 'request-constraint-tightened',
  'min-items-increased': 'request-constraint-tightened',
  'min-items-set': 'request-constraint-tightened',
  'max-contains-decreased': 'request-constraint-tightened',
  'min-contains-increased': 'request-constraint-tightened',
  'pattern-added': 'request-constraint-tightened',
  'pattern-changed': 'request-constraint-changed',
  'enum-value-removed': 'request-enum-narrowed',
  'became-enum': 'request-enum-narrowed',
  'const-added': 'request-enum-narrowed',
  'const-changed': 'request-enum-narrowed',
  'type-changed': 'request-type-changed',
  'list-of-types-narrowed': 'request-constraint-tightened',
  'became-not-nullable': 'request-constraint-tightened',
  'all-of-added': 'request-constraint-tightened',
  'all-of-removed': 'request-constraint-loosened',
  'any-of-removed': 'request-constraint-tightened',
  'one-of-removed': 'request-constraint-tightened',
  'contains-added': 'schema-changed',
  'content-encoding-changed': 'request-constraint-changed',
  'content-media-type-changed': 'request-constraint-changed',
  'content-schema-added': 'schema-changed',
  'dependent-required-added': 'request-constraint-tightened',
  'dependent-required-changed': 'request-constraint-changed',
  'dependent-schema-added': 'request-constraint-tightened',
  'if-added': 'request-constraint-tightened',
  'then-added': 'schema-changed',
  'else-added': 'schema-changed',
  'pattern-property-added': 'schema-changed',
  'prefix-items-removed': 'schema-changed',
  'property-names-added': 'request-constraint-tightened',
  'unevaluated-items-added': 'schema-changed',
  'unevaluated-properties-added': 'request-constraint-tightened',
}

const RESPONSE_SCHEMA_KINDS: Record<string, ChangeRuleId> = {
  'max-length-increased': 'response-constraint-loosened',
  'max-length-unset': 'response-constraint-loosened',
  'min-length-decreased': 'response-constraint-loosened',
  'max-increased': 'response-constraint-loosened',
  'min-decreased': 'response-constraint-loosened',
  'exclusive-max-increased': 'response-constraint-loosened',
  'exclusive-min-decreased': 'response-constraint-loosened',
  'min-items-decreased': 'response-constraint-loosened',
  'min-items-unset': 'response-constraint-loosened',
  'max-contains-increased': 'response-constraint-loosened',
  'min-contains-decreased': 'response-constraint-loosened',
  'list-of-types-widened': 'response-constraint-loosened',
  'type-generalized': 'response-constraint-loosened',
  'type-changed': 'response-type-changed',
  'became-nullable': 'response-constraint-loosened',
  'const-changed': 'response-type-changed',
  'const-removed': 'response-enum-widened',
  'enum-value-added': 'response-enum-widened',
  'one-of-added': 'response-constraint-loosened',
  'contains-removed': 'schema-changed',
  'content-encoding-changed': 'response-constraint-changed',
  'content-media-type-changed': 'response-constraint-changed',
  'content-schema-removed': 'schema-changed',
  'dependent-required-changed': 'response-constraint-changed',
  'dependent-required-removed': 'response-constraint-loosened',
  'dependent-schema-removed': 'response-constraint-loosened',
  'if-removed': 'response-constraint-loosened',
  'then-removed': 'schema-changed',
  'else-removed': 'schema-changed',
  'pattern-property-removed': 'schema-changed',
  'prefix-items-added': 'schema-changed',
  'property-names-removed': 'response-constraint-loosened',
  'unevaluated-items-removed': 'schema-changed',
  'unevaluated-properties-removed': 'response-constraint-loosened',
}

/** The schema kinds oasdiff names, by place: which edits each place has a kind for. */
const SCHEMA_KINDS: ReadonlyArray<[string, Record<string, ChangeRuleId>, readonly string[]]> = [
  // oasdiff names no pattern kind for a whole request body, nor a value added to a response body's enum.
  [
    'request-body',
    REQUEST_SCHEMA_KINDS,
    Object.keys(REQUEST_SCHEMA_KINDS).filter(
      (suffix) => suffix !== 'pattern-added' && suffix !== 'pattern-changed',
    ),
  ],
  ['request-property', REQUEST_SCHEMA_KINDS, Object.keys(REQUEST_SCHEMA_KINDS)],
  [
    'request-parameter',
    REQUEST_SCHEMA_KINDS,
    [
      'became-enum',
      'became-not-nullable',
      'enum-value-removed',
      'exclusive-max-decreased',
      'exclusive-max-set',
      'exclusive-min-increased',
      'exclusive-min-set',
      'list-of-types-narrowed',
      'max-decreased',
      'max-length-decreased',
      'max-length-set',
      'max-set',
      'min-increased',
      'min-items-increased',
      'min-items-set',
      'min-length-increased',
      'min-set',
      'pattern-added',
      'pattern-changed',
      'type-changed',
    ],
  ],
  [
    'request-parameter-property',
    REQUEST_SCHEMA_KINDS,
    ['became-not-nullable', 'enum-value-removed', 'list-of-types-narrowed', 'type-changed'],
  ],
  ['request-header-property', REQUEST_SCHEMA_KINDS, ['became-enum']],
  [
    'response-body',
    RESPONSE_SCHEMA_KINDS,
    Object.keys(RESPONSE_SCHEMA_KINDS).filter((suffix) => suffix !== 'enum-value-added'),
  ],
  ['response-property', RESPONSE_SCHEMA_KINDS, Object.keys(RESPONSE_SCHEMA_KINDS)],
  [
    'response-header',
    RESPONSE_SCHEMA_KINDS,
    ['became-nullable', 'type-changed', 'type-generalized'],
  ],
]

const PATH = (extra: Loose = {}) => ({
  '/things': {
    get: { responses: { '200': { description: 'ok' } } },
    ...extra,
  },
})
const THINGS_WITH = (get: Loose) => ({
  '/things': { get: { responses: { '200': { description: 'ok' } }, ...get } },
})
const query = (required: boolean, extra: Loose = {}) => ({
  name: 'q',
  in: 'query',
  required,
  schema: { type: 'string', ...extra },
})
const bodyOf = (schema: Loose, required = true) => ({
  requestBody: { required, content: { 'application/json': { schema } } },
})
const answer = (parts: { headers?: Loose; content?: Loose; status?: string }) => ({
  '/things': {
    get: {
      responses: {
        [parts.status ?? '200']: {
          description: 'ok',
          ...(parts.headers ? { headers: parts.headers } : {}),
          ...(parts.content ? { content: parts.content } : {}),
        },
      },
    },
  },
})
const headerParameter = (schema: Loose) => ({
  parameters: [{ name: 'X-Filter', in: 'header', schema }],
})
const OBJECT_A = { type: 'object', properties: { a: STRING } }
const OBJECT_AB = { type: 'object', properties: { a: STRING, b: STRING } }

const OTHER_CASES: Case[] = [
  pairCase('api-path-removed-without-deprecation', 'operation-removed', PATH(), {}),
  pairCase('api-path-removed-before-sunset', 'operation-removed', PATH(), {}),
  pairCase(
    'api-removed-without-deprecation',
    'operation-removed',
    PATH({ delete: { responses: { '204': { description: 'gone' } } } }),
    PATH(),
  ),
  pairCase(
    'api-removed-before-sunset',
    'operation-removed',
    PATH({ delete: { responses: { '204': { description: 'gone' } } } }),
    PATH(),
  ),
  pairCase('new-request-path-parameter', 'operation-removed', PATH(), {
    '/things/{id}': {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: STRING }],
        responses: { '200': { description: 'ok' } },
      },
    },
  }),
  pairCase(
    'new-required-request-default-parameter-to-existing-path',
    'parameter-added-required',
    PATH(),
    {
      '/things': {
        parameters: [query(true, { default: 'all' })],
        get: { responses: { '200': { description: 'ok' } } },
      },
    },
  ),
  pairCase(
    'new-required-request-header-property',
    'request-property-made-required',
    THINGS_WITH(headerParameter(OBJECT_A)),
    THINGS_WITH(headerParameter({ ...OBJECT_AB, required: ['b'] })),
  ),
  pairCase(
    'request-header-property-became-required',
    'request-property-made-required',
    THINGS_WITH(headerParameter(OBJECT_AB)),
    THINGS_WITH(headerParameter({ ...OBJECT_AB, required: ['b'] })),
  ),
  pairCase(
    'new-required-request-parameter',
    'parameter-added-required',
    PATH(),
    THINGS_WITH({
      parameters: [query(true)],
    }),
  ),
  pairCase(
    'new-required-request-property',
    'request-property-made-required',
    THINGS_WITH(bodyOf(OBJECT_A)),
    THINGS_WITH(bodyOf({ ...OBJECT_AB, required: ['b'] })),
  ),
  pairCase(
    'new-required-request-property-with-default',
    'request-property-made-required',
    THINGS_WITH(bodyOf(OBJECT_A)),
    THINGS_WITH(
      bodyOf({
        type: 'object',
        properties: { a: STRING, b: { ...STRING, default: 'x' } },
        required: ['b'],
      }),
    ),
  ),
  pairCase(
    'request-property-became-required',
    'request-property-made-required',
    THINGS_WITH(bodyOf(OBJECT_AB)),
    THINGS_WITH(bodyOf({ ...OBJECT_AB, required: ['b'] })),
  ),
  pairCase(
    'request-property-became-required-with-default',
    'request-property-made-required',
    THINGS_WITH(bodyOf({ type: 'object', properties: { b: { ...STRING, default: 'x' } } })),
    THINGS_WITH(
      bodyOf({ type: 'object', properties: { b: { ...STRING, default: 'x' } }, required: ['b'] }),
    ),
  ),
  pairCase(
    'request-property-removed',
    'request-property-removed',
    THINGS_WITH(bodyOf(OBJECT_AB)),
    THINGS_WITH(bodyOf(OBJECT_A)),
  ),
  pairCase(
    'optional-response-header-removed',
    'response-header-removed',
    answer({ headers: { 'X-Trace': { schema: STRING } } }),
    answer({}),
  ),
  pairCase(
    'required-response-header-removed',
    'response-header-removed',
    answer({ headers: { 'X-Trace': { required: true, schema: STRING } } }),
    answer({}),
  ),
  pairCase(
    'response-header-became-optional',
    'response-header-made-optional',
    answer({ headers: { 'X-Trace': { required: true, schema: STRING } } }),
    answer({ headers: { 'X-Trace': { required: false, schema: STRING } } }),
  ),
  pairCase(
    'request-body-added-required',
    'request-body-added-required',
    PATH(),
    THINGS_WITH(bodyOf(STRING)),
  ),
  pairCase(
    'request-body-became-required',
    'request-body-made-required',
    THINGS_WITH(bodyOf(STRING, false)),
    THINGS_WITH(bodyOf(STRING, true)),
  ),
  pairCase('request-body-removed', 'request-body-removed', THINGS_WITH(bodyOf(STRING)), PATH()),
  pairCase(
    'request-body-media-type-removed',
    'request-media-type-removed',
    THINGS_WITH({
      requestBody: {
        content: { 'application/json': { schema: STRING }, 'text/plain': { schema: STRING } },
      },
    }),
    THINGS_WITH({ requestBody: { content: { 'application/json': { schema: STRING } } } }),
  ),
  pairCase(
    'request-body-media-type-schema-added',
    'schema-changed',
    THINGS_WITH({ requestBody: { content: { 'application/json': {} } } }),
    THINGS_WITH({ requestBody: { content: { 'application/json': { schema: STRING } } } }),
  ),
  pairCase(
    'request-parameter-became-required',
    'parameter-made-required',
    THINGS_WITH({ parameters: [query(false)] }),
    THINGS_WITH({ parameters: [query(true)] }),
  ),
  pairCase(
    'request-parameter-removed',
    'parameter-removed',
    THINGS_WITH({ parameters: [query(false)] }),
    PATH(),
  ),
  pairCase(
    'request-parameter-removed-before-sunset',
    'parameter-removed',
    THINGS_WITH({ parameters: [query(false)] }),
    PATH(),
  ),
  pairCase(
    'request-parameter-default-value-added',
    'request-default-changed',
    THINGS_WITH({ parameters: [query(false)] }),
    THINGS_WITH({ parameters: [query(false, { default: 'all' })] }),
  ),
  pairCase(
    'request-parameter-default-value-changed',
    'request-default-changed',
    THINGS_WITH({ parameters: [query(false, { default: 'all' })] }),
    THINGS_WITH({ parameters: [query(false, { default: 'none' })] }),
  ),
  pairCase(
    'request-parameter-default-value-removed',
    'request-default-changed',
    THINGS_WITH({ parameters: [query(false, { default: 'all' })] }),
    THINGS_WITH({ parameters: [query(false)] }),
  ),
  pairCase(
    'request-parameter-max-items-decreased',
    'request-constraint-tightened',
    THINGS_WITH({ parameters: [{ ...query(false), schema: { ...ARRAY, maxItems: 10 } }] }),
    THINGS_WITH({ parameters: [{ ...query(false), schema: { ...ARRAY, maxItems: 5 } }] }),
  ),
  pairCase(
    'request-parameter-property-type-specialized',
    'request-constraint-tightened',
    THINGS_WITH({ parameters: [{ ...query(false), schema: inObject({ type: 'number' }) }] }),
    THINGS_WITH({ parameters: [{ ...query(false), schema: inObject(INTEGER) }] }),
  ),
  pairCase(
    'response-media-type-removed',
    'response-media-type-removed',
    answer({
      content: { 'application/json': { schema: STRING }, 'text/plain': { schema: STRING } },
    }),
    answer({ content: { 'text/plain': { schema: STRING } } }),
  ),
  pairCase(
    'response-media-type-name-generalized',
    'response-media-type-removed',
    answer({ content: { 'application/json': { schema: STRING } } }),
    answer({ content: { 'application/*': { schema: STRING } } }),
  ),
  pairCase(
    'response-optional-property-removed',
    'response-property-removed',
    answer({ content: { 'application/json': { schema: OBJECT_AB } } }),
    answer({ content: { 'application/json': { schema: OBJECT_A } } }),
  ),
  pairCase(
    'response-required-property-removed',
    'response-property-removed',
    answer({ content: { 'application/json': { schema: { ...OBJECT_AB, required: ['a', 'b'] } } } }),
    answer({ content: { 'application/json': { schema: { ...OBJECT_A, required: ['a'] } } } }),
  ),
  pairCase(
    'response-property-became-optional',
    'response-property-made-optional',
    answer({ content: { 'application/json': { schema: { ...OBJECT_AB, required: ['b'] } } } }),
    answer({ content: { 'application/json': { schema: OBJECT_AB } } }),
  ),
  pairCase(
    'response-body-media-type-schema-removed',
    'schema-changed',
    answer({ content: { 'application/json': { schema: STRING } } }),
    answer({ content: { 'application/json': {} } }),
  ),
  pairCase(
    'response-success-status-removed',
    'response-removed',
    {
      '/things': {
        get: { responses: { '200': { description: 'ok' }, '201': { description: 'made' } } },
      },
    },
    PATH(),
  ),
  pairCase(
    'response-required-property-became-not-write-only',
    'schema-changed',
    answer({
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { a: { ...STRING, writeOnly: true } },
            required: ['a'],
          },
        },
      },
    }),
    answer({ content: { 'application/json': { schema: { ...OBJECT_A, required: ['a'] } } } }),
  ),
]

const NEWS_HOOK = (required: boolean) => ({
  post: {
    requestBody: { required, content: { 'application/json': { schema: OBJECT_A } } },
    responses: { '200': { description: 'received' } },
  },
})

/** Webhooks are 3.1's: the kinds about them have no 3.0 form. */
const webhookCase = (kind: string, rule: ChangeRuleId, before: Loose, after: Loose): Case => ({
  kind,
  rule,
  pair: (version) =>
    version === '3.0.3'
      ? undefined
      : [
          { ...documentOf(version, PATH()), webhooks: before },
          { ...documentOf(version, PATH()), webhooks: after },
        ],
})

const EXTENSIBLE = (values: string[]) => ({ type: 'string', 'x-extensible-enum': values })

const EXTENSION_CASES: Case[] = [
  pairCase(
    'request-parameter-x-extensible-enum-value-removed',
    'request-enum-narrowed',
    THINGS_WITH({ parameters: [{ ...query(false), schema: EXTENSIBLE(['a', 'b', 'c']) }] }),
    THINGS_WITH({ parameters: [{ ...query(false), schema: EXTENSIBLE(['a', 'c']) }] }),
  ),
  pairCase(
    'request-property-x-extensible-enum-value-removed',
    'request-enum-narrowed',
    THINGS_WITH(bodyOf(inObject(EXTENSIBLE(['a', 'b', 'c'])))),
    THINGS_WITH(bodyOf(inObject(EXTENSIBLE(['a', 'b'])))),
  ),
  webhookCase('webhook-removed', 'webhook-removed', { news: NEWS_HOOK(false) }, {}),
]

/** The day the policy cases are judged on: a sunset 31 days on is too soon, one a year on is not. */
const NOW = new Date('2030-01-01T00:00:00Z')
const SOON = '2030-02-01'
const LATER = '2031-06-01'

/** An operation whose parameter, request property and response property carry `marks`. */
const marked = (where: 'operation' | 'parameter' | 'request' | 'response', marks: Loose) => {
  const on = (place: typeof where) => (place === where ? marks : {})
  return {
    '/things': {
      post: {
        ...on('operation'),
        parameters: [{ ...query(false), ...on('parameter') }],
        ...bodyOf({ type: 'object', properties: { a: { ...STRING, ...on('request') } } }),
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { a: { ...STRING, ...on('response') } } },
              },
            },
          },
        },
      },
    },
  }
}
const policyCase = (
  kind: string,
  rule: ChangeRuleId,
  where: Parameters<typeof marked>[0],
  before: Loose,
  after: Loose,
) => pairCase(kind, rule, marked(where, before), marked(where, after))

const deprecated = (sunset?: string) => ({
  deprecated: true,
  ...(sunset === undefined ? {} : { 'x-sunset': sunset }),
})

const POLICY_CASES: Case[] = [
  policyCase(
    'api-deprecated-sunset-missing',
    'policy-sunset-missing',
    'operation',
    {},
    deprecated(),
  ),
  policyCase(
    'api-deprecated-sunset-parse',
    'policy-sunset-unparseable',
    'operation',
    {},
    deprecated('next spring'),
  ),
  policyCase(
    'api-sunset-date-too-small',
    'policy-sunset-too-soon',
    'operation',
    {},
    deprecated(SOON),
  ),
  policyCase(
    'api-sunset-date-changed-too-small',
    'policy-sunset-moved-earlier',
    'operation',
    deprecated(LATER),
    deprecated(SOON),
  ),
  policyCase(
    'sunset-deleted',
    'policy-sunset-removed',
    'operation',
    deprecated(LATER),
    deprecated(),
  ),
  policyCase(
    'api-stability-decreased',
    'policy-stability-decreased',
    'operation',
    { 'x-stability-level': 'stable' },
    { 'x-stability-level': 'beta' },
  ),
  policyCase(
    'api-invalid-stability-level',
    'policy-stability-invalid',
    'operation',
    { 'x-stability-level': 'stable' },
    { 'x-stability-level': 'solid' },
  ),
  policyCase(
    'request-parameter-deprecated-sunset-missing',
    'policy-sunset-missing',
    'parameter',
    {},
    deprecated(),
  ),
  policyCase(
    'request-parameter-sunset-parse',
    'policy-sunset-unparseable',
    'parameter',
    {},
    deprecated('soon'),
  ),
  policyCase(
    'request-parameter-sunset-date-too-small',
    'policy-sunset-too-soon',
    'parameter',
    {},
    deprecated(SOON),
  ),
  policyCase(
    'request-parameter-sunset-date-changed-too-small',
    'policy-sunset-moved-earlier',
    'parameter',
    deprecated(LATER),
    deprecated(SOON),
  ),
  policyCase(
    'request-parameter-sunset-deleted',
    'policy-sunset-removed',
    'parameter',
    deprecated(LATER),
    deprecated(),
  ),
  policyCase(
    'request-property-deprecated-sunset-missing',
    'policy-sunset-missing',
    'request',
    {},
    deprecated(),
  ),
  policyCase(
    'request-property-deprecated-sunset-invalid',
    'policy-sunset-unparseable',
    'request',
    {},
    deprecated('2030-13-45'),
  ),
  policyCase(
    'request-property-sunset-date-too-small',
    'policy-sunset-too-soon',
    'request',
    {},
    deprecated(SOON),
  ),
  policyCase(
    'request-property-stability-decreased',
    'policy-stability-decreased',
    'request',
    { 'x-stability-level': 'beta' },
    { 'x-stability-level': 'alpha' },
  ),
  policyCase(
    'response-property-deprecated-sunset-missing',
    'policy-sunset-missing',
    'response',
    {},
    deprecated(),
  ),
  policyCase(
    'response-property-deprecated-sunset-invalid',
    'policy-sunset-unparseable',
    'response',
    {},
    deprecated('someday'),
  ),
  policyCase(
    'response-property-sunset-date-too-small',
    'policy-sunset-too-soon',
    'response',
    {},
    deprecated(SOON),
  ),
  policyCase(
    'response-property-stability-decreased',
    'policy-stability-decreased',
    'response',
    { 'x-stability-level': 'stable' },
    { 'x-stability-level': 'draft' },
  ),
]

export const REPLAYED_CASES: readonly Case[] = [
  ...SCHEMA_KINDS.flatMap(([place, rules, suffixes]) =>
    suffixes.map((suffix) => {
      const rule = rules[suffix]
      if (!rule) throw new Error(`no rule for ${place}-${suffix}`)
      return schemaCase(place, suffix, rule)
    }),
  ),
  ...OTHER_CASES,
  ...EXTENSION_CASES,
  ...POLICY_CASES,
]

const RUNS = REPLAYED_CASES.flatMap((each) =>
  VERSIONS.flatMap((version) => {
    const pair = each.pair(version)
    return pair ? [{ kind: each.kind, rule: each.rule, version, pair }] : []
  }),
)

describe("oasdiff's breaking-change kinds, replayed", () => {
  it.each(RUNS)('$version $kind is named $rule', ({ rule, pair: [base, head] }) => {
    const policy = { now: NOW }
    const rules = diffContracts(base, head, { policy }).changes.map((change) => change.rule)
    expect(rules).toContain(rule)
    // Each side on its own is unchanged: the pair differs by the kind alone.
    expect(diffContracts(base, structuredClone(base), { policy }).changes).toEqual([])
    expect(diffContracts(head, structuredClone(head), { policy }).changes).toEqual([])
  })

  it('a webhook whose request body is made required breaks as a request does', () => {
    const [base, head] = webhookCase(
      'webhook-request-body-became-required',
      'request-body-made-required',
      { news: NEWS_HOOK(false) },
      { news: NEWS_HOOK(true) },
    ).pair('3.1.0') as [Loose, Loose]
    expect(diffContracts(base, head).changes).toEqual([
      expect.objectContaining({
        rule: 'request-body-made-required',
        breaks: ['clients', 'servers'],
        summary: 'webhook "news" request body required changed',
      }),
    ])
    expect(
      diffContracts(head, { ...head, webhooks: { ...head.webhooks, more: NEWS_HOOK(false) } })
        .changes,
    ).toEqual([expect.objectContaining({ rule: 'webhook-added', breaks: ['servers'] })])
  })

  it('a value added to a response x-extensible-enum breaks no one; one removed breaks servers', () => {
    const at = (values: string[]) =>
      documentOf('3.1.0', operation({ response: EXTENSIBLE(values) }))
    expect(diffContracts(at(['a']), at(['a', 'b'])).changes.map((change) => change.breaks)).toEqual(
      [[]],
    )
    expect(diffContracts(at(['a', 'b']), at(['a'])).changes.map((change) => change.rule)).toEqual([
      'response-enum-narrowed',
    ])
  })

  it('every kind is replayed once, in 3.1 at least', () => {
    const kinds = REPLAYED_CASES.map((each) => each.kind)
    expect(new Set(kinds).size).toBe(kinds.length)
    for (const each of REPLAYED_CASES) expect(each.pair('3.1.0'), each.kind).toBeDefined()
  })

  it('docs/diff-coverage.md says "proven" for exactly these kinds, with these rules', () => {
    const page = readFileSync(new URL('../../docs/diff-coverage.md', import.meta.url), 'utf8')
    const proven = new Map<string, string>()
    for (const line of page.split('\n')) {
      const cells = line.split('|').map((cell) => cell.trim())
      if (cells[4] !== 'proven') continue
      proven.set(cells[1]?.replaceAll('`', '') ?? '', cells[5]?.match(/^`([^`]+)`/)?.[1] ?? '')
    }
    expect(Object.fromEntries(proven)).toEqual(
      Object.fromEntries(REPLAYED_CASES.map((each) => [each.kind, each.rule])),
    )
  })
})
