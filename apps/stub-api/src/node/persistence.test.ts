import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { emptySnapshot } from '../core/state/store'
import { startTestStub, USER } from '../test-support'
import {
  loadStateFile,
  PersistenceError,
  STATE_FILE_VERSION,
  StateWriter,
  serializeState,
} from './persistence'

let folder: string
let dataFile: string
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'stub-state-'))
  dataFile = join(folder, 'state.json')
})
afterEach(async () => {
  await rm(folder, { recursive: true, force: true })
})

const goService = {
  name: 'checkout-api',
  template: 'go-1.23',
  size: 'professional',
  region: 'eu-central',
}

describe('DATA_FILE persistence', () => {
  it('keeps accounts, sessions, environments and the clock across a restart', async () => {
    const first = await startTestStub({ dataFile })
    const pair = await first.signIn(USER.email, USER.password)
    const created = await first.call({
      url: '/api/environments',
      token: pair.access_token,
      body: goService,
    })
    await first.call({
      url: '/api/auth/change-password',
      body: { username: USER.email, oldPassword: USER.password, newPassword: 'Persisted-Pass-1' },
    })
    await first.call({ url: '/__dev/clock', body: { offsetSeconds: 30 } })
    await first.close()

    const second = await startTestStub({ dataFile })
    const again = await second.call({
      url: `/api/environments/${created.json().id}`,
      token: pair.access_token,
    })
    expect(again.statusCode).toBe(200)
    expect(again.json().name).toBe('checkout-api')
    await second.signIn(USER.email, 'Persisted-Pass-1')
    expect((await second.call({ url: '/__dev/clock' })).json().offsetSeconds).toBe(30)
    await second.close()
  })

  it('has the change on disk before the answer is sent', async () => {
    const stub = await startTestStub({ dataFile })
    const response = await stub.call({
      url: '/api/auth/registration',
      body: {
        username: 'durable@example.com',
        password: 'Tbilisi-Sunrise-2025',
        userType: 'PERSONAL',
      },
    })
    expect(response.statusCode).toBe(201)
    // Read before close(): only the write that the answer waited for can have put it there.
    const file = JSON.parse(await readFile(dataFile, 'utf8'))
    expect(file.format).toBe('devenv-stub-state')
    expect(file.version).toBe(STATE_FILE_VERSION)
    expect(file.store.accounts.map((account: { email: string }) => account.email)).toContain(
      'durable@example.com',
    )
    expect(JSON.stringify(file)).not.toContain('Tbilisi-Sunrise-2025')
    await stub.close()
  })

  it('does not persist isolated X-Stub-Session stores', async () => {
    const stub = await startTestStub({ dataFile })
    await stub.call({
      url: '/api/auth/registration',
      body: {
        username: 'isolated@example.com',
        password: 'Tbilisi-Sunrise-2025',
        userType: 'PERSONAL',
      },
      session: 'test-a',
    })
    await stub.close()
    expect(await readFile(dataFile, 'utf8')).not.toContain('isolated@example.com')
  })

  it('ignores and removes a partial temporary file left by a kill -9 mid-write', async () => {
    const first = await startTestStub({ dataFile })
    await first.call({
      url: '/api/auth/registration',
      body: {
        username: 'kept@example.com',
        password: 'Tbilisi-Sunrise-2025',
        userType: 'PERSONAL',
      },
    })
    await first.close()
    await writeFile(
      `${dataFile}.1234567`,
      '{"format":"devenv-stub-state","version":1,"store":{"acc',
    )
    const second = await startTestStub({ dataFile })
    const duplicate = await second.call({
      url: '/api/auth/registration',
      body: {
        username: 'kept@example.com',
        password: 'Tbilisi-Sunrise-2025',
        userType: 'PERSONAL',
      },
    })
    expect(duplicate.statusCode).toBe(409)
    expect(await readdir(folder)).toEqual(['state.json'])
    await second.close()
  })

  it('moves an unreadable state file aside and starts from the seeds', async () => {
    await writeFile(dataFile, '{"format":"devenv-stub-state","version":1,"store":')
    const stub = await startTestStub({ dataFile })
    await stub.signIn(USER.email, USER.password)
    const names = await readdir(folder)
    expect(names.some((name) => name.startsWith('state.json.corrupt-'))).toBe(true)
    await stub.close()
  })

  it('refuses to start on a file written by a newer stub, leaving it untouched', async () => {
    const newer = JSON.stringify({
      format: 'devenv-stub-state',
      version: STATE_FILE_VERSION + 1,
      savedAt: '',
      store: {},
    })
    await writeFile(dataFile, newer)
    await expect(startTestStub({ dataFile })).rejects.toThrow(PersistenceError)
    expect(await readFile(dataFile, 'utf8')).toBe(newer)
  })
})

describe('loadStateFile', () => {
  it('reads back what serializeState wrote', async () => {
    const snapshot = { ...emptySnapshot(), clockOffsetMs: 5000 }
    await writeFile(dataFile, serializeState(snapshot, 0))
    const loaded = await loadStateFile(dataFile, 0)
    expect(loaded).toEqual({ status: 'loaded', snapshot, removedTempFiles: [] })
    expect((await loadStateFile(join(folder, 'none.json'), 0)).status).toBe('missing')
  })
})

describe('StateWriter', () => {
  it('coalesces saves asked for during a write into one more write', async () => {
    let snapshots = 0
    const writer = new StateWriter(
      dataFile,
      () => {
        snapshots++
        return { ...emptySnapshot(), clockOffsetMs: snapshots }
      },
      () => 0,
    )
    await Promise.all(Array.from({ length: 20 }, () => writer.save()))
    expect(snapshots).toBe(2)
    const file = JSON.parse(await readFile(dataFile, 'utf8'))
    expect(file.store.clockOffsetMs).toBe(2)
    await writer.save()
    await writer.flush()
    expect(snapshots).toBe(3)
  })
})
