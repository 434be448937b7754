import { loadContract } from '@devenv/openapi'
import { USER_ACCOUNT } from '@devenv/openapi/dev-protocol'
import { describe, expect, it } from 'vitest'
import type { Answer } from '../../http'
import {
  accessVerdict,
  initialModel,
  isLocked,
  issueLink,
  issuePair,
  linkVerdict,
  modelRulesOf,
  recordFailure,
  refreshTokenExpired,
  SECOND,
} from './model'
import { expectAnswer } from './sequence'

const START = Date.parse('2026-03-02T10:00:00Z')
const rules = modelRulesOf(loadContract())
const { resetLinkMs: RESET_LINK_MS, refreshTokenMs: REFRESH_TOKEN_MS } = rules
const LOCK_MS = rules.lock?.periodMs ?? 0
const FAILURES = rules.lock?.failures ?? 0
const model = () => initialModel(START, [{ ...USER_ACCOUNT }], rules)

describe('the model of the login lock', () => {
  it('locks after 5 failures until 15 minutes after the last one, without counting during the lock', () => {
    const state = model()
    for (let attempt = 0; attempt < FAILURES; attempt++) recordFailure(state, 'a@b.co')
    expect(isLocked(state, 'a@b.co')).toBe(true)
    state.now += LOCK_MS - SECOND
    recordFailure(state, 'a@b.co')
    state.now += SECOND
    expect(isLocked(state, 'a@b.co')).toBe(false)
  })

  it('forgets failures older than 15 minutes', () => {
    const state = model()
    for (let attempt = 0; attempt < FAILURES - 1; attempt++) recordFailure(state, 'a@b.co')
    state.now += LOCK_MS
    recordFailure(state, 'a@b.co')
    expect(state.locks.get('a@b.co')?.attempts).toBe(1)
  })
})

describe('the model of links and tokens', () => {
  it('judges a link used before voided before expired', () => {
    const state = model()
    const links = state.accounts.get('user@devenv.example')?.resets ?? []
    issueLink(state, links)
    issueLink(state, links)
    const [older, newer] = links
    if (!older || !newer) throw new Error('two links expected')
    expect(linkVerdict(state, older, RESET_LINK_MS)).toBe('superseded')
    expect(linkVerdict(state, newer, RESET_LINK_MS)).toBe('valid')
    state.now += RESET_LINK_MS
    expect(linkVerdict(state, newer, RESET_LINK_MS)).toBe('expired')
    newer.usedAt = state.now
    expect(linkVerdict(state, newer, RESET_LINK_MS)).toBe('used')
  })

  it('expires access tokens after 900 s and refresh tokens after their 7 days', () => {
    const state = model()
    const device = {
      email: 'user@devenv.example',
      accessIssuedAt: state.now,
      revoked: false,
      refreshTokens: [],
    }
    issuePair(state, device)
    state.now += 899 * SECOND
    expect(accessVerdict(state, device)).toBe('valid')
    state.now += SECOND
    expect(accessVerdict(state, device)).toBe('expired')
    const [first] = device.refreshTokens
    if (!first) throw new Error('a refresh token expected')
    state.now = START + REFRESH_TOKEN_MS - 1
    expect(refreshTokenExpired(state, first)).toBe(false)
    state.now += 1
    expect(refreshTokenExpired(state, first)).toBe(true)
  })
})

// A real server answered REFRESH_TOKEN_INVALID to a used refresh token presented after sign-out;
// the contract orders neither rule first, so either code is right there.
describe('what the model accepts of an answer', () => {
  const answer = (status: number, code: string): Answer => ({
    status,
    headers: {},
    text: JSON.stringify({ message: 'Token refresh failed', code }),
    json: { message: 'Token refresh failed', code },
    logged: [],
  })
  const both = ['REFRESH_TOKEN_REUSED', 'REFRESH_TOKEN_INVALID']

  it('takes any of the codes the contract leaves right, and no other', () => {
    expect(() =>
      expectAnswer('refresh', answer(401, 'REFRESH_TOKEN_INVALID'), 401, both),
    ).not.toThrow()
    expect(() =>
      expectAnswer('refresh', answer(401, 'REFRESH_TOKEN_REUSED'), 401, both),
    ).not.toThrow()
    expect(() => expectAnswer('refresh', answer(401, 'TOKEN_INVALID'), 401, both)).toThrow(
      /the model expects 401 REFRESH_TOKEN_REUSED or REFRESH_TOKEN_INVALID, the server answered 401/,
    )
    expect(() =>
      expectAnswer('refresh', answer(401, 'REFRESH_TOKEN_INVALID'), 401, 'REFRESH_TOKEN_REUSED'),
    ).toThrow()
  })
})
