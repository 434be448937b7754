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
    // In development each request's line (also on the console) goes to Vite's terminal too.
    ...(hot
      ? { onExchange: (exchange) => hot.send('devenv:stub-exchange', exchangeLine(exchange)) }
      : {}),
  })
  // Read by the browser-stub benchmark (scripts/bench-browser-stub.mjs): import, worker, ready.
  performance.measure('browser-stub', 'browser-stub:start')
}
