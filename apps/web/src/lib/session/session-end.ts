import type { ApiClient } from '@devenv/api-client'
import type { RegisteredRouter } from '@tanstack/react-router'
import { logEvent } from '../event-log'
import { t } from '../i18n/i18n'
import { notify } from '../notify'
import { sessionMessages } from './messages'
import type { SessionStore } from './store'

/**
 * How a session ends (SESSION-5 to SESSION-7): the user signs out, it cannot be renewed, another
 * tab ended it, or a sign-in failed. Then the page a session showed is left as its guard would
 * leave it.
 */

/** Why a session ends here: the user signed out, it could not be renewed, another tab ended it. */
type EndReason = 'logout' | 'expired' | 'elsewhere'

export type SessionEndOptions = {
  api: ApiClient
  /** The session's tokens. */
  store: SessionStore
  /** Stops what keeps the session going in this tab (the refresh schedule). */
  stop(): void
  /** Stops following the page's lifecycle. */
  signal?: AbortSignal | undefined
}

export type SessionEnd = {
  /** The router to navigate with; an end that came before it is applied now. */
  attach(router: RegisteredRouter): void
  /** Could not be renewed (or the start-up failed): sign out, say so, offer to sign in again. */
  expired(): void
  /** Log out: the call (its failure only logged), tokens cleared, the notice, home. */
  logOut(): void
  /** Without a word or a navigation (a failed sign-in clears the session, AUTH-4). */
  discard(): void
  /** Another tab signed out: leave a signed-in page, say nothing. */
  endedElsewhere(): void
}

function isOnProtectedPage(router: RegisteredRouter): boolean {
  return router.state.matches.some((match) => match.routeId === '/_authed')
}

export function createSessionEnd(options: SessionEndOptions): SessionEnd {
  const { clearSession, getAccessToken, getRefreshToken } = options.store
  let router: RegisteredRouter | null = null
  /** An end that came before a router was known (a page's loader hit it): applied on attach. */
  let pendingEnd: EndReason | null = null
  /**
   * The document is being left (a full navigation, a reload): its calls are cut off, which is no
   * failure of the session. Without this, leaving a page during start-up signed the user out.
   */
  let leavingPage = false
  const listening = { signal: options.signal } as AddEventListenerOptions
  window.addEventListener('pagehide', () => (leavingPage = true), listening)
  // Back to a page kept in the back-forward cache: it is alive again.
  window.addEventListener('pageshow', () => (leavingPage = false), listening)

  const end = () => {
    options.stop()
    clearSession()
  }

  /** After a session ended: leave a signed-in page as its guard would, or offer to sign in again. */
  const leave = (reason: EndReason) => {
    if (!router) {
      pendingEnd = reason
      return
    }
    const queryClient = router.options.context.queryClient
    const location = router.state.location
    let navigation: Promise<void> | null = null
    if (reason === 'logout') {
      navigation = router.navigate({ to: '/' })
    } else if (isOnProtectedPage(router)) {
      navigation = router.navigate({
        to: '/',
        search: { redirect: location.href, auth: 'login' },
        replace: true,
      })
    } else if (reason === 'expired') {
      navigation = router.navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({ ...previous, auth: 'login' }),
        replace: true,
        resetScroll: false,
      } as never)
    }
    // The account's data goes once no page shows it any more.
    void (navigation ?? Promise.resolve()).finally(() => {
      if (!getAccessToken()) queryClient.removeQueries()
    })
  }

  return {
    attach(next) {
      router = next
      if (pendingEnd) {
        const reason = pendingEnd
        pendingEnd = null
        leave(reason)
      }
    },
    // Called by the client for every 401 it could not cure, so a second call does nothing.
    expired() {
      if (leavingPage) return
      if (!getAccessToken() && !getRefreshToken()) return
      end()
      logEvent('logout', { reason: 'expired' })
      void notify('warning', sessionMessages.t('sessionRuntime.expired'))
      leave('expired')
    },
    logOut() {
      const refreshToken = getRefreshToken()
      options.api
        .POST('/auth/logout', { body: refreshToken ? { refreshToken } : {} })
        .catch((error: unknown) => console.warn('The sign-out call failed', error))
      end()
      logEvent('logout')
      void notify('success', t('session.loggedOut'))
      leave('logout')
    },
    discard() {
      if (getAccessToken() || getRefreshToken()) end()
    },
    endedElsewhere() {
      options.stop()
      leave('elsewhere')
    },
  }
}
