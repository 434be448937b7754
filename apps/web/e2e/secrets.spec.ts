import type { Page, Request } from '@playwright/test'
import { expect, type Stub, test, USER_ACCOUNT } from './stub'
import { securityEvent, toast } from './support'

type Sent = { document: boolean; url: string; body: string; request: Request }

/**
 * Every request the page makes, with its body. API calls are read through a pass-through route
 * (the client streams its bodies, which plain request events miss); the rest by request events.
 */
async function recordNetwork(page: Page): Promise<Sent[]> {
  const sent: Sent[] = []
  const record = (request: Request) =>
    sent.push({
      document: request.resourceType() === 'document',
      url: request.url(),
      body: request.postData() ?? '',
      request,
    })
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) record(request)
  })
  await page.route('**/api/**', async (route) => {
    record(route.request())
    // On to the routes registered before this one (the security-event readers), then the network.
    await route.fallback()
  })
  return sent
}

/**
 * The `Referer` each request went out with: read from the headers as sent (`allHeaders`), since
 * the browser adds it below what `headers()` shows.
 */
async function withReferers(sent: Sent[]) {
  return Promise.all(
    sent.map(async (entry) => ({
      ...entry,
      referer: (await entry.request.allHeaders()).referer ?? '',
    })),
  )
}

/**
 * No request the page made, documents, scripts, styles and API calls alike, names the page by
 * more than its origin (the site's `Referrer-Policy: strict-origin` and the api-client's); at
 * least one script or style and one API call sent it, which proves the header is read.
 */
async function expectOriginOnlyReferers(sent: Sent[], origin: string, secret: string) {
  const requests = await withReferers(sent)
  for (const request of requests) {
    expect(request.referer, `Referer of ${request.url}`).not.toContain(secret)
    if (request.referer !== '') expect(request.referer, `Referer of ${request.url}`).toBe(origin)
  }
  const assets = requests.filter((request) =>
    ['script', 'stylesheet'].includes(request.request.resourceType()),
  )
  expect(assets.some((request) => request.referer === origin)).toBe(true)
  const api = requests.filter((request) => new URL(request.url).pathname.startsWith('/api/'))
  expect(api.some((request) => request.referer === origin)).toBe(true)
}

/** Everything the page keeps in localStorage and sessionStorage, keys and values. */
async function browserStorage(page: Page): Promise<string> {
  return page.evaluate(() =>
    JSON.stringify([localStorage, sessionStorage].map((storage) => Object.entries(storage))),
  )
}

/** What the stub stored of this session's security events and error reports. */
async function storedOnServer(stub: Stub): Promise<string> {
  const events = await (await stub.api.get('/__dev/security-log')).json()
  const errors = await (await stub.api.get('/__dev/errors')).json()
  return JSON.stringify([events, errors])
}

test.describe('secrets stay out of the event log', () => {
  test('the reset hash reaches neither storage nor the network', async ({ page, stub }) => {
    const email = USER_ACCOUNT.email
    await stub.api.post('/api/auth/reset-password', { data: { username: email } })
    const { hash } = (await stub.waitForMail(email, 'password-reset')).linkParams
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    const sent = await recordNetwork(page)
    const pageViews = () =>
      sent
        .filter((request) => request.url.endsWith('/api/security/log'))
        .map((request) => JSON.parse(request.body) as { url: string; details: object })

    const link = `/reset-password?user=${encodeURIComponent(email)}&hash=${hash}`
    await page.goto(link)
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible()
    // The page was logged, by its path only.
    await expect.poll(() => pageViews().length).toBe(1)
    expect(pageViews()[0]).toMatchObject({
      url: new URL('/reset-password', page.url()).href,
      details: { path: '/reset-password' },
    })
    // Leaving the page logs again, from a document whose address still held the hash.
    await page.getByRole('link', { name: 'Back to Home' }).click()
    await expect.poll(() => pageViews().length).toBe(2)

    // Every request but the document request of the link the user opened.
    const requests = sent.filter(
      (request) => !(request.document && request.url === new URL(link, page.url()).href),
    )
    for (const request of requests) {
      expect(`${request.url} ${request.body}`).not.toContain(hash)
    }
    // Scripts and styles of the link's own document too: nginx's Referrer-Policy.
    await expectOriginOnlyReferers(sent, new URL('/', page.url()).href, String(hash))
    expect(await browserStorage(page)).not.toContain(hash)
    expect(await storedOnServer(stub)).not.toContain(hash)
  })

  test('the activation token reaches neither storage nor any call but the activation', async ({
    page,
    stub,
  }) => {
    const email = 'secret.keeper@example.com'
    const registered = await stub.api.post('/api/auth/registration', {
      data: { username: email, password: 'Kutaisi-Bagrati-9', userType: 'PERSONAL' },
    })
    expect(registered.status()).toBe(201)
    const token = (await stub.waitForMail(email, 'activation')).linkParams.activate ?? ''
    expect(token).not.toBe('')
    const pageView = await securityEvent(page, 'page_view')
    const sent = await recordNetwork(page)

    await page.goto(`/?activate=${encodeURIComponent(token)}`)
    await expect(toast(page, 'success')).toContainText('Your account has been activated.')
    await expect(page).toHaveURL('/?auth=login')
    expect((await pageView.body).url).toBe(new URL('/', page.url()).href)

    // The one call the token is for carries it: the recorder sees bodies.
    const activation = sent.filter((request) => request.url.endsWith('/api/auth/activate'))
    expect(activation).toHaveLength(1)
    expect(activation[0]?.body).toContain(token)
    // Every other request but the document request of the link the user opened.
    const link = new URL(`/?activate=${encodeURIComponent(token)}`, page.url()).href
    const others = sent.filter(
      (request) =>
        !request.url.endsWith('/api/auth/activate') && !(request.document && request.url === link),
    )
    expect(others.some((request) => request.url.endsWith('/api/security/log'))).toBe(true)
    for (const request of others) {
      expect(`${request.url} ${request.body}`).not.toContain(token)
    }
    // Every request, the activation call included, names the page by its origin only.
    await expectOriginOnlyReferers(sent, new URL('/', page.url()).href, token)
    expect(await browserStorage(page)).not.toContain(token)
    expect(await storedOnServer(stub)).not.toContain(token)
  })
})
