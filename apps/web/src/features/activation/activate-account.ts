import { isApiError } from '@devenv/api-client'
import type { RegisteredRouter } from '@tanstack/react-router'
import { api } from '../../lib/api-client'
import { t } from '../../lib/i18n/i18n'
import { notify } from '../../lib/notify'
import type { RootSearch } from '../../lib/root-search'

export const ACTIVATE_PARAM = 'activate'

// Tokens already taken in hand on this page: strict mode and re-renders must not call twice.
const handled = new Set<string>()

/** The link's token, read from the raw query (the router's parser could turn digits into a number). */
export function activationToken(search: string): string | null {
  return new URLSearchParams(search).get(ACTIVATE_PARAM)
}

async function activate(token: string): Promise<boolean> {
  if (token.trim() === '') return false
  try {
    await api.POST('/auth/activate', { body: { token } })
    return true
  } catch (error) {
    // Unknown, used or expired tokens answer 400; anything else is a failure to report too.
    if (!isApiError(error)) console.error('Account activation failed', error)
    return false
  }
}

/**
 * Activates the account of the link's token through POST /auth/activate, reports the outcome in
 * a notification, then takes the token out of the address and opens the sign-in modal.
 */
export async function activateFromLink(router: RegisteredRouter): Promise<void> {
  const token = activationToken(router.history.location.search)
  if (token === null || handled.has(token)) return
  handled.add(token)
  const activated = await activate(token)
  void notify(
    activated ? 'success' : 'error',
    t(activated ? 'activation.success' : 'activation.failed'),
  )
  await router.navigate({
    to: '.',
    search: (previous) => {
      const { [ACTIVATE_PARAM]: _token, ...rest } = previous as RootSearch &
        Record<typeof ACTIVATE_PARAM, unknown>
      return { ...rest, auth: 'login' }
    },
    replace: true,
  })
}
