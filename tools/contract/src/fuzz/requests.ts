import { type Contract, isJsonObject, type Operation, requestExampleOf } from '@devenv/openapi'
import { STUB_SESSION_HEADER } from '@devenv/openapi/dev-protocol'
import fc from 'fast-check'
import {
  authenticates,
  authorizationHeader,
  BEARERS,
  type Bearer,
  FORGED_BEARERS,
  FUZZ_JWT_SECRET,
} from './bearer'
import type { Exchange } from './checks'
import {
  interpretBody,
  isBodyOutsideContract,
  JSON_CONTENT_TYPES,
  PAYLOAD_FORMS,
  type PayloadCase,
  shapePayload,
} from './payloads'
import { describeBody, mapLeaves, serialize } from './raw-json'
import type { Breakage, createBreakers } from './schema-breakers'
import { CODE_POINT, type ValueGenerator, WorldRef } from './schema-values'
import type { OutgoingRequest } from './transport'
import type { Principal, World } from './world'

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

/** Business rules the contract documents, by operation: the fields they refuse for a body. */
export type DocumentedRules = (operationId: string, body: unknown, world: World) => string[]

/** A generated request made concrete against a world, with what the checks need to judge it. */
export type PreparedRequest = {
  request: OutgoingRequest
  /** The body with the world's values filled in (what `observe` and the rules read). */
  body: unknown
  principal: Principal | undefined
  exchange: Omit<Exchange, 'answer'>
}

function environmentFor(
  world: World,
  principal: Principal,
  id: Extract<IdCase, { kind: 'world' }>,
) {
  const candidates =
    id.wanted === 'foreign'
      ? world.environments.filter((each) => each.owner !== principal)
      : world.environments.filter((each) => each.owner === principal && each.state === id.wanted)
  return candidates.length > 0 ? candidates[id.index % candidates.length] : undefined
}

function describeUrlPart(text: string): string {
  return text.length > 60 ? `${text.slice(0, 40)}…(${text.length} characters)` : text
}

