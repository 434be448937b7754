/**
 * Cross-tab leadership: one tab, the leader, keeps the refresh schedule, so that the tabs' timers
 * do not all fire at the same moment. Every tab leads where Web Locks are missing.
 */

const LEADER_LOCK = 'devenv-session-leader'

export type LeadershipOptions = {
  /** Web Locks, where the browser has them. */
  locks(): LockManager | undefined
  /** The lock was granted (another tab let it go, or none had it). */
  onLead(): void
  /** Lets the lock go (the leadership ends with the page otherwise). */
  signal?: AbortSignal | undefined
}

export type Leadership = {
  /** Asks once to lead; granted when no other tab leads (or when that tab closes). */
  ask(): void
  isLeading(): boolean
}

export function createLeadership(options: LeadershipOptions): Leadership {
  let leading = false
  let asked = false
  return {
    isLeading: () => leading,
    ask() {
      if (asked) return
      asked = true
      const locks = options.locks()
      if (!locks) {
        leading = true
        return
      }
      // Held for the life of the page (or until the signal): the callback's promise settles then.
      void locks
        .request(
          LEADER_LOCK,
          () =>
            new Promise<void>((release) => {
              leading = true
              options.onLead()
              options.signal?.addEventListener('abort', () => release(), { once: true })
            }),
        )
        .catch(() => {})
    },
  }
}
