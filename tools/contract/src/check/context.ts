import type { Contract } from '@devenv/openapi'
import type { Credentials } from '@devenv/openapi/dev-protocol'
import type { Target } from '../http'
import { type LinkParams, type Mailbox, waitForLink } from '../mailbox'
import type { Finding } from '../report'

export type { Credentials } from '@devenv/openapi/dev-protocol'

export type RunContext = {
  contract: Contract
  target: Target
  runId: string
  /** Where the e-mailed activation and reset links are read; none: those steps are skipped. */
  mailbox: Mailbox | undefined
  /**
   * The target keeps a store per X-Stub-Session (GET /__dev/session): each flow's state and
   * rate-limit windows are its own. Otherwise every client shares them, other runs included.
   */
  stubSessions: boolean
  credentials: Credentials | undefined
  waitSeconds: number
  /** Tells the run something worth knowing that is not a failure. */
  finding: (finding: Finding) => void
}

/**
 * The newest e-mail to `to` whose link carries `parameter` (`activate`, `hash`), read from the
 * run's mailbox in the context's stub session, waiting for it to arrive; undefined when none came.
 */
export async function mailedLink(
  context: RunContext,
  to: string,
  parameter: string,
): Promise<LinkParams | undefined> {
  if (!context.mailbox) return undefined
  return waitForLink(context.mailbox, to, parameter, { session: context.target.session })
}
