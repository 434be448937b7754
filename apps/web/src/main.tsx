import './styles/index.css'
// First: what follows evaluates in a later task than the libraries (start-up/after-libraries.ts).
import './start-up/after-libraries'
import { QueryClient } from '@tanstack/react-query'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app'
import { syncDocumentHead } from './components/layout/use-route-effects'
import { discardEarlyInput } from './early-input'
import { loadCatalogue, setLocale, storedLocale } from './lib/i18n/i18n'
import { yieldToBrowser } from './lib/main-thread'
import { listenForUncaughtErrors } from './lib/uncaught-errors'
import { createAppRouter } from './router'

async function start(): Promise<void> {
  // First, so that nothing thrown during start-up goes unreported.
  listenForUncaughtErrors()
  const container = document.getElementById('root')
  if (!container) throw new Error('The page has no #root element')
  // Only with the stub in the browser (a build-time constant): before the first API call.
  if (__BROWSER_STUB__) await import('./lib/browser-stub').then((stub) => stub.startBrowserStub())

  // Each step of the start-up is a task of its own: on a slow phone the scripts'
  // evaluation, building the router (its route tree) and matching the page each take tens of
  // milliseconds, and together they held the main thread for over 100 ms at a 4x slowdown.
  await yieldToBrowser()
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } })
  const router = createAppRouter({ queryClient })
  const locale = storedLocale()
  await yieldToBrowser()
  // The route's code and the chosen catalogue load together, before React takes the page.
  await Promise.all([router.load(), locale === 'en' ? null : loadCatalogue(locale)])
  // A redirect (an unknown path to /404) is a second navigation: settle it before hydrating.
  for (
    let round = 0;
    round < 3 && router.latestLocation.href !== router.state.location.href;
    round += 1
  ) {
    await router.load()
  }
  if (locale !== 'en') {
    await setLocale(locale, { remember: false })
    // The prerendered title is English: the chosen language's comes with its catalogue, before
    // the page hydrates (the heads are translated as they are read, lib/head.ts).
    syncDocumentHead(router)
  }

  await yieldToBrowser()

  // The prerendered tree has no Suspense wrappers around routes; the client must match it.
  router.ssr = { manifest: undefined }
  const prerenderedPath = container.dataset.prerendered
  if (prerenderedPath && prerenderedPath === router.state.location.pathname) {
    // The router scrolls to the top when it first renders (its reset flag, `_scroll.n`, which no
    // option turns off for the first render alone), and the visitor may have scrolled the painted
    // page long before: the page stays where the visitor has it (e2e/start.spec.ts).
    router._scroll.n = false
    // As a transition, hydration yields to the browser between chunks (no long blocking task);
    // the page's parts hydrate after the bar, each on its own (components/ui/hydrated-apart.tsx).
    startTransition(() => {
      hydrateRoot(container, <App router={router} />)
    })
  } else {
    // A route that was not prerendered (or the shell of a signed-in page): render it afresh.
    createRoot(container).render(<App router={router} />)
    // The prerendered markup is replaced: what was clicked on it is gone.
    discardEarlyInput()
  }
}

void start()
