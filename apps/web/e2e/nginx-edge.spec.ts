import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { type AddressInfo, connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { type Served, startDemoServer, startServer } from '../scripts/serve.mjs'

/**
 * What nginx itself does in front of the site and the stub: the visitor's address
 * reaches the stub's rate limits, nginx's own error pages carry the security headers, and its
 * access log never holds a reset hash or an activation token.
 */

type Answer = { status: number; headers: IncomingHttpHeaders; body: string }

/** One request over HTTP from a chosen local address (127.0.0.2 is another visitor). */
function send(
  url: string,
  options: { method?: string; from?: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        ...(options.from ? { localAddress: options.from } : {}),
      },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          body += chunk
        })
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        )
      },
    )
    outgoing.on('error', reject)
    outgoing.end(options.body)
  })
}

/** Bytes nginx must refuse before any location; the head of its answer, parsed. */
function sendRaw(port: number, bytes: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port })
    const chunks: Buffer[] = []
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const [head = '', body = ''] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n', 2)
      const [statusLine = '', ...lines] = head.split('\r\n')
      const headers: IncomingHttpHeaders = {}
      for (const line of lines) {
        const colon = line.indexOf(':')
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body })
    })
    socket.end(bytes)
  })
}

const contact = {
  firstName: 'Nino',
  lastName: 'Beridze',
  email: 'nino.beridze@example.com',
  company: '',
  phone: '',
  inquiryType: 'support',
  message: 'My environment has been provisioning for an hour.',
  newsletter: false,
  timestamp: '2026-03-02T09:42:13.512Z',
  source: 'website_contact_form',
  userAgent: 'Mozilla/5.0',
}
/** The contract's per-client window of POST /contact. */
const CONTACT_WINDOW = 10

test('two visitors through nginx have rate-limit buckets of their own', async ({ baseURL }) => {
  // A stub session of its own: its windows start empty whatever else the suite did.
  const headers = {
    'content-type': 'application/json',
    'x-stub-session': `nginx-edge-${Date.now()}-${Math.random().toString(16).slice(2)}`,
  }
  const submit = (from: string) =>
    send(`${baseURL}/api/contact`, { method: 'POST', from, headers, body: JSON.stringify(contact) })
  for (let sent = 0; sent < CONTACT_WINDOW; sent++) {
    expect((await submit('127.0.0.2')).status).toBe(201)
  }
  const full = await submit('127.0.0.2')
  expect(full.status).toBe(429)
  expect(Number(full.headers['retry-after'])).toBeGreaterThan(0)
  expect((await submit('127.0.0.3')).status).toBe(201)
})

test("nginx's own 400, 414 and 405 answers carry the security headers", async ({ baseURL }) => {
  const port = Number(new URL(baseURL ?? '').port)
  for (const [bytes, status] of [
    ['GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header Line\r\n\r\n', 400],
    ['GET / HTTP/1.1\r\n\r\n', 400],
    [`GET /${'a'.repeat(9000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, 414],
    ['TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 405],
  ] as const) {
    const answer = await sendRaw(port, bytes)
    expect(answer.status, bytes.slice(0, 30)).toBe(status)
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'")
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(answer.headers['x-frame-options']).toBe('DENY')
    expect(answer.headers['referrer-policy']).toBe('strict-origin')
  }
})

test('sitemap.xml is served as UTF-8', async ({ request }) => {
  const response = await request.get('/sitemap.xml')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/xml; charset=utf-8$/)
})

/** How long a test's own nginx may take to start or to write its log (generous: a busy machine). */
const NGINX_WAIT_MS = 20_000

/** A port free right now on 127.0.0.1 (nginx cannot say which one it took for port 0). */
async function freePort(): Promise<number> {
  const probe = createServer()
  probe.listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const { port } = probe.address() as AddressInfo
  probe.close()
  await once(probe, 'close')
  return port
}

async function stop(served: Served): Promise<void> {
  if (served.child.exitCode !== null) return
  const exited = once(served.child, 'exit')
  served.child.kill('SIGQUIT')
  await exited
}

/** The access log once it holds `lines` lines (nginx writes it just after answering). */
async function accessLog(served: Served, lines: number): Promise<string> {
  const file = join(served.prefix, 'access.log')
  await expect
    .poll(() => readFileSync(file, 'utf8').split('\n').filter(Boolean).length, {
      timeout: NGINX_WAIT_MS,
    })
    .toBeGreaterThanOrEqual(lines)
  return readFileSync(file, 'utf8')
}

const HASH = '0123456789abcdef0123456789abcdef01234567'
const ACTIVATION = 'act-9f8e7d6c5b4a39281706f5e4d3c2b1a0'
const SECRET_ADDRESSES = [
  `/reset-password?user=nino%40example.com&hash=${HASH}`,
  `/?activate=${ACTIVATION}&auth=login`,
]

/** Waits for a server of the test's own, opens every secret-bearing address, returns its log. */
async function logOfSecretAddresses(served: Served): Promise<string> {
  await expect
    .poll(async () => (await send(`${served.url}/`, {}).catch(() => null))?.status, {
      timeout: NGINX_WAIT_MS,
    })
    .toBe(200)
  for (const address of SECRET_ADDRESSES) {
    expect((await send(`${served.url}${address}`, {})).status).toBe(200)
  }
  return accessLog(served, 3)
}

test("an API that is down: nginx's own 502 carries the API's policy, once", async () => {
  // Nothing listens on the upstream port: nginx cannot reach the API. Its answer stays its own
  // (the site reads it as no usable answer, with the requirements' texts), with the API's headers.
  const served = startServer({
    port: await freePort(),
    upstream: `http://127.0.0.1:${await freePort()}`,
  })
  try {
    await expect
      .poll(async () => (await send(`${served.url}/`, {}).catch(() => null))?.status, {
        timeout: NGINX_WAIT_MS,
      })
      .toBe(200)
    const answer = await send(`${served.url}/api/health`, {})
    expect(answer.status).toBe(502)
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(answer.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    )
    expect(answer.headers['referrer-policy']).toBe('no-referrer')
    expect(answer.headers['x-frame-options']).toBe('DENY')
  } finally {
    await stop(served)
  }
})

test.describe('access logs keep no secret query', () => {
  test('of the production site', async () => {
    // A server of this test's own, whose log it can read (its pages need no API).
    const served = startServer({ port: await freePort() })
    try {
      const log = await logOfSecretAddresses(served)
      expect(log).toContain('"GET /reset-password HTTP/1.1" 200')
      for (const secret of [HASH, ACTIVATION, 'nino%40example.com'])
        expect(log).not.toContain(secret)
    } finally {
      await stop(served)
    }
  })

  test('of the static demo', async () => {
    const root = mkdtempSync(join(tmpdir(), 'devenv-demo-root-'))
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>demo</title>')
    const served = startDemoServer({ root, port: await freePort() })
    try {
      const log = await logOfSecretAddresses(served)
      for (const secret of [HASH, ACTIVATION, 'nino%40example.com'])
        expect(log).not.toContain(secret)
    } finally {
      await stop(served)
      rmSync(root, { recursive: true, force: true })
    }
  })
})
