import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { errorsMessages } from '../messages'

/**
 * What a visitor sees when a route fails (its code, its data, its rendering): a calm page, never
 * the error itself, with a retry and a way home. The error is reported by the router's onCatch.
 */
export function RouteErrorPage({ reset }: ErrorComponentProps) {
  const t = errorsMessages.useT()
  const router = useRouter()
  const headingRef = useRef<HTMLHeadingElement>(null)

  // The content under the focus is gone: the heading takes it, and a screen reader says where it is.
  useEffect(() => {
    headingRef.current?.focus()
  }, [])

  const retry = () => {
    reset()
    // Loads the route's data and code again; the boundary shows the route once they arrive.
    void router.invalidate()
  }

  return (
    <section className="not-found section" aria-labelledby="route-error-title">
      <div className="container container--narrow">
        <h1 id="route-error-title" ref={headingRef} tabIndex={-1}>
          {t('error.heading')}
        </h1>
        <p className="lead">{t('error.lead')}</p>
        <div className="button-row button-row--center">
          <button type="button" className="button button--primary" onClick={retry}>
            {t('error.retry')}
          </button>
          {/* A whole new page: whatever state broke this one is left behind. */}
          <a className="button button--secondary" href="/">
            {t('action.backToHome')}
          </a>
        </div>
      </div>
    </section>
  )
}
