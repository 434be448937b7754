import { dataOf, type TokenPair, tokenPairOf } from '@devenv/api-client'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export type SignInBody = { email: string; password: string }

/** POST /auth/auth: the token pair of a new session. */
export async function signIn(body: SignInBody): Promise<TokenPair> {
  return tokenPairOf(await dataOf(api.POST('/auth/auth', { body })))
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn })
}
