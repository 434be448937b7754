import { type ParsedLocation, type RegisteredRouter, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { logEvent } from '../../lib/event-log'
import { headOfMatches } from '../../lib/head'
import { useLocale } from '../../lib/i18n/i18n'
import { yieldToBrowser } from '../../lib/main-thread'

function setMeta(
  selector: string,
  create: () => HTMLElement,
  apply: (element: HTMLElement) => void,
) {
  let element = document.head.querySelector<HTMLElement>(selector)
  if (!element) {
    element = create()
    document.head.append(element)
  }
  apply(element)
}

function metaElement(attribute: 'name' | 'property', key: string): () => HTMLElement {
  return () => {
    const meta = document.createElement('meta')
    meta.setAttribute(attribute, key)
    return meta
  }
}

/** Keeps the document's head in step with the route heads (prerendering wrote the first one). */
export function syncDocumentHead(router: RegisteredRouter): void {
  const { title, description } = headOfMatches(router.state.matches)
  if (title) document.title = title
  const url = new URL(router.state.location.pathname, location.origin).href
  const content = (value: string) => (element: HTMLElement) =>
    element.setAttribute('content', value)
  if (description) {
    setMeta('meta[name="description"]', metaElement('name', 'description'), content(description))
    setMeta(
      'meta[property="og:description"]',
      metaElement('property', 'og:description'),
      content(description),
    )
  }
  if (title)
    setMeta('meta[property="og:title"]', metaElement('property', 'og:title'), content(title))
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')
  // The canonical origin is the site's (set at build time); only its path follows the route.
  if (canonical) canonical.href = new URL(router.state.location.pathname, canonical.href).href
  setMeta('meta[property="og:url"]', metaElement('property', 'og:url'), (element) =>
    element.setAttribute('content', canonical?.href ?? url),
  )
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
}

/** Smoothly to the hash anchor when there is one, else to the top (SITE-2). */
export function scrollForLocation(hash: string): void {
  const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth'
  const target = hash ? document.getElementById(decodeURIComponent(hash)) : null
  if (target) target.scrollIntoView({ behavior, block: 'start' })
  else window.scrollTo({ top: 0, behavior })
}

/**
 * The page a location shows: its path, hash and search without `auth`, which only says which
 * modal is open over the page. Opening or closing a modal is no navigation to a new page.
 */
export function pageOf(location: Pick<ParsedLocation, 'pathname' | 'search' | 'hash'>): string {
  const { auth: _modal, ...search } = location.search as Record<string, unknown>
  return JSON.stringify([location.pathname, search, location.hash])
}

/** Page views, scrolling and the document head on every navigation; heads follow the locale. */
export function useRouteEffects(): void {
  const router = useRouter()
  const locale = useLocale()

  useEffect(() => {
    syncDocumentHead(router)
    // The first page view is logged in a task of its own: reading the stored log and loading the
    // sender were a third of the effects React runs right after hydration, one task of over 50 ms
    // at a 4x slowdown (decisions/web-performance.md).
    const firstPath = router.state.location.pathname
    void yieldToBrowser().then(() => logEvent('page_view', { path: firstPath }))
    if (router.state.location.hash) scrollForLocation(router.state.location.hash)
    return router.subscribe('onResolved', (event) => {
      syncDocumentHead(router)
      const from = event.fromLocation
      const to = event.toLocation
      if (from?.href === to.href) return
      if (from && pageOf(from) === pageOf(to)) return
      logEvent('page_view', { path: to.pathname })
      if (event.pathChanged || event.hashChanged) scrollForLocation(to.hash)
    })
  }, [router])

  // Route heads are translated as they are read (lib/head.ts): a new locale only rewrites them.
  useEffect(() => {
    void locale // what the effect follows; the heads read the current locale themselves
    syncDocumentHead(router)
  }, [locale, router])
}
