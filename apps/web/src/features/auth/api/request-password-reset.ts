import { dataOf } from '@devenv/api-client'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** POST /auth/reset-password: e-mails a reset link to the account, if there is one. */
export function requestPasswordReset(email: string) {
  return dataOf(api.POST('/auth/reset-password', { body: { username: email } }))
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}