export async function prepare(
  contract: Contract,
  world: World,
  fuzzCase: FuzzCase,
  rules: DocumentedRules,
): Promise<PreparedRequest> {
  const operation = contract.byId.get(fuzzCase.operationId)
  if (!operation) throw new Error(`Unknown operation ${fuzzCase.operationId}`)
  const protectedOperation = operation.requiresAuth
  const principal: Principal | undefined =
    fuzzCase.bearer === 'user' || fuzzCase.bearer === 'user-lowercase-scheme'
      ? 'user'
      : fuzzCase.bearer === 'demo'
        ? 'demo'
        : undefined
  let auth: Exchange['auth'] = 'public'
  if (protectedOperation) {
    if (principal !== undefined) auth = world.accounts[principal].revoked ? 'revoked' : 'valid'
    else auth = fuzzCase.bearer === 'revoked' ? 'revoked' : 'invalid'
  }

  // The path: /api or /api/v1, the operation's path with its id, junk query parameters.
  let inputValid = true
  let resource: Exchange['resource']
  let path = operation.path
  const perspective = principal ?? 'user'
  if (fuzzCase.id) {
    let text: string
    if (fuzzCase.id.kind === 'world') {
      const environment = environmentFor(world, perspective, fuzzCase.id)
      text = environment?.id ?? '6f0a8f6e-0000-4000-8000-000000000000'
      resource = !environment
        ? 'unknown'
        : environment.owner !== perspective
          ? 'foreign'
          : environment.state === 'live'
            ? 'owned'
            : environment.state
    } else if (fuzzCase.id.kind === 'uuid') {
      text = fuzzCase.id.value
      resource = 'unknown'
    } else {
      text = fuzzCase.id.text
      let decoded: string | undefined
      try {
        decoded = decodeURIComponent(text)
      } catch {
        decoded = undefined
      }
      const parameter = operation.pathParameters.find((each) => each.name === 'id')
      inputValid =
        decoded !== undefined &&
        parameter !== undefined &&
        contract.validator.validate(parameter.schemaPointer, decoded).valid
    }
    path = path.replace('{id}', text)
  }
  const url = `/api${fuzzCase.version}${path}${fuzzCase.query}`

  // The body: the world's values filled in, then serialized or shaped into a raw payload.
  const body = fuzzCase.body
  let bytes: Buffer | undefined
  let contentType: string | undefined
  let resolved: unknown
  if (body.kind !== 'none') {
    resolved = mapLeaves(body.value, (leaf) =>
      leaf instanceof WorldRef ? world.resolve(leaf.handle) : undefined,
    )
    const serialized = serialize(resolved)
    if (body.kind === 'json') {
      bytes = serialized
      contentType = body.contentType
    } else {
      ;({ bytes, contentType } = shapePayload(body.payload.form, serialized, body.payload))
    }
  }
  const interpreted = interpretBody(bytes, contentType)
  let input: Exchange['input'] = 'positive'
  let parsed: unknown
  const bodyOutsideContract = isBodyOutsideContract(
    operation,
    bytes,
    body.kind === 'payload' ? body.payload.form : undefined,
  )
  if (operation.bodySchemaPointer === undefined && bodyOutsideContract) {
    // Judged by the rest of the request alone: its path and its bearer.
  } else if (interpreted.kind === 'unreadable' || interpreted.kind === 'unsupported')
    inputValid = false
  else if (interpreted.kind === 'hostile') input = 'hostile'
  else {
    parsed = interpreted.kind === 'json' ? interpreted.value : undefined
    // The validator reads '' as "no body"; the JSON text "" is a body, a string.
    const valid =
      parsed === ''
        ? operation.bodySchemaPointer !== undefined &&
          contract.validator.validate(operation.bodySchemaPointer, '').valid
        : contract.validator.validateRequestBody(operation.operationId, parsed).valid
    if (!valid) inputValid = false
  }
  if (!inputValid) input = 'negative'
  // Either answer is right for such a body when the rest is valid: no claim either way.
  else if (bodyOutsideContract) input = 'unclassified'

  const headers: Record<string, string> =
    world.session === undefined ? {} : { [STUB_SESSION_HEADER]: world.session }
  if (contentType !== undefined) headers['content-type'] = contentType
  const authorization = await authorizationHeader(fuzzCase.bearer, {
    secret: FUZZ_JWT_SECRET,
    userAccess: world.accounts.user.access,
    demoAccess: world.accounts.demo.access,
    revokedAccess: world.revokedAccess,
    now: world.now(),
    garbage: fuzzCase.garbage,
  })
  if (authorization !== undefined) headers.authorization = authorization

  const refreshToken =
    isJsonObject(parsed) && typeof parsed.refreshToken === 'string'
      ? parsed.refreshToken
      : undefined
  const refreshes =
    operation.operationId === 'refreshToken' || operation.operationId === 'legacyRefreshToken'
  const validPrincipal = auth === 'valid' ? principal : undefined
  const exchange: Omit<Exchange, 'answer'> = {
    operationId: operation.operationId,
    request: {
      method: operation.method.toUpperCase(),
      url: describeUrlPart(url),
      headers: {
        ...headers,
        ...(authorization
          ? { authorization: `${fuzzCase.bearer}: ${describeUrlPart(authorization)}` }
          : {}),
      },
      body:
        body.kind === 'none'
          ? '(none)'
          : body.kind === 'payload'
            ? `${body.payload.form} of ${describeBody(resolved)}`
            : describeBody(resolved),
    },
    input,
    ...(body.kind === 'json' && body.breakage ? { breakage: body.breakage } : {}),
    auth,
    ruleFields: input === 'positive' ? rules(operation.operationId, parsed, world) : [],
    ...(resource !== undefined && inputValid ? { resource } : {}),
    requestExample: interpreted.kind === 'json' ? requestExampleOf(operation, parsed) : undefined,
    ...(refreshes && refreshToken !== undefined && world.isFreedRefreshToken(refreshToken)
      ? { freedRefreshToken: true }
      : {}),
    ...(operation.operationId === 'listEnvironments' && validPrincipal
      ? {
          forbiddenIds: {
            freed: world.environmentsOf(validPrincipal, 'freed').map((each) => each.id),
            foreign: world.environments
              .filter((each) => each.owner !== validPrincipal)
              .map((each) => each.id),
          },
        }
      : {}),
  }
  return {
    request: {
      method: operation.method.toUpperCase(),
      url,
      headers,
      ...(bytes !== undefined ? { payload: bytes } : {}),
    },
    body: parsed,
    principal: authenticates(fuzzCase.bearer) ? principal : undefined,
    exchange,
  }
}
