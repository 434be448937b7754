import {
  documentationSearchQuery,
  isRestrictedAreaPath,
  notFoundEventDetails,
} from '@devenv/domain/not-found'
import { Link, useNavigate, useRouter } from '@tanstack/react-router'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Icon } from '../../../components/ui/icons'
import { useOpenAuthModal } from '../../../lib/auth-modal'
import { logEvent } from '../../../lib/event-log'
import { useHydrated } from '../../../lib/hydration'
import { useT } from '../../../lib/i18n/i18n'
import { notify } from '../../../lib/notify'
import { useSession } from '../../../lib/session'

/** Back only to a page of this site: an in-app entry before this one, or a same-site referrer. */
function hasPreviousPage(): boolean {
  const state = window.history.state as { __TSR_index?: unknown } | null
  if (typeof state?.__TSR_index === 'number' && state.__TSR_index > 0) return true
  return window.history.length > 1 && document.referrer.startsWith(`${location.origin}/`)
}

/** `from` is the path the visitor asked for (the catch-all route sends it here). */
export function NotFoundPage({ from }: { from: string | undefined }) {
  const t = useT()
  const router = useRouter()
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const { isAuthenticated } = useSession()
  const openAuthModal = useOpenAuthModal()
  const [query, setQuery] = useState('')
  const logged = useRef(false)
  const originalPath = from ?? '/404'

  useEffect(() => {
    // Once per visit, even under StrictMode's double effects in development.
    if (logged.current) return
    logged.current = true
    logEvent('404_page_access', notFoundEventDetails(originalPath, document.referrer))
  }, [originalPath])

  const goBack = () => {
    if (hasPreviousPage()) router.history.back()
    else void navigate({ to: '/' })
  }

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const term = documentationSearchQuery(query)
    if (term === null) return
    void notify('info', t('notFound.searchInfo'))
    logEvent('documentation_search', { query: term })
  }

  return (
    <section className="not-found section" aria-labelledby="not-found-title">
      <div className="container container--narrow">
        <p className="not-found__code" aria-hidden="true">
          {t('notFound.code')}
        </p>
        <h1 id="not-found-title">{t('notFound.title')}</h1>
        <p className="lead">{t('notFound.text')}</p>
        {hydrated && isRestrictedAreaPath(originalPath) ? (
          <p className="notice" role="note">
            <Icon name="lock" size={20} />
            {t('notFound.restrictedNote')}
          </p>
        ) : null}
        <div className="button-row button-row--center">
          <Link to="/" className="button button--primary">
            {t('action.backToHome')}
          </Link>
          <button type="button" className="button button--secondary" onClick={goBack}>
            {t('notFound.goBack')}
          </button>
          {isAuthenticated ? null : (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => openAuthModal('login')}
            >
              {t('notFound.login')}
            </button>
          )}
        </div>

        <search>
          <form className="search-form" onSubmit={search}>
            <label htmlFor="docs-search">{t('notFound.search.label')}</label>
            <div className="search-form__row">
              <input
                id="docs-search"
                type="search"
                value={query}
                placeholder={t('notFound.search.placeholder')}
                onChange={(event) => setQuery(event.currentTarget.value)}
              />
              <button type="submit" className="button button--primary">
                <Icon name="search" size={18} />
                {t('notFound.search.submit')}
              </button>
            </div>
          </form>
        </search>

        <nav aria-labelledby="help-links-title" className="help-links">
          <h2 id="help-links-title">{t('notFound.help.heading')}</h2>
          <ul>
            <li>
              <Link to="/" hash="features">
                {t('notFound.help.features')}
              </Link>
            </li>
            <li>
              <Link to="/pricing">{t('notFound.help.pricing')}</Link>
            </li>
            <li>
              <Link to="/contact">{t('notFound.help.contact')}</Link>
            </li>
            <li>
              {isAuthenticated ? (
                <Link to="/technical">{t('notFound.technicalDocs')}</Link>
              ) : (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => openAuthModal('login')}
                >
                  {t('notFound.technicalDocs')}
                </button>
              )}
            </li>
          </ul>
        </nav>
      </div>
    </section>
  )
}
