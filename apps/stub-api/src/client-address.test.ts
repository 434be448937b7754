import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { buildServer } from './server'
import { CONTACT_SUBMISSION } from './test-support'

// The rate limits key on the client's address; behind nginx that address is in X-Forwarded-For.
/** The contract's per-client window of POST /contact. */
const CONTACT_WINDOW = 10

let app: FastifyInstance | undefined
afterEach(async () => {
  await app?.close()
  app = undefined
})

async function listening(trustProxy: string[]): Promise<number> {
  app = buildServer({ mode: 'test', logLevel: 'silent', scryptCost: 1024, trustProxy })
  await app.listen({ host: '127.0.0.1', port: 0 })
  return (app.server.address() as AddressInfo).port
}

/** POST /api/contact from a given local address, with an optional X-Forwarded-For. */
function submit(port: number, from: string, forwardedFor?: string) {
  return new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path: '/api/contact',
        headers: {
          'content-type': 'application/json',
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      },
      (response) => {
        response.resume()
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers['retry-after'] as string | undefined,
          }),
        )
      },
    )
    outgoing.on('error', reject)
    outgoing.end(JSON.stringify(CONTACT_SUBMISSION))
  })
}

describe('the client address of the rate limits', () => {
  it('comes from X-Forwarded-For when a trusted proxy sends it: one bucket per visitor', async () => {
    const port = await listening(['127.0.0.1'])
    for (let sent = 0; sent < CONTACT_WINDOW; sent++) {
      expect((await submit(port, '127.0.0.1', '127.0.0.2')).status).toBe(201)
    }
    const full = await submit(port, '127.0.0.1', '127.0.0.2')
    expect(full.status).toBe(429)
    expect(Number(full.retryAfter)).toBeGreaterThan(0)
    expect((await submit(port, '127.0.0.1', '127.0.0.3')).status).toBe(201)
  })

  it('is the sender when an untrusted peer forges X-Forwarded-For', async () => {
    const port = await listening(['127.0.0.1'])
    // A new forged address each time: had the header been believed, no window would fill.
    for (let sent = 0; sent < CONTACT_WINDOW; sent++) {
      expect((await submit(port, '127.0.0.2', `10.0.0.${sent + 1}`)).status).toBe(201)
    }
    expect((await submit(port, '127.0.0.2', '10.0.0.99')).status).toBe(429)
    // Another visitor through the trusted proxy is not affected.
    expect((await submit(port, '127.0.0.1', '127.0.0.3')).status).toBe(201)
  })

  it('is the socket peer when no proxy is trusted (the default)', async () => {
    const port = await listening([])
    for (let sent = 0; sent < CONTACT_WINDOW; sent++) {
      expect((await submit(port, '127.0.0.1', `10.0.1.${sent + 1}`)).status).toBe(201)
    }
    expect((await submit(port, '127.0.0.1', '10.0.1.99')).status).toBe(429)
  })
})
