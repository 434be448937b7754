import type { Contract } from '@devenv/openapi'
import { type Credentials, createDevClient, type DevClient } from '@devenv/stub-api/dev-client'
import type { Target } from '../http'
import type { Finding } from '../report'

export type { Credentials } from '@devenv/stub-api/dev-client'

export type RunContext = {
  contract: Contract
  target: Target
  runId: string
  mailbox: boolean
  credentials: Credentials | undefined
  waitSeconds: number
  findings: Finding[]
}

/** The stub's development client for a target: its origin, the run's session, the run's timeout. */
export function devClientOf(target: Target): DevClient {
  return createDevClient({
    origin: target.origin,
    session: target.session,
    timeoutMs: target.timeoutMs,
  })
}

/** Reads captured e-mails (the link parameters of each, newest first) from the development mailbox. */
export async function readMailbox(
  target: Target,
  to: string,
): Promise<Array<Record<string, string>>> {
  try {
    return (await devClientOf(target).mailbox(to)).map((mail) => mail.linkParams)
  } catch {
    return []
  }
}
