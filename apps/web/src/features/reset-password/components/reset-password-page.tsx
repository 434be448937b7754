import { checkResetLink, RESET_LINK_PROBLEMS } from '@devenv/domain/reset-link'
import { useRouter } from '@tanstack/react-router'
import { lazy, Suspense, useCallback, useSyncExternalStore } from 'react'
import { useHydrated } from '../../../lib/hydration'
import { useT } from '../../../lib/i18n/i18n'
import { resetLinkParams } from '../reset-link-params'
import { ResetPasswordShell } from './reset-password-shell'
import { ResetProblem } from './reset-problem'

// The form and react-hook-form load only once the link has passed its check.
const ResetPasswordFlow = lazy(() => import('./reset-password-flow'))

/** The address bar's query as typed, following every navigation (the same while hydrating). */
function useRawSearch(): string {
  const router = useRouter()
  const subscribe = useCallback(
    (listener: () => void) => router.history.subscribe(listener),
    [router],
  )
  const search = () => router.history.location.search
  return useSyncExternalStore(subscribe, search, search)
}

/**
 * /reset-password?user=&hash=: prerendered twice. An address with a query gets the shell (the
 * link is checked in the browser, then the form or 'Invalid Reset Link' / 'Invalid Reset Token'
 * replace it); an address without one gets its verdict, 'Invalid Reset Link', in the HTML itself,
 * with no script to wait for. nginx serves each its own (nginx.conf.template); both hydrate to
 * what the browser renders for that address.
 */
export function ResetPasswordPage() {
  const t = useT()
  const hydrated = useHydrated()
  const search = useRawSearch()
  const shellText = <p>{t('reset.shell.text')}</p>

  if (!hydrated && search !== '') return <ResetPasswordShell>{shellText}</ResetPasswordShell>

  const link = resetLinkParams(search)
  const check = checkResetLink(link)
  if (check !== 'ok') {
    const problem = RESET_LINK_PROBLEMS[check]
    return (
      <ResetPasswordShell>
        <ResetProblem
          problem={{ title: problem.title, description: { code: problem.description } }}
        />
      </ResetPasswordShell>
    )
  }
  // The link's `user` is the account's e-mail address.
  const email = (link.user ?? '').trim()
  const hash = link.hash ?? ''
  return (
    <ResetPasswordShell>
      <Suspense fallback={shellText}>
        {/* A different link is a fresh start, never the previous link's outcome. */}
        <ResetPasswordFlow key={`${email}\n${hash}`} email={email} hash={hash} />
      </Suspense>
    </ResetPasswordShell>
  )
}
