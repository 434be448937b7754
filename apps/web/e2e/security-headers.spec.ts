import { expect, test } from '@playwright/test'
import { CLIENT_ROUTES, PRERENDERED_ROUTES } from '../scripts/site.mjs'

/**
 * Every document the production server answers carries the same security headers (docs/security.md,
 * ASVS 14.4): each prerendered page, each client route's shell, the 404 and the API proxy; hashed
 * assets carry nosniff. nginx drops inherited add_header lines in any location that sets its own,
 * so each is checked.
 */
const PAGES = [
  ...PRERENDERED_ROUTES.map((route) => route.path),
  ...CLIENT_ROUTES,
  '/no/such/page',
  '/sitemap.xml',
  '/robots.txt',
  '/favicon.svg',
]

const directivesOf = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values.join(' ')]),
  )

test.describe('security headers on every served page', () => {
  for (const path of PAGES) {
    test(`${path}`, async ({ request }) => {
      const response = await request.get(path)
      expect([200, 404]).toContain(response.status())
      const headers = response.headers()
      const csp = directivesOf(headers['content-security-policy'] ?? '')
      expect(csp['default-src']).toBe("'self'")
      expect(csp['script-src']).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/=]+')*$/)
      expect(csp['script-src']).not.toMatch(/unsafe/)
      expect(csp['style-src'] ?? '').not.toMatch(/unsafe/)
      expect(csp['object-src']).toBe("'none'")
      expect(csp['frame-ancestors']).toBe("'none'")
      expect(csp['base-uri']).toBeDefined()
      expect(headers['x-content-type-options']).toBe('nosniff')
      expect(headers['x-frame-options']).toBe('DENY')
      expect(headers['referrer-policy']).toBe('strict-origin')
      expect(headers['cross-origin-opener-policy']).toBe('same-origin')
      expect(headers['permissions-policy']).toContain('camera=()')
      expect(headers.server ?? '').not.toMatch(/\d/)
    })
  }

  // Scripts and stylesheets are no documents: a CSP, frame or referrer policy on them protects
  // nothing, and would be sent again with every one of them (decisions: lean asset headers).
  test('a hashed asset carries nosniff and its caching, not the document policies', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text()
    const script = html.match(/<script type="module" crossorigin[^>]* src="([^"]+)"/)?.[1] ?? ''
    const response = await request.get(script)
    expect(response.status()).toBe(200)
    const headers = response.headers()
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable')
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'permissions-policy',
      'cross-origin-opener-policy',
      'etag',
    ]) {
      expect(headers[name], name).toBeUndefined()
    }
  })

  test('the API behind /api answers with its own strict policy', async ({ request }) => {
    const response = await request.get('/api/health')
    expect(response.status()).toBe(200)
    // Once each (a second copy would be joined to the first).
    expect(response.headers()['content-security-policy']).toMatch(
      /^default-src 'none'; ?frame-ancestors 'none'; ?base-uri 'none'; ?form-action 'none'$/,
    )
    expect(response.headers()['x-content-type-options']).toBe('nosniff')
    expect(response.headers()['referrer-policy']).toBe('no-referrer')
    expect(response.headers()['x-frame-options']).toBe('DENY')
  })
})
