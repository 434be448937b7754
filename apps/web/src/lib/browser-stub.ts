import { env } from '../config/env'

// The demo's own signing key, kept with the stub's state in this browser.
const DEMO_SIGNING_KEY = 'devenv-demo-signing-key'

/**
 * A key of this browser's own for the demo's tokens: the stub's fixed development key is public
 * (and the stub warns about it, a note for developers that a demo's visitor has no use for).
 */
function demoSigningKey(): string {
  try {
    const kept = localStorage.getItem(DEMO_SIGNING_KEY)
    if (kept && /^[0-9a-f]{64}$/.test(kept)) return kept
  } catch {
    // Storage refused (private mode): a key for this page load only.
  }
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  const key = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  try {
    localStorage.setItem(DEMO_SIGNING_KEY, key)
  } catch {
    // As above: the tokens of this page load are then refused after a reload, and renewed.
  }
  return key
}

/**
 * The stub inside the browser, for `npm run dev -- --stub=browser` and the static demo: MSW's
 * service worker answers the site's /api and /__dev calls with the stub's own semantics, so no API
 * server runs. It is reached only through this dynamic import behind __BROWSER_STUB__, a build-time
 * constant: in every other build the branch is dead code and neither the stub nor MSW is bundled.
 */
export async function startBrowserStub(): Promise<void> {
  if (!__BROWSER_STUB__) return
  performance.mark('browser-stub:start')
  const { createBrowserStub, exchangeLine } = await import('@devenv/stub-api/msw')
  const hot = import.meta.hot
  await createBrowserStub({
    // Links in the stub's mails point at this site, wherever it is served.
    siteUrl: location.origin,
    ...(env.appEnv === 'demo' ? { jwtSecret: demoSigningKey() } : {}),
    // In development each request's line (also on the console) goes to Vite's terminal too.
    ...(hot
      ? { onExchange: (exchange) => hot.send('devenv:stub-exchange', exchangeLine(exchange)) }
      : {}),
  })
  // Read by the browser-stub benchmark (scripts/bench-browser-stub.mjs): import, worker, ready.
  performance.measure('browser-stub', 'browser-stub:start')
}
