import { API_MESSAGES } from './messages'

/** The contract's `ErrorCode` enum (components.schemas.ErrorCode). */
export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'INVALID_CREDENTIALS'
  | 'ACCOUNT_NOT_ACTIVATED'
  | 'LOGIN_LOCKED'
  | 'RATE_LIMITED'
  | 'UNAUTHORIZED'
  | 'TOKEN_EXPIRED'
  | 'TOKEN_INVALID'
  | 'REFRESH_TOKEN_INVALID'
  | 'REFRESH_TOKEN_REUSED'
  | 'USER_NOT_FOUND'
  | 'EMAIL_TAKEN'
  | 'ACTIVATION_TOKEN_INVALID'
  | 'ACTIVATION_TOKEN_USED'
  | 'ACTIVATION_TOKEN_EXPIRED'
  | 'RESET_LINK_INVALID'
  | 'RESET_LINK_USED'
  | 'RESET_LINK_EXPIRED'
  | 'NOT_FOUND'
  | 'ENVIRONMENT_NAME_TAKEN'
  | 'ENVIRONMENT_QUOTA_EXCEEDED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'INTERNAL_ERROR'
  | 'SERVICE_UNAVAILABLE'

export type FieldErrors = Record<string, string>

/** An answer other than success, thrown by handlers and hooks and shaped by the error handler. */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly status: number,
    readonly code: ErrorCode | undefined,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export function validationError(fields: FieldErrors): ApiError {
  return new ApiError(400, 'VALIDATION_FAILED', API_MESSAGES.validationErrors, fields)
}

export function retryAfterHeader(milliseconds: number): Record<string, string> {
  return { 'retry-after': String(Math.max(1, Math.ceil(milliseconds / 1000))) }
}

export function rateLimited(retryAfterMs: number): ApiError {
  return new ApiError(
    429,
    'RATE_LIMITED',
    API_MESSAGES.rateLimited,
    undefined,
    retryAfterHeader(retryAfterMs),
  )
}

export type ErrorBody = {
  status?: false
  message: string
  code?: ErrorCode
  errors?: FieldErrors
}

/** The body of an error answer; operations whose answers are `{ status, message }` get `status: false`. */
export function errorBody(error: ApiError, statusShaped: boolean): ErrorBody {
  return {
    ...(statusShaped ? { status: false as const } : {}),
    message: error.message.slice(0, 1000),
    ...(error.code ? { code: error.code } : {}),
    ...(error.fields ? { errors: error.fields } : {}),
  }
}
