import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createTokenService } from '../security/tokens'
import type { Account } from './records'
import { isSessionActive, rotateRefreshToken, signOutWith, startSession } from './sessions'
import { StubStore } from './store'

const DAY = 24 * 60 * 60 * 1000
// Refresh tokens of a week: the test's days are counted against it.
const tokens = createTokenService({
  secret: 's'.repeat(32),
  validSeconds: 900,
  refreshValidSeconds: (7 * DAY) / 1000,
})
const account: Account = {
  id: '3f6c2a9e-8b1d-4c7a-9e2f-5a1b7c3d9e04',
  email: 'user@devenv.example',
  passwordHash: 'scrypt$1$1$1$a$b',
  firstName: 'Nino',
  lastName: 'Beridze',
  company: null,
  userType: 'PERSONAL',
  roles: [],
  demo: false,
  activated: true,
  createdAt: 0,
}

function storeAt(start: number) {
  let now = start
  const store = new StubStore('test', () => now, randomBytes, 'on')
  store.accounts.set(account.id, account)
  return { store, advance: (ms: number) => (now += ms) }
}

describe('sign-in sessions', () => {
  it('are forgotten once their refresh tokens have expired, and not before', async () => {
    const { store, advance } = storeAt(Date.parse('2026-03-02T10:00:00Z'))
    const old = await startSession(store, tokens, account)
    advance(6 * DAY)
    await startSession(store, tokens, account)
    expect(store.sessions.size).toBe(2)
    advance(2 * DAY)
    const fresh = await startSession(store, tokens, account)
    expect(store.sessions.size).toBe(2)
    expect(store.refreshTokens.size).toBe(2)
    expect((await rotateRefreshToken(store, tokens, old.refresh_token)).ok).toBe(false)
    expect((await rotateRefreshToken(store, tokens, fresh.refresh_token)).ok).toBe(true)
  })

  it('end with sign-out, idempotently', async () => {
    const { store } = storeAt(0)
    const pair = await startSession(store, tokens, account)
    const [session] = store.sessions.values()
    signOutWith(store, pair.refresh_token)
    signOutWith(store, pair.refresh_token)
    signOutWith(store, 'unknown')
    expect(session && isSessionActive(store, session.id, account.id)).toBe(false)
  })
})
