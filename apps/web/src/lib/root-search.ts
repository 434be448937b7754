import * as z from 'zod/mini'
import { AUTH_MODAL_TYPES, type AuthModalType } from '../config/ui'

/** Search params every page understands: which auth modal is open, and where sign-in returns to. */
export type RootSearch = { auth?: AuthModalType; redirect?: string }

const rootSearchSchema = z.object({
  auth: z.catch(z.optional(z.enum(AUTH_MODAL_TYPES)), undefined),
  redirect: z.catch(z.optional(z.string().check(z.maxLength(2048))), undefined),
})

/** The root route's `validateSearch`; here so that features may name `RootSearch` without a route. */
export function validateRootSearch(search: Record<string, unknown>): RootSearch {
  const { auth, redirect } = rootSearchSchema.parse(search)
  return { ...(auth ? { auth } : {}), ...(redirect ? { redirect } : {}) }
}
