import { dataOf } from '@devenv/api-client'
import type { RegistrationBody } from '@devenv/domain/validation'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** POST /auth/registration: exactly the three fields of AUTH-6 (`registrationBody` of the form). */
export function register(body: RegistrationBody) {
  return dataOf(api.POST('/auth/registration', { body }))
}

export function useRegister() {
  return useMutation({ mutationFn: register })
}
