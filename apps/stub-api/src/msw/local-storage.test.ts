import { loadPortableContract } from '@devenv/openapi/portable'
import { getResponse, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createStubCore } from '../core'
import { createStubHandlers } from './handlers'
import { type KeyValueStorage, localStoragePersistence } from './local-storage'

function memoryStorage(): KeyValueStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>()
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  }
}

const KEY = 'devenv-stub-state'

/** One page load: a core over the storage, its handlers, and a way to send a request. */
async function pageLoad(storage: KeyValueStorage) {
  const core = createStubCore({
    contract: loadPortableContract(),
    mode: 'test',
    scryptCost: 1024,
    persistence: localStoragePersistence(storage, KEY),
  })
  await core.ready()
  const handlers = createStubHandlers(core)
  return async (method: string, path: string, body?: unknown) => {
    const request = new Request(`http://localhost:4200${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    })
    const response =
      (await getResponse(handlers, request)) ?? HttpResponse.text('unhandled', { status: 599 })
    return { status: response.status, json: (await response.json()) as Record<string, unknown> }
  }
}

describe('the browser stub state in localStorage', () => {
  it('survives a full page load: a registration is still there, its mail readable', async () => {
    const storage = memoryStorage()
    const first = await pageLoad(storage)
    const registered = await first('POST', '/api/auth/registration', {
      username: 'page.load@example.com',
      password: 'Page-Load-Pass-2026!',
      userType: 'PERSONAL',
    })
    expect(registered.status).toBe(201)
    expect(storage.entries.get(KEY)).toContain('page.load@example.com')

    const second = await pageLoad(storage)
    const mails = await second('GET', '/__dev/mailbox?to=page.load%40example.com')
    expect(mails.json.items).toHaveLength(1)
    const again = await second('POST', '/api/auth/registration', {
      username: 'page.load@example.com',
      password: 'Page-Load-Pass-2026!',
      userType: 'PERSONAL',
    })
    expect(again.status).toBe(409)
  })

  it('starts from the seeds when nothing is stored', async () => {
    const persistence = localStoragePersistence(memoryStorage(), KEY)
    expect(await persistence.load()).toEqual({ status: 'missing' })
  })

  it('keeps an unreadable entry aside and starts from the seeds', async () => {
    for (const [text, reason] of [
      ['{not json', 'not valid JSON'],
      ['{"version":2,"store":{}}', 'not a stub state of version 1'],
      ['{"version":1,"store":{"accounts":"many"}}', 'unexpected content'],
    ] as const) {
      const storage = memoryStorage()
      storage.setItem(KEY, text)
      const loaded = await localStoragePersistence(storage, KEY).load()
      expect(loaded).toMatchObject({ status: 'corrupt', movedTo: `${KEY}.corrupt` })
      expect(loaded.status === 'corrupt' && loaded.reason).toContain(reason)
      expect(storage.getItem(`${KEY}.corrupt`)).toBe(text)
      expect(storage.getItem(KEY)).toBeNull()
    }
  })
})
