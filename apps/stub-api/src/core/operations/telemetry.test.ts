import { SECURITY_EVENT_TYPES, SECURITY_LOG_LIMIT } from '@devenv/domain/event-log'
import { getAtPointer, loadOpenApiDocument } from '@devenv/openapi'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startTestStub, type TestStub } from '../test-support'

let stub: TestStub
beforeEach(async () => {
  stub = await startTestStub({ rateLimits: 'relaxed' })
})
afterEach(async () => {
  await stub.close()
})

const event = (index: number) => ({
  type: '404_page_access',
  id: `evt-${index}`,
  timestamp: '2026-03-02T09:30:13.512Z',
  userAgent: 'Mozilla/5.0',
  url: 'http://127.0.0.1:5173/infrastructure/servers',
  details: { original_path: '/infrastructure/servers', referrer: 'direct', section: 'faq' },
})

const report = {
  message: 'TypeError: x is undefined',
  url: 'http://127.0.0.1:5173/admin',
  timestamp: '2026-03-02T09:35:02.004Z',
  userAgent: 'Mozilla/5.0',
  context: { route: '/admin', status: 200, signedIn: true },
}

describe('POST /security/log', () => {
  // EVENT-1: POST /security/log records the events.
  it('records events and keeps the newest SECURITY_LOG_LIMIT', async () => {
    for (let index = 0; index < SECURITY_LOG_LIMIT + 5; index++) {
      const answer = await stub.call({ url: '/api/security/log', body: event(index) })
      expect(answer.statusCode).toBe(204)
    }
    const items = (await stub.call({ url: '/__dev/security-log' })).json().items
    expect(items).toHaveLength(SECURITY_LOG_LIMIT)
    expect(items[0].body.id).toBe(`evt-${SECURITY_LOG_LIMIT + 4}`)
    expect(items.at(-1).body.id).toBe('evt-5')
  })

  it('refuses details that are not strings', async () => {
    const answer = await stub.call({
      url: '/api/security/log',
      body: { ...event(1), details: { count: 3 } },
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.json().errors).toEqual({ 'details.count': 'Must be a string' })
  })
})

describe('POST /errors/log', () => {
  it('records client errors, listable in development', async () => {
    expect((await stub.call({ url: '/api/errors/log', body: report })).statusCode).toBe(204)
    const items = (await stub.call({ url: '/__dev/errors' })).json().items
    expect(items[0].body).toEqual(report)
  })

  it('limits reports to 120 per client per minute (documented), relaxed here by RATE_LIMITS=relaxed', async () => {
    const strict = await startTestStub()
    for (let index = 0; index < 120; index++)
      await strict.call({ url: '/api/errors/log', body: report })
    const limited = await strict.call({ url: '/api/errors/log', body: report })
    expect(limited.statusCode).toBe(429)
    await strict.close()
    for (let index = 0; index < 121; index++) {
      expect((await stub.call({ url: '/api/errors/log', body: report })).statusCode).toBe(204)
    }
  })
})

describe('event types', () => {
  it("the contract's description names exactly the domain's list", () => {
    const document = loadOpenApiDocument()
    const schema = getAtPointer(document, '#/components/schemas/SecurityEvent/properties/type') as {
      description: string
    }
    const named = [...schema.description.matchAll(/`([a-z0-9_]+)`/g)].map((match) => match[1])
    expect(named).toEqual([...SECURITY_EVENT_TYPES])
  })
})
