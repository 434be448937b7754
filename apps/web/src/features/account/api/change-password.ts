import { dataOf } from '@devenv/api-client'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export type ChangePasswordRequest = { username: string; oldPassword: string; newPassword: string }

/** POST /auth/change-password: no bearer (an /auth/ path, API-2); the old password proves it. */
export function changePassword(body: ChangePasswordRequest) {
  return dataOf(api.POST('/auth/change-password', { body }))
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword })
}
