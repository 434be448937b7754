import { gzipSync } from 'node:zlib'
import { expect, test } from '@playwright/test'

const HOME_BUDGET_BYTES = 130 * 1024

// The static check (scripts/check-budget.mjs) sees what the HTML names; this one also counts what
// the page fetches by itself afterwards (lazy chunks, idle-time loads), as a visitor's browser does.
test('the home page loads at most 130 KB of gzipped JavaScript, idle-time loads included', async ({
  page,
}) => {
  const sizes = new Map<string, number>()
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return
    const body = await response.body().catch(() => null)
    if (body) sizes.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length)
  })
  await page.goto('/')
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  // Long enough for idle callbacks and the first page-view report to have fetched their code.
  await page.waitForTimeout(3000)
  const total = [...sizes.values()].reduce((sum, size) => sum + size, 0)
  test.info().annotations.push({
    type: 'home JavaScript (gzip)',
    description: `${(total / 1024).toFixed(2)} KB in ${sizes.size} scripts`,
  })
  expect(sizes.size).toBeGreaterThan(0)
  expect(total).toBeLessThanOrEqual(HOME_BUDGET_BYTES)
  expect(
    [...sizes.keys()].filter((path) => /auth-dialog|toaster|admin|technical/.test(path)),
  ).toEqual([])
})

test('pages and assets are served from the precompressed copies, brotli first', async ({
  request,
}) => {
  const html = await (await request.get('/')).text()
  const script = html.match(/<script type="module" crossorigin[^>]* src="([^"]+)"/)?.[1] ?? ''
  expect(script).toMatch(/^\/assets\//)
  for (const path of ['/', script]) {
    const brotli = await request.get(path, { headers: { 'Accept-Encoding': 'gzip, br' } })
    expect(brotli.headers()['content-encoding'], path).toBe('br')
    expect(brotli.headers().vary, path).toBe('Accept-Encoding')
    const gzip = await request.get(path, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gzip.headers()['content-encoding'], path).toBe('gzip')
    // The same bytes in the end, whichever copy was sent.
    expect((await brotli.body()).equals(await gzip.body()), path).toBe(true)
    const brotliBytes = Number(brotli.headers()['content-length'])
    expect(brotliBytes, path).toBeLessThan(Number(gzip.headers()['content-length']))
  }
})
