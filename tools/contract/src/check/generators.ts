import {
  breakagesAt,
  type Contract,
  invalidVariants,
  labelOf,
  type Operation,
} from '@devenv/openapi'
import { ruleBinds } from '../contract-rules'
import { namesField } from './flows/support'
import type { Expectation } from './recorder'

/**
 * A request the contract says must be refused (4xx), generated from the schemas; `expected` when
 * the contract says more than a refusal (which status, what `errors` names, the rule it is).
 */
export type InvalidRequest = (
  | { kind: 'body'; name: string; body: unknown }
  | { kind: 'raw'; name: string; payload: string; contentType: string }
  | { kind: 'no-body'; name: string }
  | { kind: 'parameter'; name: string; parameter: string; value: string }
) & { expected?: Expectation }

type Mutation = { name: string; body: unknown; unknownField?: string }

/** Another request content type answers 415 (the contract's conventions). */
const OTHER_CONTENT_TYPE: Expectation = {
  status: 415,
  rules: ['api.other-content-type-answers-415'],
}

/** A path parameter the contract says must be a UUID: any value its schema refuses answers 400. */
const NOT_A_UUID = 'environments.id-not-a-uuid-answers-400'

/** Most generated requests per operation, so a huge schema cannot make a run endless. */
export const MAX_INVALID_REQUESTS = 80

/**
 * Schema-invalid bodies made from a valid example by the contract's invalid-data engine, one
 * per broken constraint and place (the engine offers several values for some; the runner sends
 * the first): each required field removed, each property of the wrong type, each string too long
 * or too short or off its format, each array too long or too short, each enum missed, an unknown
 * field where bodies are closed. Only bodies the contract's own validator refuses are kept.
 */
export function invalidBodies(
  contract: Contract,
  operation: Operation,
  example: unknown,
): Mutation[] {
  if (!operation.bodySchemaPointer) return []
  const sent = new Set<string>()
  const bodies: Mutation[] = []
  const variants = invalidVariants(
    contract.document,
    contract.validator,
    operation.bodySchemaPointer,
    example,
  )
  for (const { body, breakage } of variants) {
    const key = `${breakage.constraint} ${labelOf(breakage.site)}`
    if (sent.has(key)) continue
    sent.add(key)
    bodies.push({
      name: breakage.label,
      body,
      ...(breakage.unknownField === undefined ? {} : { unknownField: breakage.unknownField }),
    })
  }
  return bodies
}

/** Path parameter values the schema refuses (a UUID parameter gets a non-UUID, and so on). */
export function invalidParameters(contract: Contract, operation: Operation): InvalidRequest[] {
  return operation.pathParameters.flatMap((parameter) => {
    // The engine's text values for the parameter's schema: a path segment is text, never empty.
    const site = {
      path: [],
      schema: parameter.schema,
      pointer: parameter.schemaPointer,
      required: true,
    }
    const refused = breakagesAt(site, contract.validator).flatMap((breakage) =>
      breakage.edit.kind === 'set' &&
      typeof breakage.edit.value === 'string' &&
      breakage.edit.value !== '' &&
      breakage.constraint !== 'type'
        ? [breakage.edit.value]
        : [],
    )
    return [...new Set(refused)].slice(0, 2).map((value) => ({
      kind: 'parameter' as const,
      name: `path parameter ${parameter.name}=${value.length > 20 ? `${value.slice(0, 17)}...` : value}`,
      parameter: parameter.name,
      value,
      // The environment id is a UUID: any value its schema refuses is none.
      ...(ruleBinds(contract, NOT_A_UUID, operation.operationId)
        ? { expected: { status: 400, rules: [NOT_A_UUID] } }
        : {}),
    }))
  })
}

/** Every invalid request for an operation: bodies, raw payloads, missing body, bad parameters. */
export function invalidRequests(contract: Contract, operation: Operation): InvalidRequest[] {
  const requests: InvalidRequest[] = [...invalidParameters(contract, operation)]
  if (operation.bodySchemaPointer) {
    const example = operation.bodyExamples[0]?.value ?? {}
    requests.push(
      {
        kind: 'raw',
        name: 'malformed JSON',
        payload: '{"contract": ',
        contentType: 'application/json',
        expected: {
          status: 400,
          also: namesField('body'),
          rules: ['api.malformed-json-reported-under-body'],
        },
      },
      {
        kind: 'raw',
        name: 'wrong content type (text/plain)',
        payload: JSON.stringify(example),
        contentType: 'text/plain',
        expected: OTHER_CONTENT_TYPE,
      },
      {
        kind: 'raw',
        name: 'wrong content type (form)',
        payload: 'a=1&b=2',
        contentType: 'application/x-www-form-urlencoded',
        expected: OTHER_CONTENT_TYPE,
      },
    )
    if (operation.requestBodyRequired) requests.push({ kind: 'no-body', name: 'no body at all' })
    for (const mutation of invalidBodies(contract, operation, example)) {
      requests.push({
        kind: 'body',
        name: mutation.name,
        body: mutation.body,
        // "a misspelt or extra field answers 400 with the field named in `errors`"
        ...(mutation.unknownField === undefined
          ? {}
          : {
              expected: {
                status: 400,
                also: namesField(mutation.unknownField),
                rules: ['api.unknown-fields-rejected'],
              },
            }),
      })
    }
  }
  return requests.slice(0, MAX_INVALID_REQUESTS)
}
