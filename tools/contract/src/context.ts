import { type Contract, isJsonObject } from '@devenv/openapi'
import { send, type Target } from './http'
import type { Finding } from './report'

export type Credentials = { email: string; password: string }

export type RunContext = {
  contract: Contract
  target: Target
  runId: string
  mailbox: boolean
  credentials: Credentials | undefined
  waitSeconds: number
  findings: Finding[]
}

/** Reads captured e-mails: GET /__dev/mailbox?to= answers `{ items: [{ linkParams }] }` on the stub. */
export async function readMailbox(
  target: Target,
  to: string,
): Promise<Array<Record<string, string>>> {
  const answer = await send(target, {
    method: 'GET',
    path: `/__dev/mailbox?to=${encodeURIComponent(to)}`,
    dev: true,
  })
  if (answer.status !== 200 || !isJsonObject(answer.json) || !Array.isArray(answer.json.items))
    return []
  return answer.json.items.filter(isJsonObject).map((item) => {
    const params = isJsonObject(item.linkParams) ? item.linkParams : {}
    return Object.fromEntries(
      Object.entries(params).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    )
  })
}
