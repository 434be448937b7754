import type { TokenPair } from '@devenv/api-client'
import { describe, expect, it, vi } from 'vitest'
import { createRefreshCoordinator } from './refresh-coordinator'

const pair = (refreshToken: string): TokenPair => ({
  accessToken: `A-${refreshToken}`,
  refreshToken,
  tokenValidSeconds: 900,
})

/** A coordinator over a storage of its own: each test makes one, nothing to reset. */
function coordinator(
  options: { locks?: LockManager; exchange?: (token: string) => Promise<TokenPair> } = {},
) {
  let stored: string | null = 'R0'
  const exchange = vi.fn(options.exchange ?? (async (token: string) => pair(`${token}+1`)))
  const onRenewed = vi.fn()
  const refresh = createRefreshCoordinator({
    readRefreshToken: () => stored,
    storePair: (next) => {
      stored = next.refreshToken
    },
    exchange,
    locks: () => options.locks,
    onRenewed,
  })
  return {
    refresh,
    exchange,
    onRenewed,
    stored: () => stored,
    store: (token: string | null) => {
      stored = token
    },
  }
}

describe('the refresh coordinator', () => {
  it('presents the refresh token once however many ask, and again for a later refresh', async () => {
    const { refresh, exchange, onRenewed, stored } = coordinator()
    expect(await Promise.all([refresh.refresh(), refresh.refresh()])).toEqual([true, true])
    expect(exchange.mock.calls).toEqual([['R0']])
    expect(stored()).toBe('R0+1')
    expect(await refresh.refresh()).toBe(true)
    expect(exchange.mock.calls).toEqual([['R0'], ['R0+1']])
    expect(onRenewed).toHaveBeenCalledTimes(2)
  })

  it('takes the pair another tab stored while this one waited for the lock', async () => {
    // Another tab holds the lock and rotates the pair before this tab is granted it.
    const locks = {
      request: async (_name: string, task: () => Promise<unknown>) => {
        tab.store('R-other-tab')
        return task()
      },
    } as unknown as LockManager
    const tab = coordinator({ locks })
    expect(await tab.refresh.refresh()).toBe(true)
    expect(tab.exchange).not.toHaveBeenCalled()
    expect(tab.onRenewed).toHaveBeenCalledTimes(1)
    expect(tab.stored()).toBe('R-other-tab')
  })

  it('a refused refresh, or none to present, is a failure and renews nothing', async () => {
    const refused = coordinator({ exchange: async () => Promise.reject(new Error('401')) })
    expect(await refused.refresh.refresh()).toBe(false)
    expect(refused.onRenewed).not.toHaveBeenCalled()
    expect(refused.stored()).toBe('R0')
    const signedOut = coordinator()
    signedOut.store(null)
    expect(await signedOut.refresh.refresh()).toBe(false)
    expect(signedOut.exchange).not.toHaveBeenCalled()
  })
})
