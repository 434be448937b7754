import {
  breakagesAt,
  type Contract,
  invalidVariants,
  labelOf,
  type Operation,
} from '@devenv/openapi'

/** A request the contract says must be refused (4xx), generated from the schemas. */
export type InvalidRequest =
  | { kind: 'body'; name: string; body: unknown }
  | { kind: 'raw'; name: string; payload: string; contentType: string }
  | { kind: 'no-body'; name: string }
  | { kind: 'parameter'; name: string; parameter: string; value: string }

type Mutation = { name: string; body: unknown }

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
    bodies.push({ name: breakage.label, body })
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
      },
      {
        kind: 'raw',
        name: 'wrong content type (text/plain)',
        payload: JSON.stringify(example),
        contentType: 'text/plain',
      },
      {
        kind: 'raw',
        name: 'wrong content type (form)',
        payload: 'a=1&b=2',
        contentType: 'application/x-www-form-urlencoded',
      },
    )
    if (operation.requestBodyRequired) requests.push({ kind: 'no-body', name: 'no body at all' })
    for (const mutation of invalidBodies(contract, operation, example)) {
      requests.push({ kind: 'body', name: mutation.name, body: mutation.body })
    }
  }
  return requests.slice(0, MAX_INVALID_REQUESTS)
}
