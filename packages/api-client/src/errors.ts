/** Why a call failed: the server answered with an error status, it did not answer in time, or not at all. */
export type ApiErrorKind = 'http' | 'timeout' | 'network'

export type ValidationErrors = Record<string, string>

/**
 * The one error every call throws. It carries what the UI needs to pick the required message:
 * the status, the server's `message`, the validation `errors` object and the parsed body.
 */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly kind: ApiErrorKind
  /** HTTP status; 0 when there was no answer (timeout, network). */
  readonly status: number
  /** The server's own `message`, when its body had one. */
  readonly serverMessage: string | undefined
  readonly errors: ValidationErrors | undefined
  readonly body: unknown
  /** Seconds from a `Retry-After` header (429, 503). */
  readonly retryAfterSeconds: number | undefined

  constructor(init: {
    kind: ApiErrorKind
    status: number
    message: string
    serverMessage?: string | undefined
    errors?: ValidationErrors | undefined
    body?: unknown
    retryAfterSeconds?: number | undefined
    cause?: unknown
  }) {
    super(init.message, { cause: init.cause })
    this.kind = init.kind
    this.status = init.status
    this.serverMessage = init.serverMessage
    this.errors = init.errors
    this.body = init.body
    this.retryAfterSeconds = init.retryAfterSeconds
  }

  static async fromResponse(response: Response): Promise<ApiError> {
    const body = await readBody(response)
    const serverMessage = messageOf(body)
    return new ApiError({
      kind: 'http',
      status: response.status,
      message: serverMessage ?? `Request failed with status ${response.status}`,
      serverMessage,
      errors: validationErrorsOf(body),
      body,
      retryAfterSeconds: retryAfter(response.headers.get('Retry-After')),
    })
  }

  static timeout(timeoutMs: number, cause?: unknown): ApiError {
    return new ApiError({
      kind: 'timeout',
      status: 0,
      message: `Request timed out after ${timeoutMs} ms`,
      cause,
    })
  }

  static network(cause: unknown): ApiError {
    const detail = cause instanceof Error ? `: ${cause.message}` : ''
    return new ApiError({ kind: 'network', status: 0, message: `Network error${detail}`, cause })
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '')
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function messageOf(body: unknown): string | undefined {
  if (isRecord(body) && typeof body.message === 'string' && body.message !== '') return body.message
  return undefined
}

function validationErrorsOf(body: unknown): ValidationErrors | undefined {
  if (!isRecord(body) || !isRecord(body.errors)) return undefined
  const entries = Object.entries(body.errors).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  )
  return Object.fromEntries(entries)
}

function retryAfter(header: string | null): number | undefined {
  if (header === null) return undefined
  const seconds = Number(header)
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined
}
