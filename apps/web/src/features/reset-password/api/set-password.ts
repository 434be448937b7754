import { type ApiClient, createApiClient, dataOf, isApiError } from '@devenv/api-client'
import {
  type ResetPasswordProblem,
  resetPasswordFailure,
  resetPasswordRejected,
} from '@devenv/domain/api-failures'
import { env } from '../../../config/env'

export type SetPasswordRequest = { username: string; hash: string; password: string }
export type SetPasswordOutcome = { ok: true } | { ok: false; problem: ResetPasswordProblem }

let authService: ApiClient | null = null

// RESET-6: the reset call has its own base address (defaulting to the API's).
function authServiceClient(): ApiClient {
  authService ??= createApiClient({
    baseUrl: env.authBaseUrl,
    timeoutMs: env.apiTimeoutMs,
    clientVersion: env.appVersion,
  })
  return authService
}

/** POST /auth/set-password: `status: true` is success, anything else is a failure of RESET-7. */
export async function setNewPassword(request: SetPasswordRequest): Promise<SetPasswordOutcome> {
  try {
    // Typed as the contract's success, read as what a real backend may also send (status false).
    const answer: { status?: boolean; message?: string } | undefined = await dataOf(
      authServiceClient().POST('/auth/set-password', { body: request }),
    )
    return answer?.status === true
      ? { ok: true }
      : { ok: false, problem: resetPasswordRejected(answer?.message) }
  } catch (error) {
    if (!isApiError(error)) return { ok: false, problem: resetPasswordFailure({}) }
    return {
      ok: false,
      problem: resetPasswordFailure({
        // 0 means no answer at all (timeout, network): not a status to judge.
        status: error.status === 0 ? null : error.status,
        message: error.serverMessage ?? null,
        errorMessage: error.message,
      }),
    }
  }
}
