import type { TokenPair } from '@devenv/api-client'

/**
 * The refresh of the token pair, shared by the schedule, the API client's 401s and the browser's
 * tabs (SESSION-6): one refresh in flight in a tab, one at a time across tabs. The stub (and a
 * careful backend) revokes the whole session when a rotated refresh token is presented twice.
 */

const REFRESH_LOCK = 'devenv-token-refresh'
/**
 * How long a tab keeps the refresh lock after storing a new pair. Another tab's copy of the
 * storage is updated asynchronously (across processes): without this pause it could be granted
 * the lock, still read the old refresh token and present it again.
 */
const STORAGE_SETTLE_MS = 250

type Renewal = 'renewed' | 'adopted' | 'failed'

export type RefreshCoordinatorOptions = {
  /** The stored refresh token: any tab's latest. */
  readRefreshToken(): string | null
  storePair(pair: TokenPair): void
  /** `POST /auth/token/refresh`: the new pair, or a rejection. */
  exchange(refreshToken: string): Promise<TokenPair>
  /** Web Locks, where the browser has them (read at each refresh). */
  locks(): LockManager | undefined
  /** After a refresh that left this tab with fresh tokens (its own or another tab's). */
  onRenewed(): void
}

export type RefreshCoordinator = {
  /** Renews the pair; answers whether the session has fresh tokens now. */
  refresh(): Promise<boolean>
}

export function createRefreshCoordinator(options: RefreshCoordinatorOptions): RefreshCoordinator {
  let refreshing: Promise<boolean> | null = null

  /** Runs the renewal alone across tabs; the caller has its answer before the lock is let go. */
  const exclusively = (task: () => Promise<Renewal>): Promise<boolean> => {
    const locks = options.locks()
    if (!locks) return task().then((outcome) => outcome !== 'failed')
    return new Promise<boolean>((resolve, reject) => {
      locks
        .request(REFRESH_LOCK, async () => {
          const outcome = await task()
          resolve(outcome !== 'failed')
          if (outcome === 'renewed')
            await new Promise((done) => setTimeout(done, STORAGE_SETTLE_MS))
        })
        .catch(reject)
    })
  }

  const renew = async (presented: string | null): Promise<Renewal> => {
    const current = options.readRefreshToken()
    if (!current) return 'failed'
    // Another tab rotated the pair while this one waited for the lock: use its pair.
    if (current !== presented) return 'adopted'
    let pair: TokenPair
    try {
      pair = await options.exchange(current)
    } catch {
      return 'failed'
    }
    // Signed out while the call was on its way: the new pair must not sign the user back in.
    if (options.readRefreshToken() !== current) return 'failed'
    options.storePair(pair)
    return 'renewed'
  }

  return {
    refresh() {
      if (!refreshing) {
        const presented = options.readRefreshToken()
        refreshing = exclusively(() => renew(presented))
          .catch(() => false)
          .then((renewed) => {
            if (renewed) options.onRenewed()
            return renewed
          })
          .finally(() => {
            refreshing = null
          })
      }
      return refreshing
    },
  }
}
