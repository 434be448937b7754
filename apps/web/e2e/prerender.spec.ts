import { expect, test } from '@playwright/test'
import { test as stubTest } from './stub'
import { watchConsole } from './support'

const PAGES = [
  { path: '/', title: 'AI-Native Development Environments' },
  { path: '/pricing', title: 'Pricing | DevEnv' },
  { path: '/contact', title: 'Contact Us | DevEnv' },
  { path: '/reset-password', title: 'Reset Password | DevEnv' },
  { path: '/legal/terms-of-service', title: 'Terms of Service | DevEnv' },
  { path: '/legal/privacy-policy', title: 'Privacy Policy | DevEnv' },
  { path: '/404', title: 'Page Not Found | DevEnv' },
]

const attribute = (html: string, pattern: RegExp) => html.match(pattern)?.[1]

test.describe('prerendered HTML', () => {
  for (const { path, title } of PAGES) {
    test(`${path} is served as HTML with its title, description and content (SITE-6)`, async ({
      request,
    }) => {
      const response = await request.get(path)
      expect(response.status()).toBe(path === '/404' ? 404 : 200)
      const html = await response.text()
      expect(html).toContain(`<title>${title.replace('&', '&amp;')}</title>`)
      expect(attribute(html, /<meta name="description" content="([^"]+)"/)).toBeTruthy()
      expect(attribute(html, /<link rel="canonical" href="([^"]+)"/)).toBe(
        `https://devenv.example${path}`,
      )
      expect(attribute(html, /<meta property="og:title" content="([^"]+)"/)).toBe(title)
      expect(attribute(html, /<meta property="og:url" content="([^"]+)"/)).toBe(
        `https://devenv.example${path}`,
      )
      expect(html).toMatch(/<meta property="og:description" content="[^"]+"/)
      expect(html).toContain(`data-prerendered="${path}"`)
      expect(html).toMatch(/<h1[^>]*>/)
      expect(response.headers()['cache-control']).toBe('no-cache')
    })
  }

  test('an unknown path answers 404 with the Not Found page (SITE-3)', async ({ request }) => {
    const response = await request.get('/definitely/not/here')
    expect(response.status()).toBe(404)
    expect(await response.text()).toContain('Page Not Found')
  })

  // SITE-1: the signed-in routes.
  test('signed-in routes answer the app shell with 200', async ({ request }) => {
    for (const path of ['/technical', '/admin', '/my/page', '/changeprofile', '/dashboard']) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      const html = await response.text()
      expect(html).toContain('<div id="root"></div>')
      expect(html).toContain('noindex')
    }
  })

  test('security headers: CSP without unsafe-inline, and the rest', async ({ request }) => {
    const response = await request.get('/')
    const headers = response.headers()
    const csp = headers['content-security-policy'] ?? ''
    const directives = Object.fromEntries(
      csp.split(';').map((part) => {
        const [name, ...values] = part.trim().split(/\s+/)
        return [name, values.join(' ')]
      }),
    )
    expect(directives['script-src']).toMatch(/^'self' 'sha256-[A-Za-z0-9+/=]+'$/)
    expect(directives['style-src']).not.toContain('unsafe-inline')
    expect(directives['frame-ancestors']).toBe("'none'")
    expect(directives['object-src']).toBe("'none'")
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('strict-origin')
    expect(headers['x-frame-options']).toBe('DENY')
    expect(headers['permissions-policy']).toContain('camera=()')
    const notFound = await request.get('/nope')
    expect(notFound.headers()['content-security-policy']).toBe(csp)
  })

  test('hashed assets are cached for a year, immutable', async ({ request }) => {
    const html = await (await request.get('/')).text()
    const script = attribute(html, /<script type="module" crossorigin src="([^"]+)"/)
    expect(script).toMatch(/^\/assets\//)
    const response = await request.get(script ?? '')
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  test('sitemap.xml and robots.txt come with the build', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text()
    for (const path of [
      '/',
      '/pricing',
      '/contact',
      '/legal/terms-of-service',
      '/legal/privacy-policy',
    ]) {
      expect(sitemap).toContain(`<loc>https://devenv.example${path}</loc>`)
    }
    const robots = await (await request.get('/robots.txt')).text()
    expect(robots).toContain('Sitemap: https://devenv.example/sitemap.xml')
  })

  test('/api is proxied to the stub', async ({ request }) => {
    const response = await request.get('/api/health')
    expect(response.status()).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'ok' })
  })
})

test.describe('hydration', () => {
  for (const { path } of PAGES) {
    test(`${path} hydrates without a mismatch or CSP report, public: no sign-in asked (SITE-1, SITE-6)`, async ({
      page,
    }) => {
      const messages = watchConsole(page)
      await page.goto(path)
      await expect(page.locator('#root')).toHaveAttribute('data-prerendered', path)
      // Hydration is done when React has attached (the app marks it): the theme button reacts.
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      // A public page stays where it is, signed out, with no sign-in modal over it.
      await expect(page).toHaveURL(path)
      await expect(page.getByRole('dialog', { name: 'Sign In' })).toHaveCount(0)
      await page.getByRole('button', { name: 'Switch to dark theme' }).click()
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
      const bad = messages.filter((text) =>
        /hydrat|#418|#423|#425|did not match|Content Security Policy|Refused to/i.test(text),
      )
      expect(bad).toEqual([])
    })
  }

  stubTest('a signed-in visitor in Georgian hydrates cleanly too', async ({ page, stub }) => {
    await stub.signIn(page)
    await page.addInitScript(() => localStorage.setItem('preferred-locale', 'ka'))
    const messages = watchConsole(page)
    await page.goto('/pricing')
    await expect(page.getByRole('button', { name: 'Nino Beridze' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'ka')
    expect(messages.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([])
  })
})
