import { errors, jwtVerify, SignJWT } from 'jose'
import * as z from 'zod'

/** The access token's claims, as the contract's bearerAuth scheme lists them. */
const claimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string(),
  name: z.string(),
  username: z.string(),
  roles: z.array(z.string()),
  demo: z.boolean(),
  sid: z.string().min(1),
  iat: z.number(),
  exp: z.number(),
})
export type AccessClaims = z.infer<typeof claimsSchema>

export type AccessTokenCheck =
  | { ok: true; claims: AccessClaims }
  | { ok: false; reason: 'expired' | 'invalid'; detail: string }

export type TokenService = {
  /** The access token's lifetime. */
  readonly validSeconds: number
  /** The refresh token's lifetime. */
  readonly refreshValidSeconds: number
  issueAccessToken(claims: Omit<AccessClaims, 'iat' | 'exp'>, now: number): Promise<string>
  /** Signature (HS256 only: `alg: none` and other keys fail), shape and expiry at `now`. */
  verifyAccessToken(token: string, now: number): Promise<AccessTokenCheck>
}

export function createTokenService(options: {
  secret: string
  validSeconds: number
  refreshValidSeconds: number
}): TokenService {
  const key = new TextEncoder().encode(options.secret)
  const { validSeconds, refreshValidSeconds } = options
  return {
    validSeconds,
    refreshValidSeconds,
    async issueAccessToken(claims, now) {
      const issuedAt = Math.floor(now / 1000)
      const { sub, ...rest } = claims
      return new SignJWT(rest)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + validSeconds)
        .sign(key)
    },
    async verifyAccessToken(token, now) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(now),
        })
        const parsed = claimsSchema.safeParse(payload)
        return parsed.success
          ? { ok: true, claims: parsed.data }
          : { ok: false, reason: 'invalid', detail: 'claims are missing or malformed' }
      } catch (error) {
        if (error instanceof errors.JWTExpired) {
          return { ok: false, reason: 'expired', detail: 'expired' }
        }
        const detail = error instanceof errors.JOSEError ? error.code : 'unreadable token'
        return { ok: false, reason: 'invalid', detail }
      }
    },
  }
}

export { digest } from '../platform/digest'
