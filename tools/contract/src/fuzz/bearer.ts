import { randomUUID } from 'node:crypto'
import { USER_ACCOUNT } from '@devenv/openapi/dev-protocol'
import { decodeJwt, SignJWT } from 'jose'

/**
 * What a request carries as `Authorization`. `user` and `demo` are real access tokens of two
 * signed-in accounts; `revoked` belongs to a signed-out session; the rest are forged or broken.
 */
export const BEARERS = [
  'user',
  'user-lowercase-scheme',
  'demo',
  'none',
  'revoked',
  'empty-bearer',
  'basic',
  'garbage',
  'alg-none',
  'bad-signature',
  'tampered-claims',
  'expired',
  'unknown-session',
  'missing-claims',
  'hs512',
] as const

export type Bearer = (typeof BEARERS)[number]

/** Broken or forged: no account's token as issued. */
export const FORGED_BEARERS: readonly Bearer[] = BEARERS.filter(
  (bearer) => !['user', 'user-lowercase-scheme', 'demo', 'none', 'revoked'].includes(bearer),
)

/** Bearers that authenticate someone: the user, or the other account (`demo`). */
export function authenticates(bearer: Bearer): boolean {
  return bearer === 'user' || bearer === 'user-lowercase-scheme' || bearer === 'demo'
}

export type BearerInputs = {
  /** The key forged tokens are signed with: `FUZZ_JWT_SECRET`. */
  secret: string
  userAccess: string
  demoAccess: string
  revokedAccess: string
  /** The stub clock of the run's store, in milliseconds. */
  now: number
  garbage: string
}

/**
 * The fuzzer's own HS256 key, which `expired`, `unknown-session`, `missing-claims` and `hs512`
 * are signed with. The development protocol rightly hands out no server's key, so the fuzzer
 * brings one: a server started with it (the fuzz stub) sees those tokens well signed and must
 * refuse them for their claims or algorithm; any other sees them merely invalid.
 */
export const FUZZ_JWT_SECRET = 'reliability-fuzz-secret-known-to-the-fuzzer-only'

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

async function sign(claims: Record<string, unknown>, key: string, alg = 'HS256'): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg, typ: 'JWT' })
    .sign(new TextEncoder().encode(key))
}

/** The `Authorization` header value of a bearer choice, or undefined for none. */
export async function authorizationHeader(
  bearer: Bearer,
  inputs: BearerInputs,
): Promise<string | undefined> {
  const claims = decodeJwt(inputs.userAccess)
  const nowSeconds = Math.floor(inputs.now / 1000)
  switch (bearer) {
    case 'user':
      return `Bearer ${inputs.userAccess}`
    case 'user-lowercase-scheme':
      // RFC 9110: the scheme is case-insensitive, so this is a valid token too.
      return `bearer ${inputs.userAccess}`
    case 'demo':
      return `Bearer ${inputs.demoAccess}`
    case 'none':
      return undefined
    case 'revoked':
      return `Bearer ${inputs.revokedAccess}`
    case 'empty-bearer':
      return 'Bearer '
    case 'basic':
      return `Basic ${Buffer.from(`${USER_ACCOUNT.email}:${USER_ACCOUNT.password}`).toString('base64')}`
    case 'garbage':
      return `Bearer ${inputs.garbage}`
    case 'alg-none':
      return `Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`
    case 'bad-signature':
      return `Bearer ${await sign(claims, 'not-the-stub-secret-but-just-as-long-as-it')}`
    case 'tampered-claims': {
      // The user's signature over the other account's claims.
      const [header, , signature] = inputs.userAccess.split('.')
      return `Bearer ${header}.${base64url({ ...claims, ...decodeJwt(inputs.demoAccess), exp: claims.exp })}.${signature}`
    }
    case 'expired':
      return `Bearer ${await sign({ ...claims, iat: nowSeconds - 1000, exp: nowSeconds - 100 }, inputs.secret)}`
    case 'unknown-session':
      return `Bearer ${await sign({ ...claims, sid: randomUUID() }, inputs.secret)}`
    case 'missing-claims':
      return `Bearer ${await sign({ sub: claims.sub, iat: nowSeconds, exp: nowSeconds + 600 }, inputs.secret)}`
    case 'hs512':
      return `Bearer ${await sign(claims, inputs.secret, 'HS512')}`
  }
}
