import { type Contract, isJsonObject, requestExampleOf } from '@devenv/openapi'
import { STUB_SESSION_HEADER } from '@devenv/openapi/dev-protocol'
import type { WireRequest } from '../http'
import { authenticates, authorizationHeader, FUZZ_JWT_SECRET } from './bearer'
import type { Exchange } from './checks'
import { interpretBody, isBodyOutsideContract, shapePayload } from './payloads'
import { describeBody, mapLeaves, serialize } from './raw-json'
import type { FuzzCase, IdCase } from './requests'
import { WorldRef } from './schema-values'
import type { Principal, World } from './world'

// A generated request (requests.ts) made concrete against the world it is sent in: the world's
// ids, accounts and tokens filled in, and what the checks need to judge the answer (is the input
// valid, who is asking, which resource it names).

/** Business rules the contract documents, by operation: the fields they refuse for a body. */
export type DocumentedRules = (operationId: string, body: unknown, world: World) => string[]

/** A generated request made concrete against a world, with what the checks need to judge it. */
export type PreparedRequest = {
  request: WireRequest
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
      ...(bytes !== undefined ? { body: bytes } : {}),
    },
    body: parsed,
    principal: authenticates(fuzzCase.bearer) ? principal : undefined,
    exchange,
  }
}
