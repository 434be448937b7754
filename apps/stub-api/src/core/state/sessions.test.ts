import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createTokenService, digest as digestOf } from '../security/tokens'
import type { Account } from './records'
import {
  isSessionActive,
  rotateRefreshToken,
  signOutWith,
  startSession,
  USED_TOKENS_PER_SESSION,
} from './sessions'
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
  it('answer an expired refresh token as unknown, and forget it once the table of tokens has doubled', async () => {
    const { store, advance } = storeAt(Date.parse('2026-03-02T10:00:00Z'))
    const old = await startSession(store, tokens, account)
    advance(6 * DAY)
    await startSession(store, tokens, account)
    expect(store.sessions.size).toBe(2)
    advance(2 * DAY)
    const fresh = await startSession(store, tokens, account)
    // Not swept on this pair (no scan of every token on each one), and refused all the same.
    expect(store.refreshTokens.size).toBe(3)
    expect(await rotateRefreshToken(store, tokens, old.refresh_token)).toEqual({
      ok: false,
      code: 'REFRESH_TOKEN_INVALID',
    })
    signOutWith(store, old.refresh_token)
    expect((await rotateRefreshToken(store, tokens, fresh.refresh_token)).ok).toBe(true)
    // The sweep comes when the table has doubled: the expired token and its session go then.
    while (store.refreshTokens.size < 1024) await startSession(store, tokens, account)
    await startSession(store, tokens, account)
    expect(store.refreshTokens.has(digestOf(old.refresh_token))).toBe(false)
    expect(store.sessions.size).toBe(store.refreshTokens.size - 1)
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

  it("forget a signed-out session's used refresh tokens, which answer 401 as unknown", async () => {
    const { store } = storeAt(0)
    const first = await startSession(store, tokens, account)
    const outcome = await rotateRefreshToken(store, tokens, first.refresh_token)
    if (!outcome.ok) throw new Error(outcome.code)
    signOutWith(store, outcome.pair.refresh_token)
    expect(store.refreshTokens.has(digestOf(first.refresh_token))).toBe(false)
    expect(store.usedRefreshTokens.size).toBe(0)
    for (const token of [first.refresh_token, outcome.pair.refresh_token])
      expect(await rotateRefreshToken(store, tokens, token)).toEqual({
        ok: false,
        code: 'REFRESH_TOKEN_INVALID',
      })
  })

  it(`keep the newest ${USED_TOKENS_PER_SESSION} used refresh tokens of a session refreshing in a loop, and detect their reuse`, async () => {
    const { store, advance } = storeAt(0)
    let pair = await startSession(store, tokens, account)
    const spent: string[] = []
    for (let refresh = 0; refresh < 1000; refresh++) {
      spent.push(pair.refresh_token)
      const outcome = await rotateRefreshToken(store, tokens, pair.refresh_token)
      if (!outcome.ok) throw new Error(`refresh ${refresh} answered ${outcome.code}`)
      pair = outcome.pair
      advance(1000)
    }
    // One live token and the newest used ones: not one record per refresh of the loop.
    expect(store.refreshTokens.size).toBe(USED_TOKENS_PER_SESSION + 1)
    expect(store.usedRefreshTokens.get([...store.sessions.keys()][0] ?? '')).toHaveLength(
      USED_TOKENS_PER_SESSION,
    )
    // An older used token is unknown now: refused, and the session goes on.
    expect(await rotateRefreshToken(store, tokens, spent[0] ?? '')).toEqual({
      ok: false,
      code: 'REFRESH_TOKEN_INVALID',
    })
    // A recent one is reuse: the whole session is revoked.
    expect(await rotateRefreshToken(store, tokens, spent.at(-1) ?? '')).toEqual({
      ok: false,
      code: 'REFRESH_TOKEN_REUSED',
    })
    expect((await rotateRefreshToken(store, tokens, pair.refresh_token)).ok).toBe(false)
  })

  it('know the used tokens of a restored state in the order they were used', async () => {
    const { store, advance } = storeAt(0)
    let pair = await startSession(store, tokens, account)
    const spent: string[] = []
    for (let refresh = 0; refresh < 3; refresh++) {
      spent.push(pair.refresh_token)
      const outcome = await rotateRefreshToken(store, tokens, pair.refresh_token)
      if (!outcome.ok) throw new Error(outcome.code)
      pair = outcome.pair
      advance(1000)
    }
    const restored = storeAt(0).store
    // A saved state lists its tokens in no particular order.
    restored.restore({
      ...store.snapshot(),
      refreshTokens: store.snapshot().refreshTokens.reverse(),
    })
    const [sessionId] = restored.sessions.keys()
    expect(restored.usedRefreshTokens.get(sessionId ?? '')).toEqual(spent.map(digestOf))
  })
})
