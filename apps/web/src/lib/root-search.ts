import { AUTH_MODAL_TYPES, type AuthModalType } from '../config/ui'
import { searchChoice, searchText } from './search-params'

/** Search params every page understands: which auth modal is open, and where sign-in returns to. */
export type RootSearch = { auth?: AuthModalType; redirect?: string }

/** The root route's `validateSearch`; here so that features may name `RootSearch` without a route. */
export function validateRootSearch(search: Record<string, unknown>): RootSearch {
  const auth = searchChoice(search.auth, AUTH_MODAL_TYPES)
  const redirect = searchText(search.redirect, 2048)
  return { ...(auth ? { auth } : {}), ...(redirect ? { redirect } : {}) }
}
