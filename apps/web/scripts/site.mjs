// The public, prerendered routes and where their HTML goes; shared by prerender, budget and bench.
export const PRERENDERED_ROUTES = [
  { path: '/', file: 'index.html', source: 'index.tsx', sitemap: true },
  { path: '/pricing', file: 'pricing/index.html', source: 'pricing.tsx', sitemap: true },
  { path: '/contact', file: 'contact/index.html', source: 'contact.tsx', sitemap: true },
  {
    path: '/reset-password',
    // Without a query: the page's verdict on a missing link, prerendered. With one (`withQuery`,
    // rendered for `?link`): the shell the browser's check of the link replaces. nginx chooses.
    file: 'reset-password/index.html',
    withQuery: 'reset-password/link.html',
    source: 'reset-password.tsx',
    sitemap: false,
  },
  {
    path: '/legal/terms-of-service',
    file: 'legal/terms-of-service/index.html',
    source: 'legal/terms-of-service.tsx',
    sitemap: true,
  },
  {
    path: '/legal/privacy-policy',
    file: 'legal/privacy-policy/index.html',
    source: 'legal/privacy-policy.tsx',
    sitemap: true,
  },
  { path: '/404', file: '404.html', source: '404.tsx', sitemap: false },
]

/** Client-only routes: nginx answers them with the app shell (200), not the 404 page. */
export const CLIENT_ROUTES = ['/technical', '/admin', '/my/page', '/changeprofile', '/dashboard']

export const APP_SHELL_FILE = 'app-shell.html'
export const DEFAULT_SITE_ORIGIN = 'https://devenv.example'

/** MSW's service worker script: vite.config.ts serves and emits it only in the browser-stub modes. */
export const MSW_WORKER_FILE = 'mockServiceWorker.js'

/**
 * Text that only the stub in the browser carries: MSW's worker handshake, the worker's address,
 * the stub session header and the mailbox route. None may be in the production build; every one
 * must be in the demo (scripts/check-no-stub.mjs checks both, so a stale marker cannot pass).
 */
export const BROWSER_STUB_MARKERS = [
  'MOCKING_ENABLED',
  MSW_WORKER_FILE,
  'x-stub-session',
  '/__dev/mailbox',
]
